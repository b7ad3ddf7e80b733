import { skipToken } from '@reduxjs/toolkit/query';
import { useMemo } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import type { HostEvent, HostMemory } from '@memory-wall/contracts';
import { useTranslation } from '../../i18n';
import { useEventLanguage } from '../../i18n/language';
import { useGetEventsQuery } from '../../api/events';
import { useGetEventQuery } from '../../api/hostEvents';
import { selectLiveConnected } from '../../api/liveStatus';
import { useGetHostMemoriesQuery } from '../../api/memories';
import { useAppSelector } from '../../app/hooks';
import { Card } from '../../components/ui/Card';
import { Spinner } from '../../components/ui/Spinner';
import { addPageTexts } from '../../i18n/lazy';
import { customerWallTexts } from '../../i18n/pages/customerWall';
import { MemoryCard } from '../memories/MemoryCard';
import { usePendingCount } from '../moderation/usePendingCount';
import { entranceClass, hostColumns, useWindowWidth, wallColor } from '../memories/wallLayout';
import { useCustomerActions } from './useCustomerActions';

addPageTexts('customerWall', customerWallTexts);

const POLL_MS = 5000;

/** /customer-wall: the customer's event and what is on its wall, with Feature and Flag (spec §2 Customer wall). */
export function CustomerWallPage() {
  const { t } = useTranslation();
  const events = useGetEventsQuery();
  const eventId = events.data?.[0]?.id;
  const eventQuery = useGetEventQuery(eventId ?? skipToken);
  const connected = useAppSelector((state) => (eventId ? selectLiveConnected(state, eventId) : false));
  const polling = { pollingInterval: connected ? 0 : POLL_MS };
  const memories = useGetHostMemoriesQuery(eventId ? { eventId, filter: 'approved' } : skipToken, polling);
  const event = eventQuery.data;
  // What was on the wall and has been flagged stays here, marked 'Flagged for review' (spec §2 Memory card).
  const flagged = useGetHostMemoriesQuery(
    eventId && event?.permissions.canModerate ? { eventId, filter: 'flagged' } : skipToken,
    polling,
  );
  const shown = useMemo(
    () =>
      [...(memories.data ?? []), ...(flagged.data ?? []).filter((memory) => memory.approved)].sort((a, b) =>
        b.createdAt.localeCompare(a.createdAt),
      ),
    [memories.data, flagged.data],
  );
  useEventLanguage(event?.defaultLanguage);
  const loading = events.isLoading || eventQuery.isLoading || memories.isLoading;
  // A customer who registered themselves has no event until a planner adds them to one.
  const noEvent = events.isSuccess && !eventId;
  const failed = events.isError || eventQuery.isError || memories.isError || !event || !eventId;
  // One <main> and <h1> through loading, failure and the wall, so the page's name never flickers.
  return (
    <main
      className={loading || failed ? 'page page-narrow' : 'customer-wall'}
      style={loading || failed ? undefined : { background: wallColor(event.colorTheme) }}
    >
      {/* The page's name for assistive technology; the wall's own title is the visible heading. */}
      <h1 className="visually-hidden">{t('pages.customerWall')}</h1>
      {loading ? (
        <Spinner />
      ) : noEvent ? (
        <Card title={t('customerWall.noEventTitle')}>
          <p>{t('customerWall.noEventText')}</p>
          <Link to="/event-code" className="button">
            {t('customerWall.enterCode')}
          </Link>
        </Card>
      ) : failed ? (
        <Card title={t('customerWall.errorTitle')}>
          <p>{t('customerWall.errorText')}</p>
          <Link to="/" className="button">
            {t('common.goHome')}
          </Link>
        </Card>
      ) : (
        <Wall event={event} memories={shown} />
      )}
    </main>
  );
}

/** The header, the wall's title and image, and the memories with Feature and Flag. */
function Wall({ event, memories: shown }: { event: HostEvent; memories: HostMemory[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // Opened directly (a bookmark, the sign-in redirect), the page has no history to go back to in this app.
  const firstPage = useLocation().key === 'default';
  const eventId = event.id;
  const id = encodeURIComponent(eventId);
  const columns = hostColumns(useWindowWidth());
  const actionsOf = useCustomerActions(eventId);

  return (
    <>
      <header className="customer-wall-header">
        <button
          type="button"
          className="button button-secondary"
          onClick={() => (firstPage ? navigate(`/events/${id}`) : navigate(-1))}
        >
          {t('customerWall.back')}
        </button>
        {/* The host's way to everything about their event: the room's screens, the presentation, the
            screens' controls, the wall's look, and the event's page with its keepsake. */}
        <nav className="actions" aria-label={event.name}>
          <Link to={`/display/${id}`} className="button">
            {t('customerWall.fullScreen')}
          </Link>
          <Link to={`/presentation/${id}`} className="button">
            {t('customerWall.presentation')}
          </Link>
          <Link to={`/events/${id}/wall`} className="button button-secondary">
            {t('customerWall.screens')}
          </Link>
          {event.permissions.canEditTheme && (
            <Link to={`/wall-settings/${id}`} className="button button-secondary">
              {t('customerWall.wallSettings')}
            </Link>
          )}
          <Link to={`/events/${id}`} className="button button-secondary">
            {t('customerWall.eventHome')}
          </Link>
        </nav>
      </header>
      <div className="customer-wall-title">
        {event.wallImage && <img className="customer-wall-image" src={event.wallImage} alt="" />}
        <h2>{event.wallTitle || event.name}</h2>
      </div>
      {event.permissions.canModerate && <p className="customer-wall-hint">{t('customerWall.hint')}</p>}
      {shown.length === 0 ? (
        <EmptyWall event={event} />
      ) : (
        <div
          className={`wall-grid customer-wall-grid ${entranceClass(event.animationStyle)}`}
          style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}
        >
          {shown.map((memory) => (
            <MemoryCard key={memory.id} memory={memory} variant="normal" customer={actionsOf?.(memory)} />
          ))}
        </div>
      )}
    </>
  );
}

/** An empty wall says whether memories are waiting for the host (how many, live) and where to approve them. */
function EmptyWall({ event }: { event: HostEvent }) {
  const { t } = useTranslation();
  const waiting = usePendingCount(event.permissions.canModerate ? event.id : undefined);
  if (!waiting) return <p className="empty">{t('customerWall.empty')}</p>;
  return (
    <div className="empty customer-wall-waiting" role="status">
      <p>{t('customerWall.pendingEmpty', { count: waiting })}</p>
      <Link to={`/events/${encodeURIComponent(event.id)}/moderation`} className="button">
        {t('customerWall.reviewPending')}
      </Link>
    </div>
  );
}
