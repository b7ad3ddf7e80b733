import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n';

/**
 * A form's row of buttons: its submit, not pressable while the form is being sent; any buttons of its own
 * (`children`); then Cancel when the form can be left without saving.
 */
export function FormActions({
  submit,
  busy,
  onCancel,
  children,
}: {
  submit: string;
  busy: boolean;
  onCancel?: () => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="actions">
      <button type="submit" className="button" disabled={busy}>
        {submit}
      </button>
      {children}
      {onCancel && (
        <button type="button" className="button button-secondary" onClick={onCancel}>
          {t('common.cancel')}
        </button>
      )}
    </div>
  );
}
