import type { FormEvent } from 'react';
import { AuthMessages, ownPasswordProblem, type Role } from '@memory-wall/contracts';
import { useTranslation } from '../../i18n';
import { errorFields, errorMessage } from '../../api/api';
import { useChangePasswordMutation } from '../../api/account';
import { NewPasswordField } from '../../components/ui/NewPasswordField';
import { TextField } from '../../components/ui/TextField';
import { FormActions } from '../../components/ui/FormActions';
import { showError, showSuccess } from '../../components/ui/toast';
import { hasErrors, pickFieldErrors, useFormFields, type FieldErrors } from '../../components/ui/useFormFields';

type Field = 'currentPassword' | 'newPassword' | 'confirmPassword';

const EMPTY: Record<Field, string> = { currentPassword: '', newPassword: '', confirmPassword: '' };
const SERVER_FIELDS: Record<Field, readonly string[]> = {
  currentPassword: ['currentPassword'],
  newPassword: ['newPassword'],
  confirmPassword: ['confirmPassword'],
};

interface Props {
  id: string;
  role: Role;
  /** Called after the password changed or the form was cancelled. */
  onDone(): void;
}

/** Spec §5: the own-password rule of the role, and the confirmation (toast titles 'Invalid Password', 'Password Mismatch'). */
export function ChangePasswordForm({ id, role, onDone }: Props) {
  const { t } = useTranslation();
  const [changePassword, { isLoading }] = useChangePasswordMutation();
  const { values, setErrors, field } = useFormFields<Field>(EMPTY);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const invalid: FieldErrors<Field> = {};
    if (!values.currentPassword) invalid.currentPassword = AuthMessages.passwordRequired;
    const problem = ownPasswordProblem(role, values.newPassword);
    if (problem) invalid.newPassword = problem;
    if (values.confirmPassword !== values.newPassword) invalid.confirmPassword = AuthMessages.ownPasswordMismatch;
    setErrors(invalid);
    if (problem) showError(t('profile.invalidPassword'), problem);
    else if (invalid.confirmPassword) showError(t('profile.passwordMismatch'), invalid.confirmPassword);
    if (hasErrors(invalid)) return;

    try {
      await changePassword(values).unwrap();
      showSuccess(t('profile.passwordChanged'), t('profile.passwordChangedText'));
      onDone();
    } catch (error) {
      setErrors(pickFieldErrors(errorFields(error), SERVER_FIELDS));
      showError(t('profile.passwordChangeFailed'), errorMessage(error) ?? t('profile.passwordChangeFailedText'));
    }
  };

  return (
    <form id={id} onSubmit={onSubmit} noValidate className="form">
      <TextField
        label={t('profile.currentPassword')}
        type="password"
        autoComplete="current-password"
        {...field('currentPassword')}
      />
      <NewPasswordField label={t('profile.newPassword')} {...field('newPassword')} />
      <NewPasswordField label={t('profile.confirmNewPassword')} {...field('confirmPassword')} />
      <FormActions submit={t('profile.updatePassword')} busy={isLoading} onCancel={onDone} />
    </form>
  );
}
