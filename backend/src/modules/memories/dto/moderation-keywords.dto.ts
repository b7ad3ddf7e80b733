import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsString, MaxLength } from 'class-validator';
import {
  KeywordMessages,
  MAX_KEYWORD_LENGTH,
  MAX_MODERATION_KEYWORDS,
  type ModerationKeywordsRequest,
} from '@memory-wall/contracts';

/** PUT /api/events/:eventId/keywords: the event's whole keyword list. */
export class ModerationKeywordsDto implements ModerationKeywordsRequest {
  @ApiProperty({
    type: [String],
    maxItems: MAX_MODERATION_KEYWORDS,
    description: `Words or phrases of at most ${MAX_KEYWORD_LENGTH} characters; an empty list holds nothing`,
  })
  @IsArray({ message: KeywordMessages.notAList })
  @ArrayMaxSize(MAX_MODERATION_KEYWORDS, { message: KeywordMessages.tooMany })
  @IsString({ each: true, message: KeywordMessages.notAList })
  @MaxLength(MAX_KEYWORD_LENGTH, { each: true, message: KeywordMessages.wordInvalid })
  keywords: string[];
}
