import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsInt, IsObject, IsOptional, Max, Min } from 'class-validator';
import {
  MAX_SCREEN_DELAY_SECONDS,
  type ScreenControlsChange,
  type ScreenLayout,
  ScreenMessages,
} from '@memory-wall/contracts';

/** PATCH /api/events/:id/screens: each field given replaces the stored one (layouts checked by ScreenControlsService). */
export class ScreenControlsDto implements ScreenControlsChange {
  @ApiPropertyOptional({ description: 'Hold the screens: what they show stays, nothing new appears' })
  @IsOptional()
  @IsBoolean({ message: 'held must be true or false' })
  held?: boolean;

  @ApiPropertyOptional({ description: 'Reveal mode: a "coming soon" card until false' })
  @IsOptional()
  @IsBoolean({ message: 'comingSoon must be true or false' })
  comingSoon?: boolean;

  @ApiPropertyOptional({ minimum: 0, maximum: MAX_SCREEN_DELAY_SECONDS })
  @IsOptional()
  @IsInt({ message: ScreenMessages.delayInvalid })
  @Min(0, { message: ScreenMessages.delayInvalid })
  @Max(MAX_SCREEN_DELAY_SECONDS, { message: ScreenMessages.delayInvalid })
  delaySeconds?: number;

  @ApiPropertyOptional({ description: 'Named screens: name → { columns, speed, featuredOnly, photosOnly }' })
  @IsOptional()
  @IsObject({ message: ScreenMessages.layoutInvalid })
  layouts?: Record<string, ScreenLayout>;
}
