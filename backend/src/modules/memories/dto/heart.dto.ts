import { ApiProperty } from '@nestjs/swagger';
import { IsUUID } from 'class-validator';
import { HeartMessages, type HeartRequest } from '@memory-wall/contracts';

/** POST /api/events/:eventId/memories/:memoryId/hearts */
export class HeartDto implements HeartRequest {
  @ApiProperty({ format: 'uuid', description: "The guest's device: it hearts a memory once" })
  @IsUUID('all', { message: HeartMessages.deviceIdInvalid })
  deviceId: string;
}
