import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Allow, IsIn, IsString } from 'class-validator';
import { CREDIT_PACKS, CreditMessages, CreatePaymentIntentRequest } from '@memory-wall/contracts';

/** The pack to buy. The client may send its idea of amount and credits; the server prices the pack itself. */
export class CreatePaymentIntentDto implements CreatePaymentIntentRequest {
  @ApiProperty({ example: 'value', enum: CREDIT_PACKS.map((p) => p.id) })
  @IsString({ message: CreditMessages.packRequired })
  @IsIn(CREDIT_PACKS.map((p) => p.id), { message: CreditMessages.packRequired })
  creditPackId: string;

  @ApiPropertyOptional({ description: 'Ignored: the price comes from the pack' })
  @Allow()
  amount?: number;

  @ApiPropertyOptional({ description: 'Ignored: the credits come from the pack' })
  @Allow()
  credits?: number;
}
