import { useEffect, useId, useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { Role } from '@memory-wall/contracts';
import { useTranslation } from '../../i18n';
import { useSessionUser } from '../../api/auth';
import { useGetEventsQuery } from '../../api/events';
import { Spinner } from '../../components/ui/Spinner';
import { showError } from '../../components/ui/toast';
import { eventsTexts } from '../../i18n/pages/events';
import { addPageTexts } from '../../i18n/lazy';
import { EventCard } from './EventCard';
import { FILTERS, matchesFilter, type Filter } from './eventFormat';
import { useEventActions } from './useEventActions';

addPageTexts('events', eventsTexts);

const FILTER_LABELS = {
  all: 'events.filterAll',
  draft: 'events.filterDraft',
  published: 'events.filterPublished',
  completed: 'events.filterCompleted',
} as const satisfies Record<Filter, string>;

/** /events (spec §2 Events list): the caller's events, filters, actions by status, customer panels. */
export function EventsPage() {
  const { t } = useTranslation();
  const { user } = useSessionUser();
  const { data: events, isLoading, isError, refetch } = useGetEventsQuery();
  const [filter, setFilter] = useState<Filter>('all');
  const [creditProblem, setCreditProblem] = useState<string | null>(null);
  const titleId = useId();
  const credits = user?.role === Role.ServiceProvider ? user.serviceProvider?.availableCredits : undefined;
  const navigate = useNavigate();
  const { ask, dialog, busy } = useEventActions({
    availableCredits: credits,
    onNoCredits: setCreditProblem,
    // The copy is a draft to rename and date: its form opens.
    onDuplicated: (copy) => void navigate(`/events/${encodeURIComponent(copy.id)}/edit`),
  });

  // Spec §8: 'Error Loading Events' with 'Try Again'.
  useEffect(() => {
    if (!isError) return;
    showError(t('events.loadError'), undefined, { label: t('events.tryAgain'), onClick: () => void refetch() });
  }, [isError, refetch, t]);

  if (!user) return <Spinner />; // the route guard renders this page only with a user
  const canManage = user.role === Role.Owner || user.role === Role.ServiceProvider;
  // Spec §2: a customer with exactly one event goes straight to its wall.
  if (user.role === Role.Customer && events?.length === 1) {
    return <Navigate to={`/memories/${encodeURIComponent(events[0].id)}`} replace />;
  }
  const shown = events?.filter((event) => matchesFilter(event, filter)) ?? [];

  return (
    <main className="page ev-page">
      <div className="ev-page-head">
        <h1 id={titleId}>{t('events.title')}</h1>
        {canManage && (
          <Link to="/events/new" className="button">
            {t('events.newEvent')}
          </Link>
        )}
      </div>

      {credits !== undefined && (
        <p className="ev-credits">
          <span>{t('events.availableCredits', { count: credits })}</span>
          <Link to="/credits">{t('events.buyCredits')}</Link>
        </p>
      )}
      {credits === 0 && !creditProblem && <p className="ev-alert ev-alert-warning">{t('events.noCreditsLeft')}</p>}
      {creditProblem && (
        <div role="alert" className="ev-alert">
          <span>{creditProblem}</span> {credits !== undefined && <Link to="/credits">{t('events.buyCredits')}</Link>}
        </div>
      )}

      <div role="group" aria-label={t('events.filters')} className="segmented ev-filters">
        {(Object.keys(FILTERS) as Filter[]).map((name) => (
          <button
            key={name}
            type="button"
            className="segment"
            aria-pressed={filter === name}
            onClick={() => setFilter(name)}
          >
            {t(FILTER_LABELS[name])}
          </button>
        ))}
      </div>

      {isLoading ? (
        <Spinner />
      ) : isError && !events ? (
        <div className="card ev-empty">
          <p>{t('events.loadErrorText')}</p>
          <button type="button" className="button" onClick={() => void refetch()}>
            {t('events.tryAgain')}
          </button>
        </div>
      ) : !events?.length ? (
        <div className="card ev-empty">
          <h2 className="card-title">{t('events.empty')}</h2>
          <p className="muted">{canManage ? t('events.emptyHost') : t('events.emptyCustomer')}</p>
        </div>
      ) : !shown.length ? (
        <p className="muted ev-empty">{t('events.emptyFilter')}</p>
      ) : (
        <ul className="ev-list" aria-labelledby={titleId}>
          {shown.map((event) => (
            <EventCard key={event.id} event={event} canManage={canManage} busy={busy} onAction={ask} />
          ))}
        </ul>
      )}
      {dialog}
    </main>
  );
}
