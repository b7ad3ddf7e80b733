import { skipToken } from '@reduxjs/toolkit/query';
import { QRCodeSVG } from 'qrcode.react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Role, type PublicMemory, type SessionUser } from '@memory-wall/contracts';
import { useTranslation } from '../../i18n';
import { useMeQuery } from '../../api/auth';
import { useAppSelector } from '../../app/hooks';
import { errorStatus } from '../../api/api';
import { useGetPublicEventQuery } from '../../api/events';
import { selectLiveConnected } from '../../api/liveStatus';
import { useGetMemoriesQuery } from '../../api/memories';
import { useGetSettingsQuery } from '../../api/settings';
import { Spinner } from '../../components/ui/Spinner';
import { addPageTexts } from '../../i18n/lazy';
import { presentationTexts } from '../../i18n/pages/presentation';
import { LiveBadge } from '../display/LiveBadge';
import { MemoryCard } from '../memories/MemoryCard';
import { entranceClass } from '../memories/wallLayout';
import { columnsFor, selectNext, type RotationState } from './rotation';
import { autoRefreshSeconds, useAutoRefresh } from './useAutoRefresh';
import { useCountdown } from './useCountdown';
import { useMusic } from './useMusic';
import { useOfflineShell } from '../../serviceWorker';

addPageTexts('presentation', presentationTexts);

// 403, 404, 'not published' or 'not currently available': all read 'Event Not Available'.

/** Where Exit leads (spec §2 Presentation page). */
export function exitPath(user: SessionUser | null | undefined, eventId: string | undefined): string {
  if (user?.role === Role.Customer) return eventId ? `/events/${eventId}/wall` : '/customer-wall';
  if (user?.role === Role.ServiceProvider || user?.role === Role.Owner) return eventId ? `/memories/${eventId}` : '/events';
  return '/';
}

function NotAvailable({ text }: { text: string }) {
  const { t } = useTranslation();
  return (
    <main className="pr-page pr-centered">
      <div className="card">
        <h1>{t('presentation.notAvailableTitle')}</h1>
        <p>{text}</p>
        <Link to="/" className="button">
          {t('presentation.returnHome')}
        </Link>
      </div>
    </main>
  );
}

const NEW_MEMORY_DELAY_MS = 500;

/** Full-screen rotating wall for venue screens (spec §2 Presentation page, §4 Presentation rotation). */
export function PresentationPage() {
  const { t } = useTranslation();
  const { eventId } = useParams();
  const { data: event, isLoading, error, refetch: refetchEvent } = useGetPublicEventQuery(eventId ?? skipToken);
  const {
    data: memories = [],
    isLoading: memoriesLoading,
    refetch: refetchMemories,
  } = useGetMemoriesQuery(event && eventId ? { eventId, approved: true, order: event.displayOrder } : skipToken);
  useOfflineShell(memories);
  // The page's full refresh: the event (its wall settings may have changed) and its memories.
  const refresh = useCallback(() => {
    refetchEvent();
    refetchMemories();
  }, [refetchEvent, refetchMemories]);

  if (!eventId) return <NotAvailable text={t('presentation.noEventText')} />;
  if (isLoading) return <Spinner />;
  // A refresh that fails for a passing reason (network, 5xx) keeps the last event on the screen.
  const status = errorStatus(error);
  if (!event || status === 403 || status === 404) return <NotAvailable text={t('presentation.notAvailableText')} />;
  return <Presentation eventId={eventId} event={event} memories={memories} memoriesLoading={memoriesLoading} refresh={refresh} />;
}

interface PresentationProps {
  eventId: string;
  event: NonNullable<ReturnType<typeof useGetPublicEventQuery>['data']>;
  memories: PublicMemory[];
  memoriesLoading: boolean;
  refresh: () => void;
}

