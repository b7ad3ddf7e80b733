import { useId, useState } from 'react';
import { Link } from 'react-router';
import { EventStatus, type HostEvent } from '@memory-wall/contracts';
import { useTranslation } from '../../i18n';
import { useFormat } from '../../i18n/format';
import { CustomerCredentialsPanel } from '../customers/CustomerCredentialsPanel';
import { creditsUsed } from './eventFormat';
import type { EventAction } from './useEventActions';

interface Props {
  event: HostEvent;
  /** Owners and providers: status actions and the customer panel. Customers only view. */
  canManage: boolean;
  busy: boolean;
  onAction(action: EventAction, event: HostEvent): void;
}

/** One event on the list: name (to its dashboard), status, credits used, actions by status (spec §2 Events list). */
export function EventCard({ event, canManage, busy, onAction }: Props) {
  const { t } = useTranslation();
  const format = useFormat();
  const titleId = useId();
  const panelId = useId();
  const [customersOpen, setCustomersOpen] = useState(false);
  const href = `/events/${encodeURIComponent(event.id)}`;
  const date = format.day(event.eventDate);
  const isDraft = event.status === EventStatus.Draft;

  // The card's everyday action is to open the event; completing it (for good) is the quieter button.
  const view = (
    <Link to={href} className={event.status === EventStatus.Live ? 'button' : 'button button-secondary'}>
      {t('events.view')}
    </Link>
  );

  return (
    <li className="ev-card" aria-labelledby={titleId}>
      <div className="ev-card-head">
        <h2 id={titleId} className="ev-card-title">
          <Link to={href}>{event.name}</Link>
        </h2>
        <span className={`badge ev-status ev-status-${event.status}`}>{t(`events.status.${event.status}`)}</span>
      </div>
      <p className="ev-meta">
        <span>{t(`events.eventType.${event.eventType}`)}</span>
        {date && <span>{date}</span>}
        {event.eventCode && <span>{t('events.code', { code: event.eventCode })}</span>}
        {!isDraft && <span>{t('events.contributions', { count: event.contributionsCount ?? 0 })}</span>}
      </p>
      <p className="muted ev-credits-used">
        {creditsUsed(event) === 0 ? t('events.noCreditUsed') : t('events.oneCreditUsed')}
      </p>
      <div className="actions">
        {!canManage ? (
          view
        ) : event.status === EventStatus.Draft ? (
          <>
            <button type="button" className="button" disabled={busy} onClick={() => onAction('publish', event)}>
              {t('events.publish')}
            </button>
            <Link to={`${href}/edit`} className="button button-secondary">
              {t('common.edit')}
            </Link>
            <button
              type="button"
              className="button button-secondary ev-danger-outline"
              disabled={busy}
              onClick={() => onAction('delete', event)}
            >
              {t('events.delete')}
            </button>
          </>
        ) : event.status === EventStatus.Live ? (
          <>
            {view}
            <button
              type="button"
              className="button button-secondary"
              disabled={busy}
              onClick={() => onAction('complete', event)}
            >
              {t('events.complete')}
            </button>
          </>
        ) : (
          view
        )}
        {canManage && (
          <button
            type="button"
            className="button button-secondary"
            disabled={busy}
            aria-label={t('events.duplicateNamed', { name: event.name })}
            onClick={() => onAction('duplicate', event)}
          >
            {t('events.duplicate')}
          </button>
        )}
        {canManage && (
          <button
            type="button"
            className="button button-secondary"
            aria-expanded={customersOpen}
            aria-controls={customersOpen ? panelId : undefined}
            onClick={() => setCustomersOpen((open) => !open)}
          >
            {t('events.customersToggle')}
          </button>
        )}
      </div>
      {canManage && customersOpen && (
        <div id={panelId}>
          <CustomerCredentialsPanel eventId={event.id} />
        </div>
      )}
    </li>
  );
}
