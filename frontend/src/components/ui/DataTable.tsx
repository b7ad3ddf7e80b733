import { useLayoutEffect, useRef, type ReactNode } from 'react';
import type { SortOrder } from '@memory-wall/contracts';
import './DataTable.css';

export interface Column {
  label: string;
  /** Right-aligned figures. */
  numeric?: boolean;
  /** Read by screen readers only (an actions column). */
  hidden?: boolean;
  /** The server's name of this column's sort, when the table can be sorted by it. */
  sortKey?: string;
}

/** Which column the rows are sorted by, and a way to ask for another order. */
export interface TableSort {
  key: string;
  order: SortOrder;
  onSort(key: string): void;
}

interface Props {
  caption: string;
  columns: Column[];
  sort?: TableSort;
  children: ReactNode;
}

/**
 * The owner's and provider's tables: a scrollable wrapper, a caption for screen readers, one header row.
 * On a phone each row is laid out as a small card (DataTable.css), every cell led by its column's name: the
 * names are written onto the cells here, after each render, so the pages' rows need not repeat them.
 */
export function DataTable({ caption, columns, sort, children }: Props) {
  const body = useRef<HTMLTableSectionElement>(null);
  useLayoutEffect(() => {
    for (const row of body.current?.rows ?? []) {
      [...row.cells].forEach((cell, index) => {
        const column = columns[index];
        if (column && !column.hidden) cell.dataset.label = column.label;
        else delete cell.dataset.label;
      });
    }
  });
  return (
    <div className="cr-table-wrap">
      <table className="cr-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <HeaderCell key={column.label} column={column} sort={sort} />
            ))}
          </tr>
        </thead>
        <tbody ref={body}>{children}</tbody>
      </table>
    </div>
  );
}

function HeaderCell({ column, sort }: { column: Column; sort?: TableSort }) {
  const className = column.numeric ? 'cr-num' : undefined;
  if (column.hidden) {
    return (
      <th scope="col" className={className}>
        <span className="visually-hidden">{column.label}</span>
      </th>
    );
  }
  if (!sort || !column.sortKey) {
    return (
      <th scope="col" className={className}>
        {column.label}
      </th>
    );
  }
  const sortKey = column.sortKey;
  const current = sort.key === sortKey ? sort.order : undefined;
  return (
    <th
      scope="col"
      className={className}
      aria-sort={current === 'asc' ? 'ascending' : current === 'desc' ? 'descending' : 'none'}
    >
      <button type="button" className="cr-sort" onClick={() => sort.onSort(sortKey)}>
        {column.label}
        <span aria-hidden="true" className="cr-sort-mark">
          {current === 'asc' ? '▲' : current === 'desc' ? '▼' : '↕'}
        </span>
      </button>
    </th>
  );
}
