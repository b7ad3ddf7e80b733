import { useState, type ReactNode } from 'react';
import { Link, Navigate, useLocation, useParams } from 'react-router';
import { Role, type HostEvent, type HostMemory } from '@memory-wall/contracts';
import { useTranslation } from '../../i18n';
import { useEventLanguage } from '../../i18n/language';
import { useSessionUser } from '../../api/auth';
import { useGetPublicEventQuery } from '../../api/events';
import { useGetEventQuery } from '../../api/hostEvents';
import { selectLiveConnected } from '../../api/liveStatus';
import {
  useApproveSubmissionMutation,
  useGetHostMemoriesQuery,
  useGetMemoriesQuery,
  useRejectSubmissionMutation,
} from '../../api/memories';
import { useAppSelector } from '../../app/hooks';
import { Card } from '../../components/ui/Card';
import { Spinner } from '../../components/ui/Spinner';
import { showError, showSuccess } from '../../components/ui/toast';
import { addPageTexts } from '../../i18n/lazy';
import { memoryWallTexts } from '../../i18n/pages/memories';
import { NewMemoryAlerts } from '../moderation/NewMemoryAlerts';
import { useUndoableRemoval, useWithoutRemovals } from '../moderation/useUndoableRemoval';
import { BulkUpload } from './BulkUpload';
import { MemoryCard } from './MemoryCard';
import { DelayBar, ScreensPanel } from './ScreensPanel';
import { HOST_ROLES, hostColumns, useWindowWidth, wallColor } from './wallLayout';

addPageTexts('memoryWall', memoryWallTexts);

/** Spec §7: while the live socket is down, the wall asks for memories every 5 s. */
export const WALL_POLL_MS = 5000;
/** Spec §9: the host wall shows this many memories until asked for all. */
export const WALL_VISIBLE = 24;

/** /memories/{eventId} and /events/{eventId}/wall: the hosts' view of an event's wall (spec §2 Memory wall). */
export function MemoryWallPage() {
  const { eventId } = useParams();
  const { pathname } = useLocation();
  const { user } = useSessionUser();
  if (!eventId) return <Navigate to="/" replace />;
  // A customer's wall of /memories/{id} is the customer wall; /events/{id}/wall stays theirs too.
  if (user?.role === Role.Customer && pathname.startsWith('/memories/'))
    return <Navigate to="/customer-wall" replace />;
  if (user && HOST_ROLES.includes(user.role)) return <HostWall eventId={eventId} role={user.role} />;
  return <GuestWall eventId={eventId} />;
}

