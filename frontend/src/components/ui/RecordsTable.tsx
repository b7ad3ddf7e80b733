import type { ReactNode } from 'react';
import { DataTable, type Column, type TableSort } from './DataTable';

export interface RecordColumn<Row> extends Column {
  cell(row: Row): ReactNode;
  /** Keeps the cell on one line on wide screens (dates). */
  nowrap?: boolean;
}

interface Props<Row> {
  caption: string;
  /** The first column heads each row (a company, an event). */
  columns: RecordColumn<Row>[];
  rows: readonly Row[];
  sort?: TableSort;
}

/** The owner's tables of records: one row per record, its first cell the row's header, each cell from its column. */
export function RecordsTable<Row extends { id: string }>({ caption, columns, rows, sort }: Props<Row>) {
  const cellClass = (column: RecordColumn<Row>) =>
    [column.numeric && 'cr-num', column.nowrap && 'cr-nowrap'].filter(Boolean).join(' ') || undefined;
  return (
    <DataTable caption={caption} columns={columns} sort={sort}>
      {rows.map((row) => (
        <tr key={row.id}>
          {columns.map((column, index) =>
            index === 0 ? (
              <th key={column.label} scope="row" className={cellClass(column)}>
                {column.cell(row)}
              </th>
            ) : (
              <td key={column.label} className={cellClass(column)}>
                {column.cell(row)}
              </td>
            ),
          )}
        </tr>
      ))}
    </DataTable>
  );
}
