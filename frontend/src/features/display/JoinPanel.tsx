import { QRCodeSVG } from 'qrcode.react';
import type { PublicEvent } from '@memory-wall/contracts';
import { useTranslation } from '../../i18n';
import { addPageTexts } from '../../i18n/lazy';
import { screensTexts } from '../../i18n/pages/screens';
import { contributeUrl } from '../qrcode/contributeUrl';

addPageTexts('screens', screensTexts);

/**
 * How a guest in the room joins, on every venue screen: the QR code, and for a phone that cannot scan it
 * the event code and where to type it (the code page on this site). Sized by its container's CSS.
 */
export function JoinPanel({ event, className }: { event: Pick<PublicEvent, 'id' | 'eventCode'>; className: string }) {
  const { t } = useTranslation();
  const url = contributeUrl(event);
  return (
    <figure className={`join-panel ${className}`} data-testid="join-panel" data-url={url}>
      <QRCodeSVG value={url} size={512} level="H" marginSize={1} title={t('screens.scanToShare')} />
      <figcaption>
        <span className="join-scan">{t('screens.scanToShare')}</span>
        {event.eventCode && (
          <>
            <span className="join-where">
              {t('screens.orEnterCode', { address: `${window.location.host}/event-code` })}
            </span>
            <strong
              className="join-code"
              aria-label={`${t('screens.eventCode')}: ${event.eventCode.split('').join(' ')}`}
            >
              {event.eventCode}
            </strong>
          </>
        )}
      </figcaption>
    </figure>
  );
}