function Presentation({ eventId, event, memories, memoriesLoading, refresh }: PresentationProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: user } = useMeQuery();
  const limit = Math.max(1, event.numberOfImagesDisplay || 3);

  // Without a live connection, refresh every autoRefresh seconds, at most once per 5 s (spec §4).
  const connected = useAppSelector((state) => selectLiveConnected(state, eventId));
  const { data: settings } = useGetSettingsQuery();
  useAutoRefresh(refresh, autoRefreshSeconds(settings?.autoRefresh), !connected);

  const [selection, setSelection] = useState<string[]>([]);
  /** Counts rotations: each new set mounts afresh, so its entrance animation plays again. */
  const [round, setRound] = useState(0);
  const [playing, setPlaying] = useState(true);
  const rotation = useRef<RotationState>({ shown: new Set(), fresh: new Set() });
  const known = useRef<Set<string> | null>(null);
  const latest = useRef(memories);
  latest.current = memories;

  const rotate = useCallback(() => {
    const next = selectNext(latest.current, rotation.current, limit);
    rotation.current = { shown: next.shown, fresh: next.fresh };
    setSelection(next.selection);
    setRound((r) => r + 1);
  }, [limit]);

  const { remaining, restart } = useCountdown(event.transitionTime || 20, playing, rotate);
  const rotateNow = useCallback(() => {
    rotate();
    restart();
  }, [rotate, restart]);

  // First set once the memories are there; a memory that arrives later is shown at the next rotation, 500 ms on.
  useEffect(() => {
    if (memoriesLoading) return;
    if (known.current === null) {
      known.current = new Set(memories.map((m) => m.id));
      rotateNow();
      return;
    }
    const added = memories.filter((m) => !known.current!.has(m.id));
    if (added.length === 0) return;
    for (const m of added) known.current.add(m.id);
    rotation.current = { ...rotation.current, fresh: new Set([...rotation.current.fresh, ...added.map((m) => m.id)]) };
    const timer = setTimeout(rotateNow, NEW_MEMORY_DELAY_MS);
    return () => clearTimeout(timer);
  }, [memories, memoriesLoading, rotateNow]);

  const exit = useCallback(() => navigate(exitPath(user, eventId)), [navigate, user, eventId]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      if (target && ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName)) return;
      if (e.key === ' ' || e.key === 'p' || e.key === 'P') {
        e.preventDefault();
        setPlaying((p) => !p);
      } else if (e.key === 'r' || e.key === 'R') rotateNow();
      else if (e.key === 'Escape') exit();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [rotateNow, exit]);

  const music = useMusic(event.enableMusic);

  const byId = new Map(memories.map((m) => [m.id, m]));
  const shownMemories = selection.map((id) => byId.get(id)).filter((m): m is PublicMemory => !!m);
  const width = typeof window === 'undefined' ? 1920 : window.innerWidth;
  const columns = columnsFor(limit, Math.max(1, shownMemories.length), width);
  const contributeUrl = `${window.location.origin}${event.eventCode ? `/contribute?code=${encodeURIComponent(event.eventCode)}` : `/contribute/${eventId}`}`;
  const background = !event.colorTheme || event.colorTheme === 'default' ? '#D6E6F6' : event.colorTheme;

  return (
    <main className="pr-page" style={{ background }}>
      <header className="pr-header">
        <div className="pr-title">
          {event.wallImage && <img className="pr-featured" src={event.wallImage} alt={t('presentation.featuredImage')} />}
          <h1>{event.wallTitle || event.name}</h1>
        </div>
        <div className="pr-controls">
          <span className="badge pr-countdown" data-testid="countdown">
            {playing ? t('presentation.countdown', { seconds: remaining }) : t('presentation.paused')}
          </span>
          <span className="pr-meta" data-testid="layout-label">
            {t('presentation.columns', { count: columns })}
          </span>
          <span className="pr-meta" data-testid="shown-count">
            {t('presentation.count', { shown: shownMemories.length, total: memories.length })}
          </span>
          <LiveBadge eventId={eventId} />
          <button type="button" onClick={() => setPlaying((p) => !p)}>
            {playing ? t('presentation.pause') : t('presentation.play')}
          </button>
          {event.enableMusic && (
            <button type="button" aria-pressed={music.on} onClick={music.toggle}>
              {music.on ? t('presentation.musicOn') : t('presentation.musicOff')}
            </button>
          )}
          <button type="button" onClick={rotateNow}>
            {t('presentation.rotate')}
          </button>
          <button type="button" onClick={exit}>
            {t('presentation.exit')}
          </button>
        </div>
      </header>
      {memoriesLoading ? (
        <Spinner />
      ) : memories.length === 0 ? (
        <p className="empty">{t('presentation.empty')}</p>
      ) : (
        <div
          key={round}
          className={`pr-grid ${entranceClass(event.animationStyle)}`}
          data-testid="presentation-grid"
          style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}
        >
          {shownMemories.map((memory) => (
            <MemoryCard key={memory.id} memory={memory} />
          ))}
        </div>
      )}
      <figure className="pr-qr" data-testid="presentation-qr" data-url={contributeUrl}>
        <QRCodeSVG value={contributeUrl} size={70} level="H" marginSize={1} title={t('presentation.qr')} />
        <figcaption>{t('presentation.scanToShare')}</figcaption>
      </figure>
    </main>
  );
}
