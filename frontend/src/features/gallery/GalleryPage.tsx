import { useState } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { acceptsMemories } from '@memory-wall/contracts';
import { useGetPublicEventQuery } from '../../api/events';
import { useGetMemoriesQuery } from '../../api/memories';
import { Card } from '../../components/ui/Card';
import { Spinner } from '../../components/ui/Spinner';
import { useTranslation } from '../../i18n';
import { useEventLanguage } from '../../i18n/language';
import { addPageTexts } from '../../i18n/lazy';
import { galleryTexts } from '../../i18n/pages/gallery';
import { MemoryCard } from '../memories/MemoryCard';
import { wallColor } from '../memories/wallLayout';

addPageTexts('gallery', galleryTexts);

/** Cards shown at first, and added by each "Show more": a phone lays out and decodes only these. */
export const GALLERY_PAGE = 24;

/**
 * /gallery/{eventId}: the guests' view of the public wall on a phone, a column of cards (more side by side
 * on wider screens) kept current by the live feed, each with a ♥ to give. Not the venue presentation: no
 * operator controls, no rotation.
 */
export function GalleryPage() {
  const { eventId } = useParams();
  if (!eventId) return <Navigate to="/" replace />;
  return <Gallery eventId={eventId} />;
}

function Gallery({ eventId }: { eventId: string }) {
  const { t } = useTranslation();
  const { data: event, isLoading, isError } = useGetPublicEventQuery(eventId);
  useEventLanguage(event?.defaultLanguage);
  const { data: memories = [], isLoading: memoriesLoading } = useGetMemoriesQuery(
    { eventId, approved: true },
    { skip: !event },
  );
  const [shown, setShown] = useState(GALLERY_PAGE);

  if (isLoading) return <Spinner />;
  if (isError || !event)
    return (
      <main className="page page-narrow">
        <Card title={t('gallery.notFoundTitle')} headingLevel={1}>
          <p>{t('gallery.notFoundText')}</p>
          <Link to="/" className="button">
            {t('common.goHome')}
          </Link>
        </Card>
      </main>
    );

  return (
    <main className="gallery" style={{ background: wallColor(event.colorTheme) }}>
      <header className="gallery-header">
        <div>
          <h1>{event.name}</h1>
          <p className="muted">
            {t('gallery.count', { count: memories.length })}
            {memories.length > 0 && <> · {t('gallery.intro')}</>}
          </p>
        </div>
        {acceptsMemories(event) && (
          <Link to={`/contribute/${encodeURIComponent(eventId)}`} className="button">
            {t('gallery.share')}
          </Link>
        )}
      </header>
      {memoriesLoading ? (
        <Spinner />
      ) : memories.length === 0 ? (
        <div className="wall-empty">
          <h2>{t('gallery.emptyTitle')}</h2>
          <p className="muted">{t('gallery.emptyText')}</p>
        </div>
      ) : (
        <>
          <div className="gallery-grid">
            {memories.slice(0, shown).map((memory) => (
              <MemoryCard key={memory.id} memory={memory} variant="normal" heartable />
            ))}
          </div>
          {shown < memories.length && (
            <button
              type="button"
              className="button button-secondary gallery-more"
              onClick={() => setShown(shown + GALLERY_PAGE)}
            >
              {t('gallery.showMore')}
            </button>
          )}
        </>
      )}
    </main>
  );
}
