import { useId, type ReactNode } from 'react';

export interface Stat {
  label: string;
  value: ReactNode;
  hint?: string;
}

/**
 * Figures shown as cards. Each value is named by its label (role "definition"), so it can be found as
 * getByRole('definition', { name: label }).
 */
export function StatCards({ stats }: { stats: Stat[] }) {
  const baseId = useId();
  return (
    <dl className="cr-stats">
      {stats.map((stat, index) => (
        <div key={stat.label} className="cr-stat">
          <dt id={`${baseId}-${index}`}>{stat.label}</dt>
          <dd aria-labelledby={`${baseId}-${index}`}>{stat.value}</dd>
          {/* A <dl> groups only <dt> and <dd>: the hint is a second description of the same term. */}
          {stat.hint && <dd className="cr-stat-hint">{stat.hint}</dd>}
        </div>
      ))}
    </dl>
  );
}

/** A failed load: what failed, and a way to try again. */
export function LoadError({ message, retryLabel, onRetry }: { message: string; retryLabel: string; onRetry(): void }) {
  return (
    <div className="cr-alert" role="alert">
      <span>{message}</span>
      <button type="button" className="button button-secondary" onClick={onRetry}>
        {retryLabel}
      </button>
    </div>
  );
}

/** Pretty-prints an identifier such as 'wedding_planner' as 'Wedding Planner'. */
export const humanize = (value: string) =>
  value
    .split(/[_\s-]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
