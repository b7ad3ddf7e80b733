import { ApiProperty } from '@nestjs/swagger';
import { IsInt, Max, Min, ValidateIf } from 'class-validator';
import {
  MAX_RETENTION_DAYS,
  MIN_RETENTION_DAYS,
  ProviderRetentionRequest,
  RetentionMessages,
} from '@memory-wall/contracts';

const invalid = { message: RetentionMessages.retentionInvalid };

export class ProviderRetentionDto implements ProviderRetentionRequest {
  @ApiProperty({
    type: Number,
    nullable: true,
    minimum: MIN_RETENTION_DAYS,
    maximum: MAX_RETENTION_DAYS,
    example: 180,
    description: "Days the provider's events keep their media after completion; null: the platform's default",
  })
  // Only null is left unchecked: a missing field is refused like a wrong one.
  @ValidateIf((_, value) => value !== null)
  @IsInt(invalid)
  @Min(MIN_RETENTION_DAYS, invalid)
  @Max(MAX_RETENTION_DAYS, invalid)
  retentionDays: number | null;
}
