import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Role } from '@memory-wall/contracts';
import { Roles } from '../../common/auth/auth.decorators';
import { UuidParam } from '../../common/uuid-param.pipe';
import { ResetProviderPasswordDto } from '../users/dto/reset-password.dto';
import { UsersService } from '../users/users.service';
import { ProviderOverviewService } from './provider-overview.service';
import { Answers } from '../../openapi/responses';

@ApiTags('admin')
@Controller('admin')
@Roles(Role.Owner)
export class AdminController {
  constructor(
    private readonly users: UsersService,
    private readonly providers: ProviderOverviewService,
  ) {}

  @Get('service-providers')
  @ApiOperation({ summary: 'Every service provider with its account, credits and event and contribution counts' })
  @Answers(200, 'ServiceProvidersResponse')
  async list() {
    return { serviceProviders: await this.providers.list() };
  }

  @Get('service-providers/:id')
  @ApiOperation({ summary: 'One service provider, as in the list' })
  @Answers(200, 'ServiceProviderResponse')
  async get(@Param('id', UuidParam('service provider id')) id: string) {
    return { serviceProvider: await this.providers.get(id) };
  }

  @Get('service-providers/:id/events')
  @ApiOperation({ summary: "A service provider's events, newest first, with contribution counts" })
  @Answers(200, 'ServiceProviderEventsResponse')
  async events(@Param('id', UuidParam('service provider id')) id: string) {
    return { events: await this.providers.events(id) };
  }

  @Post('service-providers/:id/reset-password')
  @HttpCode(200)
  @ApiOperation({ summary: "The owner resets a service provider's password; ends its sessions" })
  @Answers(200, 'SuccessResponse')
  async resetProviderPassword(
    @Param('id', UuidParam('service provider id')) id: string,
    @Body() dto: ResetProviderPasswordDto,
  ) {
    await this.users.resetProviderPassword(id, dto.newPassword);
    return { success: true };
  }
}
