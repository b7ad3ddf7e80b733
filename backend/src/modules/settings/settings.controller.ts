import { Controller, Get, Inject } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ModerationCapabilities, Role } from '@memory-wall/contracts';
import { AppConfig } from '@memory-wall/core';
import { Public, Roles } from '../../common/auth/auth.decorators';
import { SettingsService } from './settings.service';
import { Answers } from '../../openapi/responses';

@ApiTags('settings')
@Controller('settings')
export class SettingsController {
  constructor(
    private readonly settings: SettingsService,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  @Public()
  @Get()
  @ApiOperation({ summary: 'Global display settings: theme, displayOrder, itemsVisible, autoRefresh' })
  @Answers(200, 'SettingsResponse')
  async get() {
    return { settings: await this.settings.getGlobal() };
  }

  @Roles(Role.Owner, Role.ServiceProvider, Role.Customer)
  @Get('moderation')
  @ApiOperation({ summary: 'What moderation this server can do (AI moderation needs an OpenAI key)' })
  @Answers(200, 'ModerationCapabilities')
  moderation(): ModerationCapabilities {
    return { aiModeration: this.config.OPENAI_API_KEY !== '' };
  }
}
