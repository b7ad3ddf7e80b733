import { lazy, Suspense } from 'react';
import { acceptsMemories, Role, type PublicEvent } from '@memory-wall/contracts';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n';
import { useEventLanguage } from '../../i18n/language';
import { useSessionUser } from '../../api/auth';
import { useHydrated } from '../../app/useHydrated';
import { mySubmissions } from '../../api/mySubmissions';
import { Card } from '../../components/ui/Card';
import { Spinner } from '../../components/ui/Spinner';
import { addPageTexts } from '../../i18n/lazy';
import { contributeFormTexts, contributePageTexts, thankYouCardTexts } from '../../i18n/pages/contribute';
import { wallColor } from '../memories/wallLayout';
import { ContributeTabs } from './ContributeTabs';
import { EventClosed } from './EventClosed';
import { EventNotFound } from './EventNotFound';
import { useContributeEvent } from './useContributeEvent';

addPageTexts('contributePage', contributePageTexts);
addPageTexts('contribute', contributeFormTexts);
addPageTexts('thankYou', thankYouCardTexts);

// Only a device that sent memories to the event downloads its list of them.
const MyMemoriesPanel = lazy(() =>
  import('../my-memories/MyMemoriesPanel').then((m) => ({ default: m.MyMemoriesPanel })),
);
// Only hosts see the wall beside the form: guests never download it.
const HostMemoriesPanel = lazy(() => import('./HostMemoriesPanel').then((m) => ({ default: m.HostMemoriesPanel })));

const HOSTS: readonly Role[] = [Role.Customer, Role.ServiceProvider, Role.Owner];

/** /contribute, /contribute/{id, code or slug}, /contribute?code=… (spec §2 Contribute page). */
export function ContributePage() {
  const { event, isLoading, refusal, unavailable } = useContributeEvent();
  useEventLanguage(event?.defaultLanguage);
  // The guest form does not wait for the session check: most visitors are guests on a phone, and the
  // answer only adds the host's wall beside the same form.
  const { user } = useSessionUser();
  const host = !!user && HOSTS.includes(user.role);
  const hydrated = useHydrated();

  // While the event is looked up (and in the prerendered HTML): the guest's card with its heading, which
  // stays the same element when the form comes in.
  if (isLoading || !hydrated) return <Contribute host={false} />;
  if (!event) {
    return (
      <main className="page page-narrow">{unavailable ? <EventClosed /> : <EventNotFound refusal={refusal} />}</main>
    );
  }
  return <Contribute event={event} host={host} />;
}

/**
 * Guests get the form; customers, providers and owners add memories themselves, with the wall beside it.
 * Without the event (still looked up) the card holds a spinner.
 * One tree for both, so what a guest has typed stays when the session answer turns the page into a host's.
 * An event that takes no memories says so in the form's place.
 */
function Contribute({ event, host }: { event?: PublicEvent; host: boolean }) {
  const { t } = useTranslation();
  return (
    // The guest is greeted by the event itself: its colours, its picture and its wall's title.
    <main
      className={host ? 'page mw-page-wide contribute-host' : 'page page-narrow contribute-guest'}
      style={event && !host ? { background: wallColor(event.colorTheme) } : undefined}
    >
      {!event || acceptsMemories(event) ? (
        <Card
          title={t(host ? 'contributePage.hostTitle' : 'contribute.shareTitle')}
          headingLevel={1}
          className="contribute-card"
        >
          {event ? (
            <>
              {!host && (
                <div className="contribute-event">
                  {event.wallImage && <img className="contribute-event-image" src={event.wallImage} alt="" />}
                  <p className="contribute-event-title">{event.wallTitle || event.name}</p>
                </div>
              )}
              <p className="muted">
                {t(host ? 'contributePage.hostIntro' : 'contributePage.guestIntro', { event: event.name })}
              </p>
              <ContributeTabs event={event} />
              {!host && (
                <p className="contribute-gallery-link">
                  <Link to={`/gallery/${encodeURIComponent(event.id)}`}>{t('thankYou.seeGallery')}</Link>
                </p>
              )}
            </>
          ) : (
            <Spinner />
          )}
        </Card>
      ) : (
        <EventClosed event={event} />
      )}
      {host && event && (
        <Suspense fallback={<Spinner />}>
          <HostMemoriesPanel eventId={event.id} />
        </Suspense>
      )}
      {!host && event && <MyMemories eventId={event.id} />}
    </main>
  );
}

/**
 * A guest's own memories, when this device sent any to the event: its chunk loads only then. Read after
 * hydration, as the prerendered page cannot know what this device holds.
 */
function MyMemories({ eventId }: { eventId: string }) {
  const hydrated = useHydrated();
  if (!hydrated || mySubmissions(eventId).length === 0) return null;
  return (
    <Suspense fallback={null}>
      <MyMemoriesPanel eventId={eventId} />
    </Suspense>
  );
}
