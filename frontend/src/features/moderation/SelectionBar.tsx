import { useTranslation } from '../../i18n';
import { ActionButton, type Action } from './ModerationCard';

interface SelectionBarProps {
  count: number;
  actions: readonly Action[];
  busy: boolean;
  onAction(action: Action): void;
  onClear(): void;
}

/** The selected memories' count and what can be done to all of them at once; it follows the page down. */
export function SelectionBar({ count, actions, busy, onAction, onClear }: SelectionBarProps) {
  const { t } = useTranslation();
  return (
    <div
      className={count > 0 ? 'mod-selection-bar' : 'mod-selection-bar mod-selection-bar-empty'}
      role="region"
      aria-label={t('moderationPage.selectionActions')}
    >
      <span className="mod-selection-count" role="status" data-testid="selection-count">
        {count > 0 ? t('moderationPage.selected', { count }) : ''}
      </span>
      {count > 0 && (
        <div className="actions">
          {actions.map((action) => (
            <ActionButton key={action} action={action} onClick={() => onAction(action)} disabled={busy} />
          ))}
          <button type="button" className="button button-secondary" onClick={onClear} disabled={busy}>
            {t('moderationPage.clearSelection')}
          </button>
        </div>
      )}
    </div>
  );
}
