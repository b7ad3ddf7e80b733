import { skipToken } from '@reduxjs/toolkit/query';
import { lazy, Suspense, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { EventStatus, MEMORY_TYPES, Role, type HostEvent } from '@memory-wall/contracts';
import { useTranslation } from '../../i18n';
import { useFormat } from '../../i18n/format';
import { useSessionUser } from '../../api/auth';
import { useGetEventQuery, useGetEventStatsQuery } from '../../api/hostEvents';
import { DetailList } from '../../components/ui/DetailList';
import { Spinner } from '../../components/ui/Spinner';
import { eventsTexts } from '../../i18n/pages/events';
import { addPageTexts } from '../../i18n/lazy';
import { PendingBadge } from '../moderation/PendingBadge';
import { contributeUrl } from '../qrcode/contributeUrl';
import { Dialog } from './Dialog';
import { EventLoadError } from './EventLoadError';
import { KeepsakePanel } from './KeepsakePanel';
import { useEventActions } from './useEventActions';

addPageTexts('events', eventsTexts);

// qrcode.react is loaded only when someone opens the QR dialog.
const QrCodePanel = lazy(() => import('../qrcode/QrCodePanel').then((m) => ({ default: m.QrCodePanel })));

/** /events/{id} (spec §2 Event dashboard). */
export function EventDashboardPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const { data: event, error, isLoading } = useGetEventQuery(id ?? skipToken);

  if (isLoading) return <Spinner />;
  if (!event) {
    return (
      <main className="page ev-page">
        <h1>{t('pages.eventDashboard')}</h1>
        <EventLoadError error={error} />
      </main>
    );
  }
  return <Dashboard event={event} />;
}

function Dashboard({ event }: { event: HostEvent }) {
  const { t } = useTranslation();
  const format = useFormat();
  const navigate = useNavigate();
  const { user } = useSessionUser();
  const [qrOpen, setQrOpen] = useState(false);
  const isCustomer = user?.role === Role.Customer;
  const { ask, dialog, busy } = useEventActions({ onDeleted: () => void navigate('/events') });
  const id = encodeURIComponent(event.id);
  const guestUrl = event.eventCode ? contributeUrl(event) : null;

  return (
    <main className="page ev-page">
      {!isCustomer && (
        <Link to="/events" className="ev-back">
          ← {t('events.backToEvents')}
        </Link>
      )}
      <div className="ev-page-head">
        <h1>{event.name}</h1>
        <span className={`badge ev-status ev-status-${event.status}`}>{t(`events.status.${event.status}`)}</span>
      </div>

      <section className="card">
        <DetailList
          rows={[
            [t('events.type'), t(`events.eventType.${event.eventType}`)],
            [t('events.eventDate'), format.day(event.eventDate) || t('events.notSpecified')],
            [t('events.statusLabel'), t(`events.status.${event.status}`)],
            [
              t('events.eventCode'),
              event.eventCode ? (
                <span className="ev-copy-row">
                  <code>{event.eventCode}</code>
                  <button type="button" className="button button-secondary ev-small" onClick={() => setQrOpen(true)}>
                    {t('events.showQr')}
                  </button>
                </span>
              ) : (
                t('events.notSpecified')
              ),
            ],
            [t('events.guestUrl'), guestUrl ? <a href={guestUrl}>{guestUrl}</a> : t('events.notSpecified')],
          ]}
        />
      </section>

      <EventStatsPanel eventId={event.id} />

      <nav className="actions ev-links" aria-label={event.name}>
        {event.permissions.canEditDetails && (
          <Link to={`/events/${id}/edit`} className="button">
            {t('events.editEvent')}
          </Link>
        )}
        {/* A customer's /memories/{id} is their customer wall (spec); the host wall with the screens' controls
            is /events/{id}/wall. */}
        <Link to={isCustomer ? `/events/${id}/wall` : `/memories/${id}`} className="button button-secondary">
          {t('events.displayWall')}
        </Link>
        {event.status !== EventStatus.Draft && (
          <Link to={`/presentation/${id}`} className="button button-secondary">
            {t('events.presentation')}
          </Link>
        )}
        <Link to={`/contribute/${id}`} className="button button-secondary">
          {t('events.contribute')}
        </Link>
        {isCustomer && event.permissions.canEditTheme && (
          <Link to={`/wall-settings/${id}`} className="button button-secondary">
            {t('events.wallSettings')}
          </Link>
        )}
        {isCustomer && event.permissions.canModerate && (
          <Link to={`/events/${id}/moderation`} className="button button-secondary">
            {t('events.moderate')}
            <PendingBadge eventId={event.id} />
          </Link>
        )}
      </nav>

      {event.status !== EventStatus.Draft && <KeepsakePanel eventId={event.id} />}

      {!isCustomer && (
        <div className="ev-delete">
          <button
            type="button"
            className="button button-secondary ev-danger-outline"
            disabled={busy || event.status !== EventStatus.Draft}
            aria-describedby={event.status !== EventStatus.Draft ? 'ev-only-drafts' : undefined}
            onClick={() => ask('delete', event)}
          >
            {t('events.deleteEvent')}
          </button>
          {event.status !== EventStatus.Draft && (
            <p id="ev-only-drafts" className="field-hint">
              {t('events.onlyDrafts')}
            </p>
          )}
        </div>
      )}

      {qrOpen && (
        <Dialog
          title={t('events.qrTitle', { name: event.name })}
          onClose={() => setQrOpen(false)}
          actions={
            <button type="button" className="button button-secondary" onClick={() => setQrOpen(false)}>
              {t('events.close')}
            </button>
          }
        >
          <Suspense fallback={<Spinner />}>
            <QrCodePanel event={event} />
          </Suspense>
        </Dialog>
      )}
      {dialog}
    </main>
  );
}

/** How often the dashboard's counts are read again while it is open. */
const STATS_REFRESH_MS = 15_000;

/** The event's memories counted: in all, approved, pending, contributors, then per type. */
function EventStatsPanel({ eventId }: { eventId: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const { data: stats } = useGetEventStatsQuery(eventId, { pollingInterval: STATS_REFRESH_MS });
  const value = (count: number | undefined) =>
    count === undefined ? t('events.statPlaceholder') : format.number(count);
  const tiles: Array<[string, number | undefined]> = [
    [t('events.statContributions'), stats?.contributions],
    [t('events.statApproved'), stats?.approved],
    [t('events.statPending'), stats?.pending],
    [t('events.statContributors'), stats?.contributors],
  ];
  return (
    <section className="ev-stats-panel" aria-label={t('events.statsTitle')}>
      <dl className="ev-stats">
        {tiles.map(([label, count]) => (
          <div className="card ev-stat" key={label}>
            <dt className="muted">{label}</dt>
            <dd>
              <strong>{value(count)}</strong>
            </dd>
          </div>
        ))}
      </dl>
      {stats && (
        <p className="ev-stat-types muted">
          {MEMORY_TYPES.map((type) => `${t(`events.statType.${type}`)}: ${format.number(stats.byType[type])}`).join(
            ' · ',
          )}
        </p>
      )}
    </section>
  );
}
