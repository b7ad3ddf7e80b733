import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsOptional } from 'class-validator';
import type { UpdateMemoryRequest } from '@memory-wall/contracts';

/** PATCH /api/memories/:id: moderation flags only (spec §7). */
export class UpdateMemoryDto implements UpdateMemoryRequest {
  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean({ message: 'approved must be true or false' })
  approved?: boolean;

  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean({ message: 'flagged must be true or false' })
  flagged?: boolean;
}
