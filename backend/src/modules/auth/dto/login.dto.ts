import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { AuthMessages, EventMessages, Language, LANGUAGES, LoginRequest } from '@memory-wall/contracts';

export class LoginDto implements LoginRequest {
  @ApiProperty({ example: 'planner' })
  @IsString({ message: AuthMessages.emailOrUsernameRequired })
  @IsNotEmpty({ message: AuthMessages.emailOrUsernameRequired })
  @MaxLength(254)
  emailOrUsername: string;

  @ApiProperty({ example: 'plannerpass1' })
  @IsString({ message: AuthMessages.passwordRequired })
  @IsNotEmpty({ message: AuthMessages.passwordRequired })
  @MaxLength(256)
  password: string;

  @ApiPropertyOptional({ enum: LANGUAGES })
  @IsOptional()
  @IsIn(LANGUAGES, { message: EventMessages.languageInvalid })
  language?: Language;
}
