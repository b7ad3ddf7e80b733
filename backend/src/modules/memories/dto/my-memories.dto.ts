import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsUUID } from 'class-validator';
import { MemoryMessages, MY_MEMORIES_MAX, type MyMemoriesRequest } from '@memory-wall/contracts';

/** POST /api/events/:eventId/my-memories: the submission ids a guest's device sent to the event. */
export class MyMemoriesDto implements MyMemoriesRequest {
  @ApiProperty({ type: [String], format: 'uuid', maxItems: MY_MEMORIES_MAX })
  @IsArray({ message: MemoryMessages.myMemoriesInvalid })
  @ArrayMaxSize(MY_MEMORIES_MAX, { message: MemoryMessages.myMemoriesInvalid })
  @IsUUID('all', { each: true, message: MemoryMessages.myMemoriesInvalid })
  submissionIds: string[];
}
