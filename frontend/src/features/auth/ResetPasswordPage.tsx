import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { AuthMessages } from '@memory-wall/contracts';
import { useTranslation } from '../../i18n';
import { errorMessage } from '../../api/api';
import { useResetPasswordMutation } from '../../api/account';
import { Card } from '../../components/ui/Card';
import { NewPasswordField } from '../../components/ui/NewPasswordField';
import { showError } from '../../components/ui/toast';
import { hasErrors, useFormFields, type FieldErrors } from '../../components/ui/useFormFields';
import { authTexts } from '../../i18n/pages/auth';
import { addPageTexts } from '../../i18n/lazy';

addPageTexts('auth', authTexts);

type Field = 'password' | 'passwordConfirm';

/**
 * /reset-password?token=…: the mailed link's form. The token's account decides the password rule (its role),
 * so the server judges it; the page only checks that both fields match.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [resetPassword, { isLoading }] = useResetPasswordMutation();
  const { values, setErrors, field } = useFormFields<Field>({ password: '', passwordConfirm: '' });
  const [done, setDone] = useState(false);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const invalid: FieldErrors<Field> = {};
    if (!values.password) invalid.password = AuthMessages.passwordRequired;
    if (values.password !== values.passwordConfirm) invalid.passwordConfirm = AuthMessages.ownPasswordMismatch;
    setErrors(invalid);
    if (hasErrors(invalid)) return;
    try {
      await resetPassword({ token, ...values }).unwrap();
      setDone(true);
    } catch (failure) {
      showError(t('auth.resetFailed'), errorMessage(failure) ?? t('common.unknownError'));
    }
  };

  let body;
  if (done) body = <p role="status">{t('auth.resetDone')}</p>;
  else if (!token)
    body = (
      <p>
        {t('auth.resetNoToken')} <Link to="/forgot-password">{t('auth.forgotPassword')}</Link>
      </p>
    );
  else
    body = (
      <form onSubmit={onSubmit} noValidate className="form">
        <NewPasswordField label={t('auth.newPassword')} hint={t('auth.resetHint')} {...field('password')} />
        <NewPasswordField label={t('auth.confirmPassword')} {...field('passwordConfirm')} />
        <button type="submit" className="button" disabled={isLoading}>
          {isLoading ? t('auth.resetting') : t('auth.resetSubmit')}
        </button>
      </form>
    );

  return (
    <main className="page page-narrow">
      <Card title={t('auth.resetTitle')} headingLevel={1}>
        {body}
        <p>
          <Link to="/signin">{t('auth.backToSignIn')}</Link>
        </p>
      </Card>
    </main>
  );
}
