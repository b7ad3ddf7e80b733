import { Link } from 'react-router';
import { EVENT_STATUSES, EVENT_TYPES, type AdminEvent, type HostEvent } from '@memory-wall/contracts';
import { useTranslation } from '../../i18n';
import { useFormat } from '../../i18n/format';
import type { RecordColumn } from '../../components/ui/RecordsTable';

/**
 * The columns of the owner's event tables: name, type, status, date, contributions, View. The All Events
 * table adds the provider; there every column the server sorts by is sortable.
 */
export function useEventColumns(): RecordColumn<HostEvent>[];
export function useEventColumns(options: { withProvider: true }): RecordColumn<AdminEvent>[];
export function useEventColumns(options?: { withProvider: true }): RecordColumn<AdminEvent>[] {
  const { t } = useTranslation();
  const format = useFormat();
  const sortable = Boolean(options?.withProvider);
  const typeLabel = (type: string) =>
    (EVENT_TYPES as readonly string[]).includes(type) ? t(`admin.eventTypes.${type as HostEvent['eventType']}`) : type;
  const statusLabel = (status: string) =>
    (EVENT_STATUSES as readonly string[]).includes(status)
      ? t(`admin.statuses.${status as HostEvent['status']}`)
      : status;
  const sortKey = (key: string) => (sortable ? key : undefined);
  return [
    { label: t('admin.event'), sortKey: sortKey('name'), cell: (event) => event.name },
    ...(options?.withProvider
      ? [
          {
            label: t('admin.provider'),
            sortKey: 'serviceProviderName',
            cell: (event: AdminEvent) => event.serviceProviderName ?? t('admin.noProvider'),
          },
        ]
      : []),
    { label: t('admin.eventType'), sortKey: sortKey('eventType'), cell: (event) => typeLabel(event.eventType) },
    {
      label: t('admin.status'),
      sortKey: sortKey('status'),
      cell: (event) => <span className={`cr-badge cr-status-${event.status}`}>{statusLabel(event.status)}</span>,
    },
    {
      label: t('admin.date'),
      sortKey: sortKey('eventDate'),
      nowrap: true,
      cell: (event) => format.date(event.eventDate) || <span className="muted">{t('admin.notSpecified')}</span>,
    },
    {
      label: t('admin.contributions'),
      numeric: true,
      sortKey: sortKey('contributionsCount'),
      cell: (event) => event.contributionsCount ?? 0,
    },
    {
      label: t('admin.actions'),
      hidden: true,
      cell: (event) => (
        <Link
          to={`/events/${encodeURIComponent(event.id)}`}
          className="button button-secondary cr-small"
          aria-label={t('admin.viewEvent', { name: event.name })}
        >
          {t('admin.view')}
        </Link>
      ),
    },
  ];
}
