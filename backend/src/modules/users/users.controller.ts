import { Body, Controller, HttpCode, Param, Patch, Put } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Role } from '@memory-wall/contracts';
import { CurrentSession, Roles } from '../../common/auth/auth.decorators';
import { AuthorizeFirst } from '../../common/auth/authorize-first';
import { UuidParam } from '../../common/uuid-param.pipe';
import type { Session } from '../auth/session.store';
import { LanguageDto } from './dto/language.dto';
import { ResetCustomerPasswordDto } from './dto/reset-password.dto';
import { UpdateProfileDto } from './dto/update-profile.dto';
import { UsersService } from './users.service';
import { Answers, Refuses } from '../../openapi/responses';

@ApiTags('users')
@Controller('users')
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @Put('me/language')
  @HttpCode(200)
  @ApiOperation({ summary: "Keep the language one chose in the top bar as one's own: one's mail is written in it" })
  @Answers(200, 'SuccessResponse')
  async setLanguage(@CurrentSession() session: Session, @Body() dto: LanguageDto) {
    await this.users.setLanguage(session, dto.language);
    return { success: true };
  }

  @Patch(':id/profile')
  @AuthorizeFirst(UsersService, 'id', (users, session, id) => users.editableProfile(session, id))
  @ApiOperation({ summary: "Update one's own profile (the owner may update anyone's)" })
  @Answers(200, 'ProfileResponse')
  @Refuses(409)
  async updateProfile(
    @CurrentSession() session: Session,
    @Param('id', UuidParam('user id')) id: string,
    @Body() dto: UpdateProfileDto,
  ) {
    return { success: true, user: await this.users.updateProfile(session, id, dto) };
  }

  @Patch(':customerId/reset-password')
  @Roles(Role.ServiceProvider, Role.Owner)
  @AuthorizeFirst(UsersService, 'customerId', (users, session, id) => users.managedCustomer(session, id))
  @ApiOperation({ summary: "A provider resets the 6-digit PIN of one of its events' customers" })
  @Answers(200, 'SuccessResponse')
  async resetCustomerPassword(
    @CurrentSession() session: Session,
    @Param('customerId', UuidParam('customer id')) customerId: string,
    @Body() dto: ResetCustomerPasswordDto,
  ) {
    await this.users.resetCustomerPassword(session, customerId, dto.password);
    return { success: true };
  }
}
