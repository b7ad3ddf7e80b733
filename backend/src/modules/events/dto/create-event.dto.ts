import { ApiProperty, ApiPropertyOptional, OmitType } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsOptional, IsString, IsUUID, MaxLength, MinLength } from 'class-validator';
import { EVENT_TYPES, EventMessages, EventType, ModerationType, CreateEventRequest } from '@memory-wall/contracts';
import { WallSettingsFields } from './event-fields';

const FORM_MODERATION_TYPES = [ModerationType.AiModeration, ModerationType.ManualModeration];

/**
 * POST /api/events: the form's fields, plus the customer's login when given (which publishes at once).
 * Name and type are required here, so they are redeclared rather than inherited as optional.
 */
export class CreateEventDto
  extends OmitType(WallSettingsFields, ['name', 'eventType', 'moderationType'] as const)
  implements CreateEventRequest
{
  @ApiProperty({ minLength: 3 })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @IsString({ message: EventMessages.nameTooShort })
  @MinLength(3, { message: EventMessages.nameTooShort })
  @MaxLength(200)
  name: string;

  @ApiProperty({ enum: EVENT_TYPES })
  @IsIn(EVENT_TYPES, { message: EventMessages.eventTypeInvalid })
  eventType: EventType;

  @ApiPropertyOptional({ enum: FORM_MODERATION_TYPES, default: ModerationType.AiModeration })
  @IsOptional()
  @IsIn(FORM_MODERATION_TYPES, { message: EventMessages.moderationTypeInvalid })
  moderationType?: ModerationType;

  @ApiPropertyOptional({ description: 'Owner only: the provider the event belongs to' })
  @IsOptional()
  @IsUUID('4', { message: 'serviceProviderId must be an id' })
  serviceProviderId?: string;

  @ApiPropertyOptional() @IsOptional() @IsString() customerName?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() customerEmail?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() customerUsername?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() customerPassword?: string;
}
