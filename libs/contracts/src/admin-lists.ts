/**
 * The owner's tables (providers, all events, transactions) are searched, sorted and paged by the server:
 * the query each accepts, the columns each may be sorted by, and the page it answers with.
 */

export const SortOrder = { Asc: 'asc', Desc: 'desc' } as const;
export type SortOrder = (typeof SortOrder)[keyof typeof SortOrder];
export const SORT_ORDERS = Object.values(SortOrder);

/** Rows per page: the default, and the most one request may ask for. */
export const ADMIN_PAGE_SIZE = { default: 20, max: 100 } as const;
/** The longest search text accepted. */
export const ADMIN_SEARCH_MAX_LENGTH = 100;

export const PROVIDER_SORT_FIELDS = [
  'companyName',
  'userName',
  'createdAt',
  'verified',
  'activeEventsCount',
  'totalEventsCount',
  'totalContributionsCount',
] as const;
export type ProviderSortField = (typeof PROVIDER_SORT_FIELDS)[number];

export const ADMIN_EVENT_SORT_FIELDS = [
  'name',
  'serviceProviderName',
  'eventType',
  'status',
  'eventDate',
  'createdAt',
  'contributionsCount',
] as const;
export type AdminEventSortField = (typeof ADMIN_EVENT_SORT_FIELDS)[number];

export const TRANSACTION_SORT_FIELDS = ['createdAt', 'serviceProviderName', 'transactionType', 'amount'] as const;
export type TransactionSortField = (typeof TRANSACTION_SORT_FIELDS)[number];

/** The refusals of a table's query (400, naming the field). */
export const AdminListMessages = {
  sortInvalid: (fields: readonly string[]) => `Sort must be one of ${fields.join(', ')}`,
  orderInvalid: `Order must be ${SORT_ORDERS.join(' or ')}`,
  pageInvalid: 'Page must be a whole number of at least 1',
  pageSizeInvalid: `Page size must be a whole number from 1 to ${ADMIN_PAGE_SIZE.max}`,
  searchTooLong: `Search must be at most ${ADMIN_SEARCH_MAX_LENGTH} characters`,
} as const;

/** The query of an owner's table: a search over its text columns, one sort column, a page (from 1). */
export interface AdminListRequest<Sort extends string> {
  search?: string;
  sort?: Sort;
  order?: SortOrder;
  page?: number;
  pageSize?: number;
}

/** Where a page sits: rows matching the search in all, and the page asked for. */
export interface PageInfo {
  total: number;
  page: number;
  pageSize: number;
}
