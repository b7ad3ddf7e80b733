import { useEffect, useState } from 'react';
import { ADMIN_PAGE_SIZE, SortOrder, type AdminListRequest, type PageInfo } from '@memory-wall/contracts';
import { useTranslation } from '../../i18n';
import { addPageTexts } from '../../i18n/lazy';
import { tablesTexts } from '../../i18n/pages/tables';
import type { Column, TableSort } from './DataTable';

addPageTexts('tables', tablesTexts);

/** How long typing must pause before a search goes to the server. */
export const SEARCH_DEBOUNCE_MS = 300;

/** `value`, once it has stopped changing for `delayMs`. */
export function useDebouncedValue<T>(value: T, delayMs = SEARCH_DEBOUNCE_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/** What a paged table needs of its state (methods, so a table of any sort fields fits). */
export interface ServerTable {
  sort: TableSort;
  sortBy(key: string, order: SortOrder): void;
  setPage(page: number): void;
}

/**
 * The sort and page of a table the server searches, sorts and pages: the request to send for `search`
 * (already debounced), the header's sort, and a way to turn pages. A new search or sort starts at page 1.
 */
export function useServerTable<Sort extends string>(search: string, defaults: { sort: Sort; order: SortOrder }) {
  const [state, setState] = useState({ ...defaults, page: 1, search });
  const page = state.search === search ? state.page : 1;
  const request: AdminListRequest<Sort> = {
    search: search || undefined,
    sort: state.sort,
    order: state.order,
    page,
    pageSize: ADMIN_PAGE_SIZE.default,
  };
  const sortBy = (sort: Sort, order: SortOrder) => setState({ sort, order, page: 1, search });
  const sort: TableSort = {
    key: state.sort,
    order: state.order,
    // The sorted column's header turns the order round; another column's sorts by it, ascending.
    onSort: (key) =>
      sortBy(key as Sort, key === state.sort && state.order === SortOrder.Asc ? SortOrder.Desc : SortOrder.Asc),
  };
  return { request, sort, sortBy, setPage: (next: number) => setState({ ...state, page: next, search }) };
}

/** Phones hide the header row, so there the sort is chosen from a list (DataTable.css shows it only there). */
export function SortSelect({ columns, table }: { columns: Column[]; table: ServerTable }) {
  const { sort } = table;
  const { t } = useTranslation();
  const options = columns
    .filter((column) => column.sortKey)
    .flatMap((column) =>
      [SortOrder.Asc, SortOrder.Desc].map((order) => ({
        value: `${column.sortKey}:${order}`,
        text: `${column.label} (${t(order === SortOrder.Asc ? 'tables.ascending' : 'tables.descending')})`,
      })),
    );
  return (
    <div className="field cr-sort-select">
      <label>
        {t('tables.sortBy')}
        <select
          className="cr-select"
          value={`${sort.key}:${sort.order}`}
          onChange={(e) => {
            const [key, order] = e.target.value.split(':');
            table.sortBy(key, order as SortOrder);
          }}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.text}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}

/** Where the page sits among all matches, and buttons to the previous and next pages. */
export function TablePager({ info, onPage }: { info: PageInfo; onPage(page: number): void }) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(info.total / info.pageSize));
  const from = info.total ? (info.page - 1) * info.pageSize + 1 : 0;
  const to = Math.min(info.total, info.page * info.pageSize);
  return (
    <nav className="cr-pager" aria-label={t('tables.pages')}>
      <p className="muted" aria-live="polite">
        {t('tables.showing', { from, to, total: info.total })}
      </p>
      {pages > 1 && (
        <div className="cr-pager-buttons">
          <button
            type="button"
            className="button button-secondary cr-small"
            disabled={info.page <= 1}
            onClick={() => onPage(info.page - 1)}
          >
            {t('tables.previous')}
          </button>
          <span>{t('tables.pageOf', { page: info.page, pages })}</span>
          <button
            type="button"
            className="button button-secondary cr-small"
            disabled={info.page >= pages}
            onClick={() => onPage(info.page + 1)}
          >
            {t('tables.next')}
          </button>
        </div>
      )}
    </nav>
  );
}
