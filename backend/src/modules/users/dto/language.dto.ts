import { ApiProperty } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import { EventMessages, Language, LANGUAGES, LanguageRequest } from '@memory-wall/contracts';

export class LanguageDto implements LanguageRequest {
  @ApiProperty({ enum: LANGUAGES })
  @IsIn(LANGUAGES, { message: EventMessages.languageInvalid })
  language: Language;
}
