import { Body, Controller, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Role } from '@memory-wall/contracts';
import { Roles } from '../../common/auth/auth.decorators';
import { UuidParam } from '../../common/uuid-param.pipe';
import { ResetProviderPasswordDto } from '../users/dto/reset-password.dto';
import { UsersService } from '../users/users.service';
import { ProviderOverviewService } from './provider-overview.service';
import { Answers, Refuses } from '../../openapi/responses';
import { AdminEventsService } from './admin-events.service';
import { ListAdminEventsQuery, ListProvidersQuery } from './dto/admin-list.query';
import { ProviderRetentionDto } from './dto/provider-retention.dto';
import { ProviderVerificationDto } from './dto/provider-verification.dto';

@ApiTags('admin')
@Controller('admin')
@Roles(Role.Owner)
export class AdminController {
  constructor(
    private readonly users: UsersService,
    private readonly providers: ProviderOverviewService,
    private readonly allEvents: AdminEventsService,
  ) {}

  @Get('service-providers')
  @ApiOperation({
    summary: 'A page of service providers with account, credits and event and contribution counts (search, sort)',
  })
  @Answers(200, 'ServiceProvidersResponse')
  list(@Query() query: ListProvidersQuery) {
    return this.providers.list(query);
  }

  @Patch('service-providers/:id/verification')
  @ApiOperation({ summary: 'The owner marks a service provider verified, or not' })
  @Answers(200, 'ProviderVerificationResponse')
  @Refuses(404)
  async setVerified(@Param('id', UuidParam('service provider id')) id: string, @Body() dto: ProviderVerificationDto) {
    return { success: true, serviceProvider: await this.providers.setVerified(id, dto.verified) };
  }

  @Patch('service-providers/:id/retention')
  @ApiOperation({
    summary:
      "The owner sets how many days a service provider's events keep their media after completion (null: the default)",
  })
  @Answers(200, 'ProviderRetentionResponse')
  @Refuses(404)
  async setRetention(@Param('id', UuidParam('service provider id')) id: string, @Body() dto: ProviderRetentionDto) {
    return { success: true, serviceProvider: await this.providers.setRetention(id, dto.retentionDays) };
  }

  @Get('events')
  @ApiOperation({ summary: "A page of every provider's events with provider names and contribution counts" })
  @Answers(200, 'AdminEventsResponse')
  events(@Query() query: ListAdminEventsQuery) {
    return this.allEvents.list(query);
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
  async providerEvents(@Param('id', UuidParam('service provider id')) id: string) {
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
