import { ApiProperty } from '@nestjs/swagger';
import { IsBoolean } from 'class-validator';
import { ProviderVerificationRequest } from '@memory-wall/contracts';

export class ProviderVerificationDto implements ProviderVerificationRequest {
  @ApiProperty({ description: 'Whether the owner has verified this service provider' })
  @IsBoolean({ message: 'verified must be true or false' })
  verified: boolean;
}
