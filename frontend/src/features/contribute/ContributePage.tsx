import { lazy, Suspense } from 'react';
import { EventStatus, Role, type PublicEvent } from '@memory-wall/contracts';
import { useTranslation } from '../../i18n';
import { useSessionUser } from '../../api/auth';
import { Card } from '../../components/ui/Card';
import { Spinner } from '../../components/ui/Spinner';
import { addPageTexts } from '../../i18n/lazy';
import { contributeTexts } from '../../i18n/pages/contribute';
import { ContributeTabs } from './ContributeTabs';
import { EventClosed } from './EventClosed';
import { EventNotFound } from './EventNotFound';
import { useContributeEvent } from './useContributeEvent';

addPageTexts('contributePage', contributeTexts);

// Only hosts see the wall beside the form: guests never download it.
const HostMemoriesPanel = lazy(() => import('./HostMemoriesPanel').then((m) => ({ default: m.HostMemoriesPanel })));

const HOSTS: readonly Role[] = [Role.Customer, Role.ServiceProvider, Role.Owner];

/** /contribute, /contribute/{id, code or slug}, /contribute?code=… (spec §2 Contribute page). */
export function ContributePage() {
  const { event, isLoading, refusal, unavailable } = useContributeEvent();
  const { user, isLoading: sessionLoading } = useSessionUser();
  const host = !!user && HOSTS.includes(user.role);

  if (isLoading || sessionLoading) return <Spinner />;
  if (!event) {
    return (
      <main className="page page-narrow">
        {unavailable ? <EventClosed /> : <EventNotFound refusal={refusal} />}
      </main>
    );
  }
  return host ? <HostContribute event={event} /> : <GuestContribute event={event} />;
}

/** Only a live event takes memories (the server refuses the others with the same words). */
const accepting = (event: PublicEvent) => event.status === EventStatus.Live;

function GuestContribute({ event }: { event: PublicEvent }) {
  const { t } = useTranslation();
  if (!accepting(event)) {
    return (
      <main className="page page-narrow">
        <EventClosed event={event} />
      </main>
    );
  }
  return (
    <main className="page page-narrow">
      <Card title={t('contribute.shareTitle')} headingLevel={1} className="contribute-card">
        <p className="muted">{t('contributePage.guestIntro', { event: event.name })}</p>
        <ContributeTabs event={event} />
      </Card>
    </main>
  );
}

/** Customers, providers and owners add memories themselves, with the wall beside the form. */
function HostContribute({ event }: { event: PublicEvent }) {
  const { t } = useTranslation();
  return (
    <main className="page mw-page-wide contribute-host">
      {accepting(event) ? (
        <Card title={t('contributePage.hostTitle')} headingLevel={1} className="contribute-card">
          <p className="muted">{t('contributePage.hostIntro', { event: event.name })}</p>
          <ContributeTabs event={event} />
        </Card>
      ) : (
        <EventClosed event={event} />
      )}
      <Suspense fallback={<Spinner />}>
        <HostMemoriesPanel eventId={event.id} />
      </Suspense>
    </main>
  );
}
