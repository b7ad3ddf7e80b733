import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { AuthMessages, ChangePasswordRequest } from '@memory-wall/contracts';

export class ChangePasswordDto implements ChangePasswordRequest {
  @ApiProperty()
  @IsString({ message: AuthMessages.passwordRequired })
  @IsNotEmpty({ message: AuthMessages.passwordRequired })
  @MaxLength(256)
  currentPassword: string;

  @ApiProperty()
  @IsString({ message: AuthMessages.passwordRequired })
  @MaxLength(256)
  newPassword: string;

  @ApiProperty()
  @IsString({ message: AuthMessages.ownPasswordMismatch })
  @MaxLength(256)
  confirmPassword: string;
}
