import type { ReactNode } from 'react';

export interface Column {
  label: string;
  /** Right-aligned figures. */
  numeric?: boolean;
  /** Read by screen readers only (an actions column). */
  hidden?: boolean;
}

/** The owner's and provider's tables: a scrollable wrapper, a caption for screen readers, one header row. */
export function DataTable({ caption, columns, children }: { caption: string; columns: Column[]; children: ReactNode }) {
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
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
