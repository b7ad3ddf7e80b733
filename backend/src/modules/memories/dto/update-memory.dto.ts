import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsOptional } from 'class-validator';

/** PATCH /api/memories/:id: moderation flags only (spec §7). */
export class UpdateMemoryDto {
  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean({ message: 'approved must be true or false' })
  approved?: boolean;

  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean({ message: 'flagged must be true or false' })
  flagged?: boolean;
}
