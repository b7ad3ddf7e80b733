import { skipToken } from '@reduxjs/toolkit/query';
import { QRCodeSVG } from 'qrcode.react';
import { useCallback, useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Role, type PublicMemory, type ScreenLayout, type SessionUser } from '@memory-wall/contracts';
import { useTranslation } from '../../i18n';
import { useEventLanguage } from '../../i18n/language';
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
import { screensTexts } from '../../i18n/pages/screens';
import { ComingSoon } from '../display/ComingSoon';
import { contributeUrl } from '../qrcode/contributeUrl';
import { LiveBadge } from '../display/LiveBadge';
import { forScreen, useNamedScreen } from '../display/namedScreen';
import { useCustomerActions } from '../customer-wall/useCustomerActions';
import { MemoryCard } from '../memories/MemoryCard';
import { entranceClass, useWindowSize, wallColor } from '../memories/wallLayout';
import { clipsOf, clipSlotSeconds } from './clips';
import { FullscreenButton } from './FullscreenButton';
import { presentationLayout, screenLook, titleStyle } from './layout';
import { ScreenStage } from './ScreenStage';
import { autoRefreshSeconds, useAutoRefresh } from './useAutoRefresh';
import { useIdle } from './useIdle';
import { useImagesReady } from './useImagesReady';
import { useMusic } from './useMusic';
import { useOfflineShell } from '../../serviceWorker';
import { usePacedRotation } from './usePacedRotation';
import './presentation.css';

addPageTexts('presentation', presentationTexts);
addPageTexts('screens', screensTexts);

// 403, 404, 'not published' or 'not currently available': all read 'Event Not Available'.

/**
 * The QR code's drawing resolution. The stylesheet sizes it to about a quarter of the screen's height,
 * so a phone can scan it from a few metres on a venue screen (spec §9 said 70 px, too small to scan there).
 */
const QR_CODE_PIXELS = 512;

