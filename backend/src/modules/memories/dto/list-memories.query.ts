import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { DISPLAY_ORDERS, DisplayOrder } from '@memory-wall/contracts';

export class ListMemoriesQuery {
  @ApiPropertyOptional({ enum: DISPLAY_ORDERS, default: 'newest' })
  @IsOptional()
  @IsIn(DISPLAY_ORDERS, { message: `order must be one of ${DISPLAY_ORDERS.join(', ')}` })
  order?: DisplayOrder;

  @ApiPropertyOptional({ enum: ['true', 'false'], description: 'Public callers always get approved memories only' })
  @IsOptional()
  @IsIn(['true', 'false'], { message: 'approved must be true or false' })
  approved?: 'true' | 'false';

  @ApiPropertyOptional({ enum: ['true', 'false'] })
  @IsOptional()
  @IsIn(['true', 'false'], { message: 'flagged must be true or false' })
  flagged?: 'true' | 'false';
}
