import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { DisplayOrder, GlobalSettings, WallTheme } from '@memory-wall/contracts';
import { Setting } from '@memory-wall/core';

/** Spec §3 settings and §9 defaults: wedding theme, newest first, 3 visible items, refresh every 30 s. */
export const DEFAULT_SETTINGS: GlobalSettings = {
  theme: WallTheme.Wedding,
  displayOrder: DisplayOrder.Newest,
  itemsVisible: '3',
  autoRefresh: '30',
};

@Injectable()
export class SettingsService {
  constructor(@InjectRepository(Setting) private readonly settings: Repository<Setting>) {}

  async getGlobal(): Promise<GlobalSettings> {
    const rows = await this.settings.find();
    const stored = Object.fromEntries(rows.filter((r) => r.name in DEFAULT_SETTINGS).map((r) => [r.name, r.value]));
    return { ...DEFAULT_SETTINGS, ...stored };
  }
}
