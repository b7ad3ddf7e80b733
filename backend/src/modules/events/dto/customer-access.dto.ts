import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsOptional, IsString, Length, Matches, MaxLength, MinLength } from 'class-validator';
import { EventMessages, CustomerAccessRequest } from '@memory-wall/contracts';
import { trim, trimLower } from '../../../common/transforms';

/** Spec §5 Customer access: a login for the event's host. Without a password a PIN is generated. */
export class CustomerAccessDto implements CustomerAccessRequest {
  @ApiProperty({ example: 'Anna & Ben' })
  @Transform(trim)
  @IsString({ message: EventMessages.customerNameRequired })
  @MinLength(2, { message: EventMessages.customerNameRequired })
  @MaxLength(100)
  customerName: string;

  @ApiProperty({ example: 'anna@example.com' })
  @Transform(trimLower)
  @IsEmail({}, { message: EventMessages.customerEmailInvalid })
  @MaxLength(254)
  customerEmail: string;

  @ApiProperty({ example: 'anna_ben' })
  @Transform(trim)
  @IsString({ message: EventMessages.customerUsernameTooShort })
  @MinLength(3, { message: EventMessages.customerUsernameTooShort })
  @MaxLength(64)
  @Matches(/^\w+$/, { message: EventMessages.customerUsernameChars })
  customerUsername: string;

  @ApiPropertyOptional({ example: '482913', description: 'Generated between 100000 and 999999 when omitted' })
  @IsOptional()
  @IsString({ message: EventMessages.pinDigits })
  @Matches(/^\d*$/, { message: EventMessages.pinDigits })
  @Length(6, 6, { message: EventMessages.pinLength })
  customerPassword?: string;
}
