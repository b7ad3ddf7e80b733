import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import {
  ADMIN_EVENT_SORT_FIELDS,
  ADMIN_PAGE_SIZE,
  ADMIN_SEARCH_MAX_LENGTH,
  AdminListMessages,
  AdminListRequest,
  PROVIDER_SORT_FIELDS,
  SORT_ORDERS,
  SortOrder,
} from '@memory-wall/contracts';
import { trim } from '../../../common/transforms';

/** Far beyond any real table, so that an offset stays a safe integer. */
const MAX_PAGE = 1_000_000;

/** The query of an owner's table, with the columns it may be sorted by (anything else is a 400). */
export function AdminListQuery<Sort extends string>(sortFields: readonly Sort[]) {
  class Query implements AdminListRequest<Sort> {
    @ApiPropertyOptional({ maxLength: ADMIN_SEARCH_MAX_LENGTH, description: 'Case-insensitive text to look for' })
    @Transform(trim)
    @IsOptional()
    @IsString({ message: AdminListMessages.searchTooLong })
    @MaxLength(ADMIN_SEARCH_MAX_LENGTH, { message: AdminListMessages.searchTooLong })
    search?: string;

    @ApiPropertyOptional({ enum: sortFields })
    @IsOptional()
    @IsIn(sortFields, { message: AdminListMessages.sortInvalid(sortFields) })
    sort?: Sort;

    @ApiPropertyOptional({ enum: SORT_ORDERS })
    @IsOptional()
    @IsIn(SORT_ORDERS, { message: AdminListMessages.orderInvalid })
    order?: SortOrder;

    @ApiPropertyOptional({ minimum: 1, maximum: MAX_PAGE, default: 1 })
    @IsOptional()
    @Type(() => Number)
    @IsInt({ message: AdminListMessages.pageInvalid })
    @Min(1, { message: AdminListMessages.pageInvalid })
    @Max(MAX_PAGE, { message: AdminListMessages.pageInvalid })
    page?: number;

    @ApiPropertyOptional({ minimum: 1, maximum: ADMIN_PAGE_SIZE.max, default: ADMIN_PAGE_SIZE.default })
    @IsOptional()
    @Type(() => Number)
    @IsInt({ message: AdminListMessages.pageSizeInvalid })
    @Min(1, { message: AdminListMessages.pageSizeInvalid })
    @Max(ADMIN_PAGE_SIZE.max, { message: AdminListMessages.pageSizeInvalid })
    pageSize?: number;
  }
  return Query;
}

export class ListProvidersQuery extends AdminListQuery(PROVIDER_SORT_FIELDS) {}

export class ListAdminEventsQuery extends AdminListQuery(ADMIN_EVENT_SORT_FIELDS) {}
