import { skipToken } from '@reduxjs/toolkit/query';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { useGetEventByCodeQuery, useGetPublicEventQuery } from '../../api/events';
import { Card } from '../../components/ui/Card';
import { Spinner } from '../../components/ui/Spinner';
import { EventNotFound } from './EventNotFound';
import { MessageForm } from './MessageForm';

/** The event to contribute to: from /contribute/{eventId}, or from /contribute?code={eventCode}. */
function useContributeEvent() {
  const { eventId } = useParams();
  const [searchParams] = useSearchParams();
  const code = searchParams.get('code')?.trim().toUpperCase();
  const byId = useGetPublicEventQuery(eventId ?? skipToken);
  const byCode = useGetEventByCodeQuery(!eventId && code ? code : skipToken);
  return eventId ? byId : byCode;
}

export function ContributePage() {
  const { t } = useTranslation();
  const { data: event, isLoading } = useContributeEvent();

  return (
    <main className="page page-narrow">
      {isLoading ? (
        <Spinner />
      ) : !event ? (
        <EventNotFound />
      ) : (
        <Card title={t('contribute.shareTitle')} headingLevel={1}>
          <p className="muted">{t('contribute.shareIntro', { event: event.name })}</p>
          <MessageForm event={event} />
        </Card>
      )}
    </main>
  );
}
