import { useTranslation } from '../../i18n';
import { usePendingCount } from './usePendingCount';

/**
 * A count of the memories waiting for approval, for a link to the moderation page: the number shown, the
 * whole sentence read out ("3 memories waiting for approval"). Nothing when none wait.
 */
export function PendingBadge({ eventId }: { eventId: string }) {
  const { t } = useTranslation();
  const count = usePendingCount(eventId);
  if (!count) return null;
  return (
    <span className="pending-badge" data-testid="pending-badge">
      <span aria-hidden="true">{count}</span>
      <span className="visually-hidden">{t('nav.pendingCount', { count })}</span>
    </span>
  );
}

export default PendingBadge;
