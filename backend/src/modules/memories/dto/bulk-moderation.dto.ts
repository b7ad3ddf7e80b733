import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayNotEmpty, IsArray, IsIn, IsUUID } from 'class-validator';
import {
  BULK_MODERATION_ACTIONS,
  BulkModerationAction,
  BulkModerationMessages,
  type BulkModerationRequest,
  MAX_BULK_MEMORIES,
} from '@memory-wall/contracts';

/** POST /api/events/:eventId/memories/bulk: one decision on a selection of the event's memories. */
export class BulkModerationDto implements BulkModerationRequest {
  @ApiProperty({ enum: BULK_MODERATION_ACTIONS, description: 'As the single action of the same name' })
  @IsIn(BULK_MODERATION_ACTIONS, { message: BulkModerationMessages.actionInvalid })
  action: BulkModerationAction;

  @ApiProperty({ type: [String], format: 'uuid', minItems: 1, maxItems: MAX_BULK_MEMORIES })
  @IsArray({ message: BulkModerationMessages.idsInvalid })
  @ArrayNotEmpty({ message: BulkModerationMessages.idsInvalid })
  @ArrayMaxSize(MAX_BULK_MEMORIES, { message: BulkModerationMessages.idsInvalid })
  @IsUUID('all', { each: true, message: BulkModerationMessages.idsInvalid })
  memoryIds: string[];
}
