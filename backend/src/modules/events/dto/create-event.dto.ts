import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, IsUUID, MinLength } from 'class-validator';
import { EVENT_TYPES, EventMessages, EventType, ModerationType } from '@memory-wall/contracts';
import { WallSettingsFields } from './event-fields';

const FORM_MODERATION_TYPES = [ModerationType.AiModeration, ModerationType.ManualModeration];

/** POST /api/events: the form's fields, plus the customer's login when given (which publishes at once). */
export class CreateEventDto extends WallSettingsFields {
  @ApiProperty({ minLength: 3 })
  @IsString({ message: EventMessages.nameTooShort })
  @MinLength(3, { message: EventMessages.nameTooShort })
  declare name: string;

  @ApiProperty({ enum: EVENT_TYPES })
  @IsIn(EVENT_TYPES, { message: EventMessages.eventTypeInvalid })
  declare eventType: EventType;

  @ApiPropertyOptional({ enum: FORM_MODERATION_TYPES, default: ModerationType.AiModeration })
  @IsOptional()
  @IsIn(FORM_MODERATION_TYPES, { message: EventMessages.moderationTypeInvalid })
  declare moderationType?: ModerationType;

  @ApiPropertyOptional({ description: 'Owner only: the provider the event belongs to' })
  @IsOptional()
  @IsUUID('4', { message: 'serviceProviderId must be an id' })
  serviceProviderId?: string;

  @ApiPropertyOptional() @IsOptional() @IsString() customerName?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() customerEmail?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() customerUsername?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() customerPassword?: string;
}
