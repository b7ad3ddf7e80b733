import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Role } from '@memory-wall/contracts';
import { Roles } from '../../common/auth/auth.decorators';
import { UuidParam } from '../../common/uuid-param.pipe';
import { ResetProviderPasswordDto } from '../users/dto/reset-password.dto';
import { UsersService } from '../users/users.service';

@ApiTags('admin')
@Controller('admin')
@Roles(Role.Owner)
export class AdminController {
  constructor(private readonly users: UsersService) {}

  @Post('service-providers/:id/reset-password')
  @HttpCode(200)
  @ApiOperation({ summary: "The owner resets a service provider's password; ends its sessions" })
  async resetProviderPassword(@Param('id', UuidParam('service provider id')) id: string, @Body() dto: ResetProviderPasswordDto) {
    await this.users.resetProviderPassword(id, dto.newPassword);
    return { success: true };
  }
}
