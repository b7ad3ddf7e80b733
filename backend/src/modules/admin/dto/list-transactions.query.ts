import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsUUID } from 'class-validator';
import { ListTransactionsRequest, TRANSACTION_SORT_FIELDS } from '@memory-wall/contracts';
import { AdminListQuery } from './admin-list.query';

export class ListTransactionsQuery extends AdminListQuery(TRANSACTION_SORT_FIELDS) implements ListTransactionsRequest {
  @ApiPropertyOptional({ format: 'uuid', description: "Only this provider's rows" })
  @IsOptional()
  @IsUUID()
  serviceProviderId?: string;
}
