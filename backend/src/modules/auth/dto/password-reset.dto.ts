import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { AuthMessages, LANGUAGES, PasswordResetBody, PasswordResetRequest } from '@memory-wall/contracts';

export class PasswordResetRequestDto implements PasswordResetRequest {
  @ApiProperty({ example: 'planner@example.com' })
  @IsString({ message: AuthMessages.emailOrUsernameRequired })
  @IsNotEmpty({ message: AuthMessages.emailOrUsernameRequired })
  @MaxLength(254)
  emailOrUsername: string;

  @ApiPropertyOptional({ enum: LANGUAGES })
  @IsOptional()
  @IsIn(LANGUAGES)
  language?: string;
}

export class PasswordResetDto implements PasswordResetBody {
  @ApiProperty()
  @IsString({ message: AuthMessages.resetLinkInvalid })
  @IsNotEmpty({ message: AuthMessages.resetLinkInvalid })
  @MaxLength(128, { message: AuthMessages.resetLinkInvalid })
  token: string;

  @ApiProperty()
  @IsString({ message: AuthMessages.passwordRequired })
  @MaxLength(256)
  password: string;

  @ApiProperty()
  @IsString({ message: AuthMessages.ownPasswordMismatch })
  @MaxLength(256)
  passwordConfirm: string;
}
