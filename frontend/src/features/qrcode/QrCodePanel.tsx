import { QRCodeCanvas } from 'qrcode.react';
import { useRef } from 'react';
import { useTranslation } from '../../i18n';
import { showError } from '../../components/ui/toast';
import { qrCodeTexts } from '../../i18n/pages/qrcode';
import { addPageTexts } from '../../i18n/lazy';
import { contributeUrl, qrFileName } from './contributeUrl';

addPageTexts('qrcode', qrCodeTexts);

/** Spec §9: error correction H, margin 1, 200 px. */
export const QR_SIZE = 200;

interface QrEvent {
  id: string;
  name: string;
  eventCode: string | null;
}

/** The canvas as a PNG data address; throws when the QR code was not drawn. */
function pngOf(canvas: HTMLCanvasElement | null): string {
  const data = canvas?.toDataURL('image/png');
  if (!data || !data.startsWith('data:image/png')) throw new Error('The QR code could not be drawn');
  return data;
}

/**
 * An event's QR code to its contribute page, its code, Download (PNG), Print and the link itself
 * (spec §2 QR code page; also the QR dialog of the event dashboard).
 */
export function QrCodePanel({ event }: { event: QrEvent }) {
  const { t } = useTranslation();
  const canvas = useRef<HTMLCanvasElement>(null);
  const url = contributeUrl(event);

  /** The QR code as a PNG address, or null once the user is told it could not be made. */
  const qrPng = (): string | null => {
    try {
      return pngOf(canvas.current);
    } catch {
      showError(t('qrcode.generateError'), t('qrcode.generateErrorText'));
      return null;
    }
  };

  const download = () => {
    const data = qrPng();
    if (!data) return;
    const link = document.createElement('a');
    link.href = data;
    link.download = qrFileName(event);
    document.body.append(link);
    link.click();
    link.remove();
  };

  const print = () => {
    const data = qrPng();
    if (!data) return;
    const win = window.open('', '_blank', 'width=600,height=760');
    if (!win) {
      showError(t('qrcode.printError'), t('qrcode.printErrorText'));
      return;
    }
    try {
      const doc = win.document;
      doc.title = event.name;
      const style = doc.createElement('style');
      style.textContent =
        'body{font-family:system-ui,sans-serif;text-align:center;padding:2rem}img{width:320px;height:320px}code{font-size:1.5rem;letter-spacing:.2em}';
      doc.head.append(style);
      const heading = doc.createElement('h1');
      heading.textContent = event.name;
      const lead = doc.createElement('p');
      lead.textContent = t('qrcode.printHeading');
      const image = doc.createElement('img');
      image.alt = t('qrcode.image', { name: event.name });
      const code = doc.createElement('p');
      if (event.eventCode) {
        const codeText = doc.createElement('code');
        codeText.textContent = event.eventCode;
        code.append(`${t('qrcode.codeLabel')}: `, codeText);
      }
      const address = doc.createElement('p');
      address.textContent = url;
      doc.body.append(heading, lead, image, code, address);
      image.onload = () => {
        win.focus();
        win.print();
      };
      image.src = data;
    } catch {
      win.close();
      showError(t('qrcode.printError'), t('qrcode.printErrorText'));
    }
  };

  return (
    <div className="qr-panel">
      <QRCodeCanvas
        ref={canvas}
        value={url}
        size={QR_SIZE}
        level="H"
        marginSize={1}
        aria-label={t('qrcode.image', { name: event.name })}
        className="qr-canvas"
      />
      {event.eventCode && (
        <p className="qr-code">
          <span className="muted">{t('qrcode.codeLabel')}</span>{' '}
          <strong data-testid="event-code">{event.eventCode}</strong>
        </p>
      )}
      <div className="actions qr-actions">
        <button type="button" className="button" onClick={download}>
          {t('qrcode.download')}
        </button>
        <button type="button" className="button button-secondary" onClick={print}>
          {t('qrcode.print')}
        </button>
        <a href={url} target="_blank" rel="noopener noreferrer" className="button button-secondary">
          {t('qrcode.testLink')}
        </a>
      </div>
    </div>
  );
}
