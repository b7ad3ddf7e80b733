import { useTranslation } from '../../i18n';
import { Dialog } from '../events/Dialog';
import { SHORTCUTS } from './useModerationKeys';

/** The list of the moderation page's keys (opened with ?; Escape closes it). */
export function ShortcutsDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  return (
    <Dialog
      title={t('moderationPage.shortcutsTitle')}
      onClose={onClose}
      actions={
        <button type="button" className="button" onClick={onClose}>
          {t('moderationPage.shortcutsClose')}
        </button>
      }
    >
      <dl className="mod-shortcuts">
        {SHORTCUTS.map(({ key, text }) => (
          <div key={key}>
            <dt>
              <kbd>{key}</kbd>
            </dt>
            <dd>{t(text)}</dd>
          </div>
        ))}
      </dl>
    </Dialog>
  );
}
