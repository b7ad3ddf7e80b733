import { skipToken } from '@reduxjs/toolkit/query';
import { Link, useParams } from 'react-router';
import { useTranslation } from '../../i18n';
import { useEventLanguage } from '../../i18n/language';
import { useGetPublicEventQuery } from '../../api/events';
import { useGetMemoriesQuery } from '../../api/memories';
import { Card } from '../../components/ui/Card';
import { Spinner } from '../../components/ui/Spinner';
import { useCustomerActions } from '../customer-wall/useCustomerActions';
import { MemoryCard } from '../memories/MemoryCard';
import { FullscreenButton } from '../presentation/FullscreenButton';
import { entranceClass, useWindowSize, wallColor } from '../memories/wallLayout';
import { screenLook, titleStyle } from '../presentation/layout';
import { useIdle } from '../presentation/useIdle';
import '../presentation/presentation.css';
import { ScreenStage } from '../presentation/ScreenStage';
import { ComingSoon } from './ComingSoon';
import { displayGrid } from './displayGrid';
import { JoinPanel } from './JoinPanel';
import { LiveBadge } from './LiveBadge';
import { forScreen, useNamedScreen } from './namedScreen';
import { useOfflineShell } from '../../serviceWorker';
import { addPageTexts } from '../../i18n/lazy';
import { displayTexts } from '../../i18n/pages/display';

addPageTexts('display', displayTexts);

/**
 * Full-screen live wall for venue screens: the newest approved memories that fit the screen (displayGrid),
 * kept current by the live socket, beside the QR code and the event code. It never scrolls. The host's ♡
 * and ⚑ (a customer's laptop driving the screen) show only while someone moves the mouse, like the
 * presentation's controls: the room never sees them.
 */
export function DisplayPage() {
  const { t } = useTranslation();
  const { eventId = '' } = useParams();
  const { data: event, isLoading, isError } = useGetPublicEventQuery(eventId);
  useEventLanguage(event?.defaultLanguage, { screen: true });
  // Waits for the event, so no socket is opened for an event that is not available.
  const { data: allMemories = [], isLoading: memoriesLoading } = useGetMemoriesQuery(
    event ? { eventId, approved: true } : skipToken,
  );
  useOfflineShell(allMemories);
  const screen = useNamedScreen(event);
  const memories = forScreen(allMemories, screen.layout);
  // The customer's full screen (from the customer wall): Feature and Flag as round icon buttons (spec §2).
  const actionsOf = useCustomerActions(eventId);
  const idle = useIdle();
  const size = useWindowSize();
  const grid = displayGrid(size.width, size.height, screen.layout?.columns);
  // Each card is about 1/columns of the screen wide (the img `sizes`).
  const cardSizes = `${Math.round(100 / grid.columns)}vw`;

  if (isLoading) return <Spinner />;
  if (isError || !event) {
    return (
      <main className="pr-page pr-centered">
        <Card title={t('display.notAvailableTitle')} headingLevel={1}>
          <p>{t('display.notAvailableText')}</p>
          <Link to="/" className="button">
            {t('display.returnHome')}
          </Link>
        </Card>
      </main>
    );
  }

  if (event.screens.comingSoon) return <ComingSoon event={event} />;

  const columns = screen.layout?.columns;
  const shown = memories.slice(0, grid.count);
  return (
    <main
      className={`pr-page ${screenLook(event.eventType)}${idle ? ' pr-idle' : ''}`}
      data-screen={screen.name ?? undefined}
      style={{ background: wallColor(event.colorTheme) }}
    >
      <header className="pr-title">
        <h1 style={titleStyle(event.wallTitle || event.name)}>{event.wallTitle || event.name}</h1>
        <LiveBadge eventId={eventId} />
      </header>
      <div className="pr-controls">
        <FullscreenButton className="pr-button" />
      </div>
      <ScreenStage
        headingId="display-memories"
        heading={t('display.memoriesHeading')}
        loading={memoriesLoading}
        emptyText={shown.length === 0 ? t('display.empty') : null}
      >
        <div
          className={`pr-grid ${entranceClass(event.animationStyle)}`}
          data-testid="display-grid"
          data-columns={columns ?? 'auto'}
          style={{
            gridTemplateColumns: `repeat(${grid.columns}, minmax(0, 1fr))`,
            gridTemplateRows: `repeat(${grid.rows}, minmax(0, 1fr))`,
          }}
        >
          {shown.map((memory) => (
            <div key={memory.id} className="pr-cell">
              <MemoryCard memory={memory} sizes={cardSizes} customer={actionsOf?.(memory)} />
            </div>
          ))}
        </div>
      </ScreenStage>
      <JoinPanel event={event} className="display-join" />
    </main>
  );
}
