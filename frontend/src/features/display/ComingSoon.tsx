import type { PublicEvent } from '@memory-wall/contracts';
import { useTranslation } from '../../i18n';
import { addPageTexts } from '../../i18n/lazy';
import { screensTexts } from '../../i18n/pages/screens';
import { wallColor } from '../memories/wallLayout';
import { JoinPanel } from './JoinPanel';

addPageTexts('screens', screensTexts);

/**
 * Reveal mode (issue #27): the screens show this card until the host reveals the wall. It fills the screen,
 * its text sized to the screen (readable across a room), beside the QR code and the event code.
 */
export function ComingSoon({ event }: { event: PublicEvent }) {
  const { t } = useTranslation();
  return (
    <main className="coming-soon" data-testid="coming-soon" style={{ background: wallColor(event.colorTheme) }}>
      <div className="coming-soon-text">
        <p className="coming-soon-event">{event.wallTitle || event.name}</p>
        <h1>{t('screens.comingSoonTitle')}</h1>
        <p>{t('screens.comingSoonText')}</p>
      </div>
      <JoinPanel event={event} className="coming-soon-join" />
    </main>
  );
}
