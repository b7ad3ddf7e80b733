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
  const columns = hostColumns(useWindowWidth());
  const actionsOf = useCustomerActions(eventId);

  return (
    <>
      <header className="customer-wall-header">
        <button
          type="button"
          className="button button-secondary"
          onClick={() => (firstPage ? navigate(`/events/${encodeURIComponent(eventId)}`) : navigate(-1))}
        >
          {t('customerWall.back')}
        </button>
        <div className="actions">
          <Link to={`/display/${encodeURIComponent(eventId)}`} className="button">
            {t('customerWall.fullScreen')}
          </Link>
          {event.permissions.canEditTheme && (
            <Link to={`/wall-settings/${encodeURIComponent(eventId)}`} className="button button-secondary">
              {t('customerWall.wallSettings')}
            </Link>
          )}
        </div>
      </header>
      <div className="customer-wall-title">
        {event.wallImage && <img className="customer-wall-image" src={event.wallImage} alt="" />}
        <h2>{event.wallTitle || event.name}</h2>
      </div>
      {event.permissions.canModerate && <p className="customer-wall-hint">{t('customerWall.hint')}</p>}
      {shown.length === 0 ? (
        <p className="empty">{t('customerWall.empty')}</p>
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
