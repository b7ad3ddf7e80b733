import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsEmail, IsOptional, MaxLength, ValidateNested } from 'class-validator';
import { AuthMessages, UpdateProfileRequest } from '@memory-wall/contracts';
import { ProfileDataDto } from '../../auth/dto/register.dto';
import { trimLower } from '../../../common/transforms';

/** What a user may change about themselves: not the username, role or credits. */
export class UpdateProfileDto implements UpdateProfileRequest {
  @ApiPropertyOptional()
  @Transform(trimLower)
  @IsOptional()
  @IsEmail({}, { message: AuthMessages.emailInvalid })
  @MaxLength(254)
  email?: string;

  @ApiPropertyOptional({ type: ProfileDataDto })
  @IsOptional()
  @ValidateNested()
  @Type(() => ProfileDataDto)
  profileData?: ProfileDataDto;
}
