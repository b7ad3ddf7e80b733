import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, IsNotEmpty, IsString, IsUUID, Max, MaxLength, Min, NotEquals } from 'class-validator';
import { CreditMessages, MAX_CREDIT_ADJUSTMENT, AdjustCreditsRequest } from '@memory-wall/contracts';
import { trim } from '../../../common/transforms';

/** Spec §5 Credit adjustment: a provider, a non-zero whole number of credits either way, and a reason. */
export class AdjustCreditsDto implements AdjustCreditsRequest {
  @ApiProperty({ format: 'uuid' })
  @IsUUID('all', { message: CreditMessages.providerRequired })
  serviceProviderId: string;

  @ApiProperty({ example: 5, description: 'Positive adds credits, negative removes them (never below zero)' })
  @IsInt({ message: CreditMessages.amountRequired })
  @NotEquals(0, { message: CreditMessages.amountRequired })
  @Min(-MAX_CREDIT_ADJUSTMENT, { message: CreditMessages.amountTooLarge })
  @Max(MAX_CREDIT_ADJUSTMENT, { message: CreditMessages.amountTooLarge })
  amount: number;

  @ApiProperty({ example: 'Goodwill for the outage on 3 May' })
  @Transform(trim)
  @IsString({ message: CreditMessages.reasonRequired })
  @IsNotEmpty({ message: CreditMessages.reasonRequired })
  @MaxLength(500)
  reason: string;
}
