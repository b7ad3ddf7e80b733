import { skipToken } from '@reduxjs/toolkit/query';
import { Link, Navigate, useParams } from 'react-router';
import { Role } from '@memory-wall/contracts';
import { useTranslation } from '../../i18n';
import { useSessionUser } from '../../api/auth';
import { useGetEventQuery } from '../../api/hostEvents';
import { Spinner } from '../../components/ui/Spinner';
import { eventsTexts } from '../../i18n/pages/events';
import { addPageTexts } from '../../i18n/lazy';
import { EventForm } from './EventForm';
import { EventLoadError } from './EventLoadError';

addPageTexts('events', eventsTexts);

function BackLink({ to = '/events' }: { to?: string }) {
  const { t } = useTranslation();
  return (
    <Link to={to} className="ev-back">
      ← {t('events.backToEvents')}
    </Link>
  );
}

/** /events/new (owners and providers). */
export function NewEventPage() {
  const { t } = useTranslation();
  return (
    <main className="page ev-page">
      <BackLink />
      <h1>{t('events.createTitle')}</h1>
      <EventForm />
    </main>
  );
}

/**
 * /events/{id}/edit. A customer whose planner lets them edit the event's details gets this form (with the
 * wall's fields only if they may edit those too); the others change the wall on the wall settings page.
 */
export function EditEventPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const { user } = useSessionUser();
  const isCustomer = user?.role === Role.Customer;
  const { data: event, error, isLoading } = useGetEventQuery(id ?? skipToken);

  if (isCustomer && id && event && !event.permissions.canEditDetails) {
    return <Navigate to={`/wall-settings/${encodeURIComponent(id)}`} replace />;
  }

  return (
    <main className="page ev-page">
      <BackLink to={isCustomer && id ? `/events/${encodeURIComponent(id)}` : '/events'} />
      <h1>{t('events.editTitle')}</h1>
      {isLoading ? <Spinner /> : event ? <EventForm key={event.id} event={event} /> : <EventLoadError error={error} />}
    </main>
  );
}
