import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  IsBoolean,
  IsDateString,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  Min,
  Max,
  MinLength,
  ValidateIf,
} from 'class-validator';
import {
  ANIMATION_STYLES,
  AnimationStyle,
  DISPLAY_ORDERS,
  DisplayOrder,
  EVENT_TYPES,
  EventMessages,
  EventType,
  LANGUAGES,
  Language,
  MODERATION_TYPES,
  ModerationType,
  normalizeImagesDisplay,
  EventDetailsRequest,
  VIDEO_MAX_SECONDS,
  VIDEO_MIN_SECONDS,
  WallSettingsRequest,
} from '@memory-wall/contracts';
import { trim } from '../../../common/transforms';

const VIDEO_LENGTH_MESSAGE = `Video clips may be between ${VIDEO_MIN_SECONDS} and ${VIDEO_MAX_SECONDS} seconds long`;

const emptyToNull = ({ value }: { value: unknown }) => (value === '' ? null : value);

/** The event details of spec §2's form, all optional: create requires name and eventType on top. */
export class EventDetailsFields implements EventDetailsRequest {
  @ApiPropertyOptional({ minLength: 3 })
  @Transform(trim)
  @IsOptional()
  @IsString({ message: EventMessages.nameTooShort })
  @MinLength(3, { message: EventMessages.nameTooShort })
  @MaxLength(200)
  name?: string;

  @ApiPropertyOptional({ enum: EVENT_TYPES })
  @IsOptional()
  @IsIn(EVENT_TYPES, { message: EventMessages.eventTypeInvalid })
  eventType?: EventType;

  @ApiPropertyOptional({ type: String, format: 'date', nullable: true, example: '2027-06-12' })
  @Transform(emptyToNull)
  @IsOptional()
  @IsDateString({}, { message: 'The event date must be a date' })
  eventDate?: string | null;

  @ApiPropertyOptional({ type: String, format: 'date', nullable: true })
  @Transform(emptyToNull)
  @IsOptional()
  @IsDateString({}, { message: 'The end date must be a date' })
  eventEndDate?: string | null;

  @ApiPropertyOptional({ enum: LANGUAGES })
  @IsOptional()
  @IsIn(LANGUAGES, { message: EventMessages.languageInvalid })
  defaultLanguage?: Language;

  @ApiPropertyOptional({ type: String, nullable: true, minLength: 4, maxLength: 10 })
  @Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' ? value.trim().toUpperCase() || null : value,
  )
  @IsOptional()
  @ValidateIf((_, v) => v !== null)
  @Matches(/^[A-Z0-9]{4,10}$/, { message: EventMessages.eventCodeInvalid })
  eventCode?: string | null;
}

/** Wall settings (spec §2 Wall settings), which a customer may change with canEditTheme. */
export class WallSettingsFields extends EventDetailsFields implements WallSettingsRequest {
  @ApiPropertyOptional({ type: String, nullable: true })
  @Transform(trim)
  @IsOptional()
  @ValidateIf((_, v) => v !== null)
  @IsString()
  @MaxLength(200)
  wallTitle?: string | null;

  /** Which addresses are accepted is decided with the event at hand: assertWallImage (event-field-rules.ts). */
  @ApiPropertyOptional({
    type: String,
    nullable: true,
    description: "An image uploaded for this event (POST /api/upload/featured-image/{id}'s imageUrl), or null",
  })
  @Transform(emptyToNull)
  @IsOptional()
  @ValidateIf((_, v) => v !== null)
  @IsString({ message: EventMessages.wallImageNotUploaded })
  @MaxLength(2048, { message: EventMessages.wallImageNotUploaded })
  wallImage?: string | null;

  @ApiPropertyOptional({ enum: MODERATION_TYPES })
  @IsOptional()
  @IsIn(MODERATION_TYPES, { message: 'Moderation type must be auto_approve, ai_moderation or manual_moderation' })
  moderationType?: ModerationType;

  @ApiPropertyOptional({ enum: [2, 3, 4], description: 'A stored 6 maps to 4, any other value to 3' })
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => normalizeImagesDisplay(value))
  numberOfImagesDisplay?: number;

  @ApiPropertyOptional({ example: 20, description: 'Seconds per rotation' })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' && value !== '' ? Number(value) : value))
  @IsOptional()
  @IsInt({ message: 'Transition time must be a whole number of seconds' })
  @Min(5, { message: 'Transition time must be between 5 and 300 seconds' })
  @Max(300, { message: 'Transition time must be between 5 and 300 seconds' })
  transitionTime?: number;

  @ApiPropertyOptional({ example: '#D6E6F6' })
  @IsOptional()
  @Matches(/^(default|#[0-9A-Fa-f]{6})$/, { message: 'Background colour must be a colour like #D6E6F6' })
  colorTheme?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean({ message: 'Background music must be on or off' })
  enableMusic?: boolean;

  @ApiPropertyOptional({ description: 'Whether guests may post video clips (new memorials: off; others: on)' })
  @IsOptional()
  @IsBoolean({ message: 'Video clips must be on or off' })
  allowVideo?: boolean;

  @ApiPropertyOptional({ example: VIDEO_MAX_SECONDS, description: 'The longest clip a guest may post, in seconds' })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' && value !== '' ? Number(value) : value))
  @IsOptional()
  @IsInt({ message: VIDEO_LENGTH_MESSAGE })
  @Min(VIDEO_MIN_SECONDS, { message: VIDEO_LENGTH_MESSAGE })
  @Max(VIDEO_MAX_SECONDS, { message: VIDEO_LENGTH_MESSAGE })
  maxVideoSeconds?: number;

  @ApiPropertyOptional({ description: 'Whether guests may leave voice messages (on unless turned off)' })
  @IsOptional()
  @IsBoolean({ message: 'Voice messages must be on or off' })
  allowVoice?: boolean;

  @ApiPropertyOptional({ description: 'Whether the screens play voice messages aloud (off unless turned on)' })
  @IsOptional()
  @IsBoolean({ message: 'Sound on screens must be on or off' })
  voiceOnScreens?: boolean;

  @ApiPropertyOptional({ enum: ANIMATION_STYLES })
  @IsOptional()
  @IsIn(ANIMATION_STYLES, { message: 'Animation style must be horizontal, vertical or random' })
  animationStyle?: AnimationStyle;

  @ApiPropertyOptional({ enum: DISPLAY_ORDERS })
  @IsOptional()
  @IsIn(DISPLAY_ORDERS, { message: 'Display order must be newest, oldest or random' })
  displayOrder?: DisplayOrder;
}

/** Which fields need which event-admin permission when a customer changes them. */
export const DETAIL_FIELDS = [
  'name',
  'eventType',
  'eventDate',
  'eventEndDate',
  'defaultLanguage',
  'eventCode',
] as const;
export const THEME_FIELDS = [
  'wallTitle',
  'wallImage',
  'moderationType',
  'numberOfImagesDisplay',
  'transitionTime',
  'colorTheme',
  'enableMusic',
  'allowVideo',
  'maxVideoSeconds',
  'allowVoice',
  'voiceOnScreens',
  'animationStyle',
  'displayOrder',
] as const;
