import { ApiProperty } from '@nestjs/swagger';
import { IsString, Matches } from 'class-validator';
import { AuthMessages, ResetCustomerPasswordRequest, ResetProviderPasswordRequest } from '@memory-wall/contracts';

/** A provider resets a customer's 6-digit PIN (spec §5 Customer password reset). */
export class ResetCustomerPasswordDto implements ResetCustomerPasswordRequest {
  @ApiProperty({ example: '482913' })
  @IsString({ message: AuthMessages.customerPin })
  @Matches(/^\d{6}$/, { message: AuthMessages.customerPin })
  password: string;
}

/** The owner resets a service provider's password (spec §5: at least 8 letters and digits). */
export class ResetProviderPasswordDto implements ResetProviderPasswordRequest {
  @ApiProperty({ example: 'newpass123' })
  @IsString({ message: AuthMessages.ownPasswordAlphanumeric })
  @Matches(/^[A-Za-z0-9]{8,}$/, { message: AuthMessages.ownPasswordAlphanumeric })
  newPassword: string;
}