function HostWall({ eventId, role }: { eventId: string; role: Role }) {
  const { t } = useTranslation();
  const { data: event, isLoading, isError } = useGetEventQuery(eventId);
  useEventLanguage(event?.defaultLanguage);
  const connected = useAppSelector((state) => selectLiveConnected(state, eventId));
  const polling = { pollingInterval: connected ? 0 : WALL_POLL_MS, skip: !event };
  const pending = useGetHostMemoriesQuery({ eventId, filter: 'pending' }, polling);
  const onDisplay = useGetHostMemoriesQuery({ eventId, filter: 'approved' }, polling);
  // A rejected memory leaves at once and waits out its Undo window off the lists.
  const pendingShown = useWithoutRemovals(pending.data);

  if (isLoading) return <Spinner />;
  if (isError || !event) return <EventMissing />;

  const refresh = async () => {
    try {
      await Promise.all([pending.refetch().unwrap(), onDisplay.refetch().unwrap()]);
      showSuccess(t('memoryWall.refreshed'));
    } catch {
      showError(t('memoryWall.refreshFailed'), t('memoryWall.refreshFailedText'));
    }
  };

  const approvedCount = onDisplay.data?.length ?? 0;
  const pendingCount = pendingShown.length;
  return (
    <main className="memory-wall" style={{ background: wallColor(event.colorTheme) }}>
      <header className="memory-wall-header">
        <div>
          <h1>{event.name}</h1>
          <p className="muted">{t('memoryWall.memoryCount', { count: approvedCount })}</p>
        </div>
        <div className="actions">
          <Link to={`/presentation/${encodeURIComponent(eventId)}`} className="button">
            {t('memoryWall.presentationMode')}
          </Link>
          <Link
            to={
              role === Role.Customer
                ? `/wall-settings/${encodeURIComponent(eventId)}`
                : `/events/${encodeURIComponent(eventId)}/edit`
            }
            className="button button-secondary"
          >
            {t('memoryWall.wallSettings')}
          </Link>
          <button
            type="button"
            className="button button-secondary"
            onClick={refresh}
            disabled={pending.isFetching || onDisplay.isFetching}
          >
            {t('memoryWall.refresh')}
          </button>
        </div>
      </header>

      <ScreensPanel event={event} />

      {event.permissions.canModerate && <NewMemoryAlerts eventId={eventId} />}

      {(pending.isLoading || pendingCount > 0) && (
        <PendingSection eventId={eventId} memories={pendingShown} loading={pending.isLoading} />
      )}

      <section className="memory-wall-section" aria-labelledby="on-display-title">
        <h2 id="on-display-title">{t('memoryWall.onDisplay', { count: approvedCount })}</h2>
        {onDisplay.isLoading ? (
          <Placeholders />
        ) : approvedCount > 0 ? (
          <WallGrid memories={onDisplay.data ?? []} eventId={eventId} />
        ) : pending.isLoading ? null : pendingCount > 0 ? (
          <EmptyState title={t('memoryWall.waitingTitle')} text={t('memoryWall.waitingText')} />
        ) : (
          <EmptyState title={t('memoryWall.emptyTitle')} text={t('memoryWall.emptyText')}>
            <Link to={contributeAddress(event)}>{t('memoryWall.contributeLink')}</Link>
          </EmptyState>
        )}
      </section>

      <BulkUpload eventId={eventId} />

      <footer className="memory-wall-footer">
        <span>{t('memoryWall.animation', { style: t(`memoryWall.animationStyle.${event.animationStyle}`) })}</span>
        <span className={connected ? 'badge badge-live' : 'badge badge-offline'} data-testid="wall-live-badge">
          {connected ? t('memoryWall.liveActive') : t('memoryWall.refreshMode')}
        </span>
      </footer>
    </main>
  );
}

const contributeAddress = (event: HostEvent) =>
  event.eventCode
    ? `/contribute?code=${encodeURIComponent(event.eventCode)}`
    : `/contribute/${encodeURIComponent(event.id)}`;

/** 'Submissions awaiting approval (n)' with Approve and Reject on each. */
function PendingSection({ eventId, memories, loading }: { eventId: string; memories: HostMemory[]; loading: boolean }) {
  const { t } = useTranslation();
  const [approve] = useApproveSubmissionMutation();
  const [reject] = useRejectSubmissionMutation();
  const removeLater = useUndoableRemoval();
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const columns = hostColumns(useWindowWidth());

  const run = async (
    id: string,
    action: () => Promise<unknown>,
    success: [string, string],
    failure: [string, string],
  ) => {
    setBusy((ids) => new Set(ids).add(id));
    try {
      await action();
      showSuccess(...success);
    } catch {
      showError(...failure);
    } finally {
      setBusy((ids) => {
        const next = new Set(ids);
        next.delete(id);
        return next;
      });
    }
  };

  return (
    <section className="memory-wall-section memory-wall-pending" aria-labelledby="awaiting-title">
      <h2 id="awaiting-title">{t('memoryWall.awaiting', { count: memories.length })}</h2>
      {loading ? (
        <Placeholders />
      ) : (
        <div className="wall-grid" style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}>
          {memories.map((memory) => (
            <MemoryCard
              key={memory.id}
              memory={memory}
              variant="normal"
              moderation={{
                busy: busy.has(memory.id),
                onApprove: () =>
                  void run(
                    memory.id,
                    () => approve({ id: memory.id, eventId }).unwrap(),
                    [t('memoryWall.approved'), t('memoryWall.approvedText')],
                    [t('memoryWall.approveFailed'), t('memoryWall.approveFailedText')],
                  ),
                // Nothing is lost by a slip: the deletion waits out a toast with Undo.
                onReject: () =>
                  removeLater({
                    ids: [memory.id],
                    commit: () => reject({ id: memory.id, eventId }).unwrap(),
                    title: t('memoryWall.rejected'),
                    description: t('memoryWall.rejectedText'),
                    failed: t('memoryWall.rejectFailed'),
                    failedDescription: t('memoryWall.rejectFailedText'),
                  }),
              }}
            />
          ))}
        </div>
      )}
    </section>
  );
}

