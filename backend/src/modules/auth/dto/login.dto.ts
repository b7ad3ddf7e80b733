import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { AuthMessages, LoginRequest } from '@memory-wall/contracts';

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
}
