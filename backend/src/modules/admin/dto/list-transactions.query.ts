import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsUUID, Max, Min } from 'class-validator';
import { ADMIN_TRANSACTIONS_LIMIT, ListTransactionsRequest } from '@memory-wall/contracts';

export class ListTransactionsQuery implements ListTransactionsRequest {
  @ApiPropertyOptional({ format: 'uuid', description: "Only this provider's rows" })
  @IsOptional()
  @IsUUID()
  serviceProviderId?: string;

  @ApiPropertyOptional({ default: ADMIN_TRANSACTIONS_LIMIT.default, maximum: ADMIN_TRANSACTIONS_LIMIT.max })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(ADMIN_TRANSACTIONS_LIMIT.max)
  limit?: number;
}
