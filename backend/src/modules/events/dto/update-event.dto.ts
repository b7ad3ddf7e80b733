import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { EventStatus, UpdateEventRequest } from '@memory-wall/contracts';
import { WallSettingsFields } from './event-fields';

/** PATCH /api/events/:id: form fields, wall settings, or { status } to publish or complete. */
export class UpdateEventDto extends WallSettingsFields implements UpdateEventRequest {
  @ApiPropertyOptional({ enum: [EventStatus.Live, EventStatus.Completed] })
  @IsOptional()
  @IsIn([EventStatus.Live, EventStatus.Completed], { message: 'Status can only become live or completed' })
  status?: typeof EventStatus.Live | typeof EventStatus.Completed;
}
