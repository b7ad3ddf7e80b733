import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from '../../common/auth/auth.decorators';
import { SettingsService } from './settings.service';
import { Answers } from '../../openapi/responses';

@ApiTags('settings')
@Controller('settings')
export class SettingsController {
  constructor(private readonly settings: SettingsService) {}

  @Public()
  @Get()
  @ApiOperation({ summary: 'Global display settings: theme, displayOrder, itemsVisible, autoRefresh' })
  @Answers(200, 'SettingsResponse')
  async get() {
    return { settings: await this.settings.getGlobal() };
  }
}
