import { useEffect, useId, useRef, type FormEvent, type KeyboardEvent } from 'react';
import { ownPasswordProblem, Role } from '@memory-wall/contracts';
import { useTranslation } from '../../i18n';
import { errorFields, errorMessage } from '../../api/api';
import { useResetProviderPasswordMutation } from '../../api/admin';
import { NewPasswordField } from '../../components/ui/NewPasswordField';
import { showError, showSuccess } from '../../components/ui/toast';
import { hasErrors, useFormFields, type FieldErrors } from '../../components/ui/useFormFields';

type Field = 'newPassword' | 'confirmPassword';
const EMPTY: Record<Field, string> = { newPassword: '', confirmPassword: '' };

interface Props {
  serviceProviderId: string;
  companyName: string;
  onClose(): void;
}

/**
 * The owner sets a new password for a service provider (spec §5: at least 8 letters and digits, toast
 * 'Invalid Password'; the confirmation must match, toast 'Password Mismatch'). The server ends its sessions.
 */
export function ResetPasswordDialog({ serviceProviderId, companyName, onClose }: Props) {
  const { t } = useTranslation();
  const titleId = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const [resetPassword, { isLoading }] = useResetProviderPasswordMutation();
  const { values, setErrors, field } = useFormFields<Field>(EMPTY);

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    dialog.current?.querySelector('input')?.focus();
    return () => opener?.focus?.();
  }, []);

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && !isLoading) onClose();
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const invalid: FieldErrors<Field> = {};
    const problem = ownPasswordProblem(Role.ServiceProvider, values.newPassword);
    if (problem) invalid.newPassword = problem;
    else if (values.confirmPassword !== values.newPassword) invalid.confirmPassword = t('admin.passwordsDiffer');
    setErrors(invalid);
    if (invalid.newPassword) showError(t('admin.invalidPassword'), invalid.newPassword);
    else if (invalid.confirmPassword) showError(t('admin.passwordMismatch'), invalid.confirmPassword);
    if (hasErrors(invalid)) return;

    try {
      await resetPassword({ serviceProviderId, newPassword: values.newPassword }).unwrap();
      showSuccess(t('admin.resetDone'), t('admin.resetDoneText', { name: companyName }));
      onClose();
    } catch (error) {
      const fields = errorFields(error);
      if (fields.newPassword) setErrors({ newPassword: fields.newPassword });
      showError(t('admin.resetFailed'), errorMessage(error));
    }
  };

  return (
    <div className="dialog-backdrop" onKeyDown={onKeyDown}>
      <div ref={dialog} role="dialog" aria-modal="true" aria-labelledby={titleId} className="dialog cr-dialog">
        <h2 id={titleId}>{t('admin.resetTitle', { name: companyName })}</h2>
        <p className="muted">{t('admin.resetIntro')}</p>
        <form onSubmit={onSubmit} noValidate className="form">
          <NewPasswordField label={t('admin.newPassword')} hint={t('admin.passwordHint')} {...field('newPassword')} />
          <NewPasswordField label={t('admin.confirmPassword')} {...field('confirmPassword')} />
          <div className="actions dialog-actions">
            <button type="submit" className="button" disabled={isLoading}>
              {isLoading ? t('admin.resetting') : t('admin.resetPassword')}
            </button>
            <button type="button" className="button button-secondary" onClick={onClose} disabled={isLoading}>
              {t('common.cancel')}
            </button>
          </div>
        </form>
      </div>
    </div>
  );
}