/** Where Exit leads (spec §2 Presentation page). */
export function exitPath(user: SessionUser | null | undefined, eventId: string | undefined): string {
  if (user?.role === Role.Customer) return eventId ? `/events/${eventId}/wall` : '/customer-wall';
  if (user?.role === Role.ServiceProvider || user?.role === Role.Owner)
    return eventId ? `/memories/${eventId}` : '/events';
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

/** Full-screen rotating wall for venue screens (spec §2 Presentation page, §4 Presentation rotation). */
export function PresentationPage() {
  const { t } = useTranslation();
  const { eventId } = useParams();
  const { data: event, isLoading, error, refetch: refetchEvent } = useGetPublicEventQuery(eventId ?? skipToken);
  useEventLanguage(event?.defaultLanguage, { screen: true });
  const {
    data: allMemories = [],
    isLoading: memoriesLoading,
    refetch: refetchMemories,
  } = useGetMemoriesQuery(event && eventId ? { eventId, approved: true, order: event.displayOrder } : skipToken);
  useOfflineShell(allMemories);
  const screen = useNamedScreen(event);
  const memories = forScreen(allMemories, screen.layout);
  // The page's full refresh: the event (its wall settings may have changed) and its memories.
  const refresh = useCallback(() => {
    void refetchEvent();
    void refetchMemories();
  }, [refetchEvent, refetchMemories]);

  if (!eventId) return <NotAvailable text={t('presentation.noEventText')} />;
  if (isLoading) return <Spinner />;
  // A refresh that fails for a passing reason (network, 5xx) keeps the last event on the screen.
  const status = errorStatus(error);
  if (!event || status === 403 || status === 404) return <NotAvailable text={t('presentation.notAvailableText')} />;
  if (event.screens.comingSoon) return <ComingSoon event={event} />;
  return (
    <Presentation
      eventId={eventId}
      event={event}
      layoutOf={screen.layout}
      memories={memories}
      memoriesLoading={memoriesLoading}
      refresh={refresh}
    />
  );
}

interface PresentationProps {
  eventId: string;
  /** A named screen's layout (columns: memories at a time; speed: seconds per rotation). */
  layoutOf?: ScreenLayout;
  event: NonNullable<ReturnType<typeof useGetPublicEventQuery>['data']>;
  memories: PublicMemory[];
  memoriesLoading: boolean;
  refresh: () => void;
}

function Presentation({ eventId, event, layoutOf, memories, memoriesLoading, refresh }: PresentationProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: user } = useMeQuery();
  const limit = Math.max(1, layoutOf?.columns ?? (event.numberOfImagesDisplay || 3));
  const screen = useWindowSize();
  const idle = useIdle();
  // The customer's own presentation: Feature and Flag as round icon buttons on each memory (spec §2).
  const actionsOf = useCustomerActions(eventId);

  // Without a live connection, refresh every autoRefresh seconds, at most once per 5 s (spec §4).
  const connected = useAppSelector((state) => selectLiveConnected(state, eventId));
  const { data: settings } = useGetSettingsQuery();
  useAutoRefresh(refresh, autoRefreshSeconds(settings?.autoRefresh), !connected);

  // Images are loaded for the largest place a memory can get, before it may enter the rotation.
  const isReady = useImagesReady(
    memories,
    presentationLayout(Math.min(limit, memories.length), screen.width, screen.height).sizes[0],
  );
  const [playing, setPlaying] = useState(true);
  const slotSecondsOf = useCallback(
    (ids: readonly string[]) =>
      clipSlotSeconds(
        memories.filter((memory) => ids.includes(memory.id)),
        event.voiceOnScreens,
      ),
    [memories, event.voiceOnScreens],
  );
  const { selection, round, remaining, rotateNow, waiting } = usePacedRotation({
    memories,
    limit,
    slotSeconds: layoutOf?.speed ?? (event.transitionTime || 20),
    slotSecondsOf,
    playing,
    loading: memoriesLoading,
    order: event.displayOrder,
    isReady,
  });

  const exit = useCallback(() => navigate(exitPath(user, eventId)), [navigate, user, eventId]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      if (target && ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName)) return;
      if (e.key === ' ' || e.key === 'p' || e.key === 'P') {
        e.preventDefault();
        setPlaying((p) => !p);
      } else if (e.key === 'r' || e.key === 'R') rotateNow();
      else if (e.key === 'Escape') void exit();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [rotateNow, exit]);

  const music = useMusic(event.enableMusic);

  const byId = new Map(memories.map((m) => [m.id, m]));
  const shownMemories = selection.map((id) => byId.get(id)).filter((m): m is PublicMemory => !!m);
  const layout = presentationLayout(shownMemories.length, screen.width, screen.height);
  // The set's clips play one at a time, in order; each new set starts with its first.
  const clips = clipsOf(shownMemories, event.voiceOnScreens);
  const [clipTurn, setClipTurn] = useState({ round, index: 0 });
  const turn = clipTurn.round === round ? clipTurn.index : 0;
  const playingClip = playing ? clips[turn]?.id : undefined;
  const joinUrl = contributeUrl(event);

  return (
    <main
      className={`pr-page ${screenLook(event.eventType)}${idle ? ' pr-idle' : ''}`}
      style={{ background: wallColor(event.colorTheme) }}
    >
      <header className="pr-title">
        {event.wallImage && <img className="pr-featured" src={event.wallImage} alt={t('presentation.featuredImage')} />}
        <h1 style={titleStyle(event.wallTitle || event.name)}>{event.wallTitle || event.name}</h1>
        <LiveBadge eventId={eventId} />
      </header>
      <div
        className="pr-controls"
        role="toolbar"
        aria-label={t('presentation.controls')}
        data-testid="presentation-controls"
      >
        <span className="pr-chip pr-countdown" data-testid="countdown">
          {playing ? t('presentation.countdown', { seconds: remaining }) : t('presentation.paused')}
        </span>
        <span className="pr-chip" data-testid="layout-label">
          {t(`presentation.layout.${layout.name}`)}
        </span>
        <span className="pr-chip" data-testid="shown-count">
          {t('presentation.count', { shown: shownMemories.length, total: memories.length })}
        </span>
        {waiting > 0 && (
          <span className="pr-chip pr-waiting" data-testid="queue-count">
            {t('presentation.waiting', { count: waiting })}
          </span>
        )}
        <button type="button" className="pr-button" onClick={() => setPlaying((p) => !p)}>
          {playing ? t('presentation.pause') : t('presentation.play')}
        </button>
        {event.enableMusic && (
          <button type="button" className="pr-button" aria-pressed={music.on} onClick={music.toggle}>
            {music.on ? t('presentation.musicOn') : t('presentation.musicOff')}
          </button>
        )}
        <button type="button" className="pr-button" onClick={rotateNow}>
          {t('presentation.rotate')}
        </button>
        <FullscreenButton className="pr-button" />
        <button type="button" className="pr-button" onClick={exit}>
          {t('presentation.exit')}
        </button>
      </div>
      <ScreenStage
        headingId="presentation-memories"
        heading={t('presentation.memoriesHeading')}
        loading={memoriesLoading}
        emptyText={memories.length === 0 ? t('presentation.empty') : null}
      >
        <div
          key={round}
          className={`pr-grid ${entranceClass(event.animationStyle)}`}
          data-testid="presentation-grid"
          data-layout={`${shownMemories.length}`}
          style={layout.style}
        >
          {shownMemories.map((memory, i) => (
            <div key={memory.id} className="pr-cell" style={{ gridArea: layout.areas[i] }}>
              <MemoryCard
                memory={memory}
                sizes={layout.sizes[i]}
                customer={actionsOf?.(memory)}
                clip={{
                  playing: memory.id === playingClip,
                  onEnded: () => setClipTurn({ round, index: turn + 1 }),
                }}
              />
            </div>
          ))}
        </div>
      </ScreenStage>
      <figure className="pr-qr" data-testid="presentation-qr" data-url={joinUrl}>
        <QRCodeSVG value={joinUrl} size={QR_CODE_PIXELS} level="H" marginSize={1} title={t('presentation.qr')} />
        <figcaption>
          {t('presentation.scanToShare')}
          {/* For a phone that cannot scan: the code to type on the event code page. */}
          {event.eventCode && (
            <span className="pr-code">
              {t('screens.eventCode')} <strong>{event.eventCode}</strong>
            </span>
          )}
        </figcaption>
      </figure>
    </main>
  );
}
