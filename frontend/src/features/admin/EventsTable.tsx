import { Link } from 'react-router';
import { EVENT_STATUSES, EVENT_TYPES, type HostEvent } from '@memory-wall/contracts';
import { useTranslation } from '../../i18n';
import { useFormat } from '../../i18n/format';
import { DataTable } from '../../components/ui/DataTable';

interface EventsTableProps {
  caption: string;
  events: readonly HostEvent[];
  /** The provider column (All Events); left out on a provider's own page. */
  provider?(event: HostEvent): string;
}

/** Events as the owner lists them: name, (provider,) type, status, date, contributions, View. */
export function EventsTable({ caption, events, provider }: EventsTableProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const typeLabel = (type: string) =>
    (EVENT_TYPES as readonly string[]).includes(type) ? t(`admin.eventTypes.${type as HostEvent['eventType']}`) : type;
  const statusLabel = (status: string) =>
    (EVENT_STATUSES as readonly string[]).includes(status)
      ? t(`admin.statuses.${status as HostEvent['status']}`)
      : status;
  return (
    <DataTable
      caption={caption}
      columns={[
        { label: t('admin.event') },
        ...(provider ? [{ label: t('admin.provider') }] : []),
        { label: t('admin.eventType') },
        { label: t('admin.status') },
        { label: t('admin.date') },
        { label: t('admin.contributions'), numeric: true },
        { label: t('admin.actions'), hidden: true },
      ]}
    >
      {events.map((event) => (
        <tr key={event.id}>
          <th scope="row">{event.name}</th>
          {provider && <td>{provider(event)}</td>}
          <td>{typeLabel(event.eventType)}</td>
          <td>
            <span className={`cr-badge cr-status-${event.status}`}>{statusLabel(event.status)}</span>
          </td>
          <td className="cr-nowrap">
            {format.date(event.eventDate) || <span className="muted">{t('admin.notSpecified')}</span>}
          </td>
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
    </DataTable>
  );
}
