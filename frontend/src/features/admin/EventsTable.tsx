import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EVENT_STATUSES, EVENT_TYPES, type HostEvent } from '@memory-wall/contracts';
import { formatDate } from '../credits/format';

interface EventsTableProps {
  caption: string;
  events: readonly HostEvent[];
  /** The provider column (All Events); left out on a provider's own page. */
  provider?(event: HostEvent): string;
}

/** Events as the owner lists them: name, (provider,) type, status, date, contributions, View. */
export function EventsTable({ caption, events, provider }: EventsTableProps) {
  const { t } = useTranslation();
  const typeLabel = (type: string) => ((EVENT_TYPES as readonly string[]).includes(type) ? t(`admin.eventTypes.${type as HostEvent['eventType']}`) : type);
  const statusLabel = (status: string) =>
    (EVENT_STATUSES as readonly string[]).includes(status) ? t(`admin.statuses.${status as HostEvent['status']}`) : status;
  return (
    <div className="cr-table-wrap">
      <table className="cr-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('admin.event')}</th>
            {provider && <th scope="col">{t('admin.provider')}</th>}
            <th scope="col">{t('admin.eventType')}</th>
            <th scope="col">{t('admin.status')}</th>
            <th scope="col">{t('admin.date')}</th>
            <th scope="col" className="cr-num">
              {t('admin.contributions')}
            </th>
            <th scope="col">
              <span className="visually-hidden">{t('admin.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {events.map((event) => (
            <tr key={event.id}>
              <th scope="row">{event.name}</th>
              {provider && <td>{provider(event)}</td>}
              <td>{typeLabel(event.eventType)}</td>
              <td>
                <span className={`cr-badge cr-status-${event.status}`}>{statusLabel(event.status)}</span>
              </td>
              <td className="cr-nowrap">{formatDate(event.eventDate) || <span className="muted">{t('admin.notSpecified')}</span>}</td>
              <td className="cr-num">{event.contributionsCount ?? 0}</td>
              <td>
                <Link
                  to={`/events/${encodeURIComponent(event.id)}`}
                  className="button button-secondary cr-small"
                  aria-label={t('admin.viewEvent', { name: event.name })}
                >
                  {t('admin.view')}
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
