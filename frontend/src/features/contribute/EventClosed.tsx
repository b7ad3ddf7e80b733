import { Link } from 'react-router';
import type { PublicEvent } from '@memory-wall/contracts';
import { useTranslation } from '../../i18n';
import { Card } from '../../components/ui/Card';

/**
 * Shown instead of the form when the event takes no memories (not live), so that a guest learns it
 * before typing anything. `event` is absent when the server would not show the event at all (a draft).
 * A completed event's wall stays public, so the guest is offered it.
 */
export function EventClosed({ event }: { event?: PublicEvent }) {
  const { t } = useTranslation();
  return (
    <Card title={t('contribute.closedTitle')} headingLevel={1}>
      <p>{t('contribute.closedText')}</p>
      {event ? (
        <Link to={`/display/${encodeURIComponent(event.id)}`} className="button">
          {t('thankYou.viewWall')}
        </Link>
      ) : (
        <Link to="/event-code" className="button">
          {t('contribute.enterCode')}
        </Link>
      )}
    </Card>
  );
}
