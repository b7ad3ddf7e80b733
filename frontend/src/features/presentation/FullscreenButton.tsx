import { useTranslation } from '../../i18n';
import { addPageTexts } from '../../i18n/lazy';
import { presentationTexts } from '../../i18n/pages/presentation';
import { useFullscreen } from './useFullscreen';

addPageTexts('presentation', presentationTexts);

/** Full Screen on a venue screen, through the browser's Fullscreen API; none where the browser has none. */
export function FullscreenButton({ className }: { className?: string }) {
  const { t } = useTranslation();
  const fullscreen = useFullscreen();
  if (!fullscreen.supported) return null;
  return (
    <button type="button" className={className} aria-pressed={fullscreen.active} onClick={fullscreen.toggle}>
      {fullscreen.active ? t('presentation.exitFullScreen') : t('presentation.fullScreen')}
    </button>
  );
}
