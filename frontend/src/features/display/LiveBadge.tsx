import { useTranslation } from '../../i18n';
import { useAppSelector } from '../../app/hooks';
import { selectLiveConnected } from '../../api/liveStatus';
import { addPageTexts } from '../../i18n/lazy';
import { displayTexts } from '../../i18n/pages/display';

addPageTexts('display', displayTexts);

export function LiveBadge({ eventId }: { eventId: string }) {
  const { t } = useTranslation();
  const connected = useAppSelector((state) => selectLiveConnected(state, eventId));
  return (
    <span className={connected ? 'badge badge-live' : 'badge badge-offline'} data-testid="live-badge">
      {connected ? t('display.live') : t('display.offline')}
    </span>
  );
}
