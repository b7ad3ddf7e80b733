import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayUnique,
  IsArray,
  IsEmail,
  IsIn,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  MinLength,
  ValidateNested,
} from 'class-validator';
import {
  AuthMessages,
  COMPANY_NAME_MAX_LENGTH,
  EventMessages,
  Language,
  LANGUAGES,
  normalizeUsername,
  SELF_REGISTER_ROLES,
  SERVICE_TYPES,
  USERNAME_ALLOWED,
  USERNAME_MIN_LENGTH,
  RegisterRequest,
  SelfRegisterRole,
  UserProfile,
} from '@memory-wall/contracts';
import { trim, trimLower } from '../../../common/transforms';

export class ProfileDataDto implements UserProfile {
  @ApiPropertyOptional()
  @Transform(trim)
  @IsOptional()
  @IsString()
  @MaxLength(100)
  fullName?: string;

  @ApiPropertyOptional({ description: 'Required for a service provider', maxLength: COMPANY_NAME_MAX_LENGTH })
  @Transform(trim)
  @IsOptional()
  @IsString({ message: AuthMessages.companyNameRequired })
  @MaxLength(COMPANY_NAME_MAX_LENGTH)
  companyName?: string;

  @ApiPropertyOptional()
  @Transform(trim)
  @IsOptional()
  @IsString()
  @MaxLength(40)
  contactNumber?: string;

  @ApiPropertyOptional()
  @Transform(trim)
  @IsOptional()
  @IsString()
  @MaxLength(40)
  phoneNumber?: string;

  @ApiPropertyOptional()
  @Transform(trim)
  @IsOptional()
  @IsString()
  @MaxLength(100)
  customerName?: string;

  @ApiPropertyOptional({
    type: [String],
    enum: SERVICE_TYPES,
    description: 'What a service provider serves; at least one is required for a service provider',
  })
  @IsOptional()
  @IsArray({ message: AuthMessages.serviceTypesRequired })
  @ArrayUnique({ message: AuthMessages.serviceTypeInvalid })
  @IsIn(SERVICE_TYPES, { each: true, message: AuthMessages.serviceTypeInvalid })
  serviceTypes?: string[];
}

/** Spec §5 Register. The password rule depends on the role, so the service checks it. */
export class RegisterDto implements RegisterRequest {
  @ApiProperty({ example: 'pat_planner' })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? normalizeUsername(value) : value))
  @IsString({ message: AuthMessages.usernameTooShort })
  @Matches(USERNAME_ALLOWED, { message: AuthMessages.usernameCharacters })
  @MinLength(USERNAME_MIN_LENGTH, { message: AuthMessages.usernameTooShort })
  @MaxLength(64)
  username: string;

  @ApiProperty({ example: 'pat@example.com' })
  @Transform(trimLower)
  @IsEmail({}, { message: AuthMessages.emailInvalid })
  @MaxLength(254)
  email: string;

  @ApiProperty()
  @IsString({ message: AuthMessages.passwordRequired })
  @MaxLength(256)
  password: string;

  @ApiProperty()
  @IsString({ message: AuthMessages.passwordsDoNotMatch })
  @MaxLength(256)
  passwordConfirm: string;

  @ApiPropertyOptional({ enum: SELF_REGISTER_ROLES, default: 'guest' })
  @IsOptional()
  @IsIn(SELF_REGISTER_ROLES, { message: AuthMessages.roleNotAllowed })
  role?: SelfRegisterRole;

  @ApiPropertyOptional({ type: ProfileDataDto })
  @IsOptional()
  @ValidateNested()
  @Type(() => ProfileDataDto)
  profileData?: ProfileDataDto;

  @ApiPropertyOptional({ enum: LANGUAGES })
  @IsOptional()
  @IsIn(LANGUAGES, { message: EventMessages.languageInvalid })
  language?: Language;
}
