import { skipToken } from '@reduxjs/toolkit/query';
import { Link, useParams } from 'react-router';
import { Role, type HostEvent, type PublicEvent } from '@memory-wall/contracts';
import { useTranslation } from '../../i18n';
import { errorStatus } from '../../api/api';
import { useSessionUser } from '../../api/auth';
import { useGetEventsQuery, useGetPublicEventQuery } from '../../api/events';
import { useGetEventQuery } from '../../api/hostEvents';
import { Card } from '../../components/ui/Card';
import { Spinner } from '../../components/ui/Spinner';
import { QrCodePanel } from './QrCodePanel';

/** The customer's most recently created event (spec §2 QR code page). */
function newest(events: HostEvent[] | undefined): HostEvent | undefined {
  return events?.reduce<HostEvent | undefined>(
    (latest, event) => (!latest || Date.parse(event.createdAt) > Date.parse(latest.createdAt) ? event : latest),
    undefined,
  );
}

/**
 * /qrcode and /qrcode/{eventId} (owner, guest, customer). Hosts read their own event (drafts too); a guest
 * reads the public one. Without an id a customer gets their newest event; a guest is asked for a code.
 */
export function QrCodePage() {
  const { t } = useTranslation();
  const { eventId } = useParams();
  const { user } = useSessionUser();
  const role = user?.role;
  const isHost = role === Role.Owner || role === Role.Customer;
  const hostEvent = useGetEventQuery(eventId && isHost ? eventId : skipToken);
  const publicEvent = useGetPublicEventQuery(eventId && user && !isHost ? eventId : skipToken);
  const customerEvents = useGetEventsQuery(!eventId && role === Role.Customer ? undefined : skipToken);

  let body;
  if (!user) {
    body = <Spinner />;
  } else if (eventId) {
    const { data, error, isLoading } = isHost ? hostEvent : publicEvent;
    body = isLoading ? <Spinner /> : data ? <EventQr event={data} /> : <LoadProblem error={error} />;
  } else if (role === Role.Customer) {
    const { data, error, isLoading } = customerEvents;
    const event = newest(data);
    body = isLoading ? (
      <Spinner />
    ) : event ? (
      <EventQr event={event} />
    ) : error ? (
      <LoadProblem error={error} />
    ) : (
      <p>{t('qrcode.noEventCustomer')}</p>
    );
  } else if (role === Role.Owner) {
    body = (
      <>
        <p>{t('qrcode.noEventOwner')}</p>
        <Link to="/events" className="button">
          {t('qrcode.goToEvents')}
        </Link>
      </>
    );
  } else {
    body = (
      <>
        <h2>{t('qrcode.noEventTitle')}</h2>
        <p>{t('qrcode.noEventGuest')}</p>
        <Link to="/event-code" className="button">
          {t('qrcode.enterCode')}
        </Link>
      </>
    );
  }

  return (
    <main className="page page-narrow">
      <Card title={t('pages.qrCode')} headingLevel={1} className="qr-card">
        {body}
      </Card>
    </main>
  );
}

function EventQr({ event }: { event: PublicEvent }) {
  const { t } = useTranslation();
  return (
    <>
      <p className="muted">{t('qrcode.intro', { name: event.name })}</p>
      <QrCodePanel event={event} />
    </>
  );
}

function LoadProblem({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const status = errorStatus(error);
  return (
    <p role="alert">
      {status === 404 || status === 403 || status === 400 ? t('qrcode.notFound') : t('qrcode.loadFailed')}
    </p>
  );
}
