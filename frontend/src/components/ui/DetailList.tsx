import { useId, type ReactNode } from 'react';

/**
 * Label and value pairs, read-only. Each value is named by its label (role "definition", name = label),
 * so it can be found as getByRole('definition', { name: label }). An empty value shows `empty` dimmed.
 */
export function DetailList({ rows, empty }: { rows: [label: string, value: ReactNode][]; empty?: string }) {
  const baseId = useId();
  return (
    <dl className="details">
      {rows.map(([label, value], index) => {
        const blank = value === '' || value === null || value === undefined;
        const termId = `${baseId}-${index}`;
        return (
          <div key={label} className="detail">
            <dt id={termId}>{label}</dt>
            <dd aria-labelledby={termId} className={blank ? 'muted' : undefined}>
              {blank ? empty : value}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
