import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { AdminServiceProvider } from '@memory-wall/contracts';
import { DataTable } from '../../components/ui/DataTable';

export interface ProviderColumn {
  label: string;
  /** Right-aligned figures. */
  numeric?: boolean;
  cell(provider: AdminServiceProvider): ReactNode;
}

interface Props {
  caption: string;
  providers: AdminServiceProvider[];
  /** The header of the first column, the company's name (each row's header). */
  company: string;
  /** The columns between the company and the link to its page. */
  columns: ProviderColumn[];
  /** The link's column header (read by screen readers only), its text, and its name when the text is not enough. */
  link: { header: string; text: string; label?(provider: AdminServiceProvider): string };
}

/** The owner's tables of service providers: the company heads each row, a link to its page ends it. */
export function ProvidersTable({ caption, providers, company, columns, link }: Props) {
  return (
    <DataTable caption={caption} columns={[{ label: company }, ...columns, { label: link.header, hidden: true }]}>
      {providers.map((provider) => (
        <tr key={provider.id}>
          <th scope="row">{provider.companyName}</th>
          {columns.map((column) => (
            <td key={column.label} className={column.numeric ? 'cr-num' : undefined}>
              {column.cell(provider)}
            </td>
          ))}
          <td>
            <Link
              to={`/admin/service-providers/${encodeURIComponent(provider.id)}`}
              className="button button-secondary cr-small"
              aria-label={link.label?.(provider)}
            >
              {link.text}
            </Link>
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
