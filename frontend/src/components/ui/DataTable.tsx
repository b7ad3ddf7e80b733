import { useLayoutEffect, useRef, type ReactNode } from 'react';
import './DataTable.css';

export interface Column {
  label: string;
  /** Right-aligned figures. */
  numeric?: boolean;
  /** Read by screen readers only (an actions column). */
  hidden?: boolean;
}

/**
 * The owner's and provider's tables: a scrollable wrapper, a caption for screen readers, one header row.
 * On a phone each row is laid out as a small card (DataTable.css), every cell led by its column's name: the
 * names are written onto the cells here, after each render, so the pages' rows need not repeat them.
 */
export function DataTable({ caption, columns, children }: { caption: string; columns: Column[]; children: ReactNode }) {
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
              <th key={column.label} scope="col" className={column.numeric ? 'cr-num' : undefined}>
                {column.hidden ? <span className="visually-hidden">{column.label}</span> : column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody ref={body}>{children}</tbody>
      </table>
    </div>
  );
}