/** The memories on display, in the host wall's columns; the first WALL_VISIBLE until asked for all. */
function WallGrid({ memories, eventId }: { memories: HostMemory[]; eventId: string }) {
  const { t } = useTranslation();
  const columns = hostColumns(useWindowWidth());
  const [all, setAll] = useState(false);
  const shown = all ? memories : memories.slice(0, WALL_VISIBLE);
  return (
    <>
      <div className="wall-grid" style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}>
        {shown.map((memory) => (
          <div key={memory.id} className="wall-cell">
            <MemoryCard memory={memory} variant="normal" />
            <DelayBar memory={memory} eventId={eventId} />
          </div>
        ))}
      </div>
      {shown.length < memories.length && (
        <button type="button" className="button button-secondary wall-show-all" onClick={() => setAll(true)}>
          {t('memoryWall.showAll', { count: memories.length })}
        </button>
      )}
    </>
  );
}

/** Grey cards while a list loads. */
export function Placeholders({ count = 3 }: { count?: number }) {
  const { t } = useTranslation();
  return (
    <div className="wall-grid wall-placeholders" role="status" aria-label={t('common.loading')}>
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="memory-placeholder" data-testid="memory-placeholder" />
      ))}
    </div>
  );
}

function EmptyState({ title, text, children }: { title: string; text: string; children?: ReactNode }) {
  return (
    <div className="wall-empty">
      <h3>{title}</h3>
      <p className="muted">{text}</p>
      {children}
    </div>
  );
}

/** The event is not there (or not the caller's); a guest's card is titled with the page's name. */
function EventMissing({ guest = false }: { guest?: boolean }) {
  const { t } = useTranslation();
  return (
    <main className="page page-narrow">
      <Card title={guest ? t('pages.memoryWall') : t('memoryWall.notFoundTitle')} headingLevel={1}>
        <p>{t('memoryWall.notFoundText')}</p>
        <Link to={guest ? '/' : '/events'} className="button">
          {guest ? t('common.goHome') : t('memoryWall.backToEvents')}
        </Link>
      </Card>
    </main>
  );
}

/** A signed-in guest: the public wall of a published event, read-only. */
function GuestWall({ eventId }: { eventId: string }) {
  const { t } = useTranslation();
  const { data: event, isLoading, isError } = useGetPublicEventQuery(eventId);
  useEventLanguage(event?.defaultLanguage);
  const { data: memories = [], isLoading: memoriesLoading } = useGetMemoriesQuery(
    event ? { eventId, approved: true } : { eventId },
    {
      skip: !event,
    },
  );
  const columns = hostColumns(useWindowWidth());
  if (isLoading) return <Spinner />;
  if (isError || !event) return <EventMissing guest />;
  return (
    <main className="memory-wall" style={{ background: wallColor(event.colorTheme) }}>
      <header className="memory-wall-header">
        <div>
          <h1>{event.name}</h1>
          <p className="muted">{t('memoryWall.memoryCount', { count: memories.length })}</p>
        </div>
        <div className="actions">
          <Link to={`/presentation/${encodeURIComponent(eventId)}`} className="button">
            {t('memoryWall.presentationMode')}
          </Link>
        </div>
      </header>
      {memoriesLoading ? (
        <Placeholders />
      ) : memories.length === 0 ? (
        <EmptyState title={t('memoryWall.emptyTitle')} text={t('memoryWall.emptyText')} />
      ) : (
        <div className="wall-grid" style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}>
          {memories.map((memory) => (
            <MemoryCard key={memory.id} memory={memory} variant="normal" />
          ))}
        </div>
      )}
    </main>
  );
}
