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
import { ComingSoon } from './ComingSoon';
import { LiveBadge } from './LiveBadge';
import { forScreen, useNamedScreen } from './namedScreen';
import { useOfflineShell } from '../../serviceWorker';
import { addPageTexts } from '../../i18n/lazy';
import { displayTexts } from '../../i18n/pages/display';

addPageTexts('display', displayTexts);

/**
 * How wide a card's image is on this wall (the img `sizes`): the grid's columns are at least 280 px, so
 * a card is the width of a phone, or about 300 px (never over 600) on larger screens, where the card
 * rendition (800 px) is sharp, even at twice the pixel density.
 */
export const DISPLAY_CARD_SIZES = '(max-width: 640px) 100vw, 400px';

/** Full-screen live wall for venue screens: approved memories, kept current by the live socket. */
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

  if (isLoading) return <Spinner />;
  if (isError || !event) {
    return (
      <main className="display display-centered">
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
  return (
    <main className="display" data-screen={screen.name ?? undefined}>
      <header className="display-header">
        <h1>{event.wallTitle || event.name}</h1>
        <div className="display-controls">
          <LiveBadge eventId={eventId} />
          <FullscreenButton className="button button-secondary" />
        </div>
      </header>
      {memoriesLoading ? (
        <Spinner />
      ) : memories.length === 0 ? (
        <p className="empty">{t('display.empty')}</p>
      ) : (
        <section
          className="memory-grid"
          aria-labelledby="display-memories"
          data-columns={columns ?? 'auto'}
          style={columns ? { gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` } : undefined}
        >
          {/* Memory titles are h3s: a heading between them and the page's h1 keeps the outline in order. */}
          <h2 id="display-memories" className="visually-hidden">
            {t('display.memoriesHeading')}
          </h2>
          {memories.map((memory) => (
            <MemoryCard key={memory.id} memory={memory} sizes={DISPLAY_CARD_SIZES} customer={actionsOf?.(memory)} />
          ))}
        </section>
      )}
    </main>
  );
}
