import { QRCodeSVG } from 'qrcode.react';
import type { PublicEvent } from '@memory-wall/contracts';
import { useTranslation } from '../../i18n';
import { addPageTexts } from '../../i18n/lazy';
import { screensTexts } from '../../i18n/pages/screens';
import { wallColor } from '../memories/wallLayout';

addPageTexts('screens', screensTexts);

/** Where a guest shares a memory: the event's code page, or its id's. */
export const contributeUrlOf = (event: Pick<PublicEvent, 'id' | 'eventCode'>) =>
  `${window.location.origin}${event.eventCode ? `/contribute?code=${encodeURIComponent(event.eventCode)}` : `/contribute/${event.id}`}`;

/** Reveal mode (issue #27): the screens show this card, with the QR code, until the host reveals the wall. */
export function ComingSoon({ event }: { event: PublicEvent }) {
  const { t } = useTranslation();
  const url = contributeUrlOf(event);
  return (
    <main className="coming-soon" data-testid="coming-soon" style={{ background: wallColor(event.colorTheme) }}>
      <div className="coming-soon-card">
        <p className="coming-soon-event">{event.wallTitle || event.name}</p>
        <h1>{t('screens.comingSoonTitle')}</h1>
        <p>{t('screens.comingSoonText')}</p>
        <figure data-url={url}>
          <QRCodeSVG value={url} size={512} level="H" marginSize={1} title={t('screens.scanToShare')} />
          <figcaption>{t('screens.scanToShare')}</figcaption>
        </figure>
      </div>
    </main>
  );
}
