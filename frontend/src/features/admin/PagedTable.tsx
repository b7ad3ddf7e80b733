import type { PageInfo } from '@memory-wall/contracts';
import { RecordsTable, type RecordColumn } from '../../components/ui/RecordsTable';
import { Spinner } from '../../components/ui/Spinner';
import { SortSelect, TablePager, type ServerTable } from '../../components/ui/serverTable';
import { LoadError } from '../credits/ui';

/** The part of an RTK Query result a paged table shows. */
interface PageQuery<Page> {
  data?: Page;
  isLoading: boolean;
  isFetching: boolean;
  isError: boolean;
  refetch(): unknown;
}

interface Props<Row, Page extends PageInfo> {
  caption: string;
  columns: RecordColumn<Row>[];
  table: ServerTable;
  query: PageQuery<Page>;
  rows(page: Page): readonly Row[];
  /** Whether a search is applied (an empty page then says nothing matches). */
  searching: boolean;
  texts: { empty: string; noMatch: string; loadFailed: string; retry: string };
}

/**
 * The owner's tables that the server searches, sorts and pages: the rows of the current page (kept on
 * screen while the next one loads), sortable headers (a list on phones), the pager, and what to say when
 * there is nothing to show or loading failed.
 */
export function PagedTable<Row extends { id: string }, Page extends PageInfo>({
  caption,
  columns,
  table,
  query,
  rows,
  searching,
  texts,
}: Props<Row, Page>) {
  if (query.isLoading || (query.isError && query.isFetching && !query.data)) return <Spinner />;
  if (!query.data || query.isError) {
    return <LoadError message={texts.loadFailed} retryLabel={texts.retry} onRetry={() => void query.refetch()} />;
  }
  const page = query.data;
  if (!page.total) return <p className="muted">{searching ? texts.noMatch : texts.empty}</p>;
  return (
    <div className="cr-paged" aria-busy={query.isFetching}>
      <SortSelect columns={columns} table={table} />
      <RecordsTable caption={caption} columns={columns} rows={rows(page)} sort={table.sort} />
      <TablePager info={page} onPage={table.setPage} />
    </div>
  );
}
