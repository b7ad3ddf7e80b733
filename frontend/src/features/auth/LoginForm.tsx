import type { FormEvent } from 'react';
import { AuthMessages } from '@memory-wall/contracts';
import { useTranslation } from '../../i18n';
import { chosenLanguage } from '../../i18n/language';
import { errorMessage } from '../../api/api';
import { useLoginMutation } from '../../api/account';
import { TextField } from '../../components/ui/TextField';
import { showError, showSuccess } from '../../components/ui/toast';
import { hasErrors, useFormFields, type FieldErrors } from '../../components/ui/useFormFields';

type Field = 'emailOrUsername' | 'password';

/** Spec §5 Login. On success the sign-in page moves on, as the `me` cache now holds the user. */
export function LoginForm() {
  const { t } = useTranslation();
  const [login, { isLoading }] = useLoginMutation();
  const { values, setErrors, field } = useFormFields<Field>({ emailOrUsername: '', password: '' });

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const invalid: FieldErrors<Field> = {};
    if (!values.emailOrUsername.trim()) invalid.emailOrUsername = AuthMessages.emailOrUsernameRequired;
    if (!values.password) invalid.password = AuthMessages.passwordRequired;
    setErrors(invalid);
    if (hasErrors(invalid)) return;

    try {
      // A language chosen with the switcher becomes the account's (its mail's). One merely read in (the
      // browser's) is not: an account without a choice gets its event's language for event mail.
      const user = await login({
        emailOrUsername: values.emailOrUsername.trim(),
        password: values.password,
        language: chosenLanguage(),
      }).unwrap();
      showSuccess(t('auth.loginSuccess'), t('auth.welcomeBack', { username: user.username }));
    } catch (error) {
      showError(t('auth.loginFailed'), errorMessage(error) ?? AuthMessages.invalidCredentials);
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate className="form">
      <TextField label={t('auth.emailOrUsername')} autoComplete="username" {...field('emailOrUsername')} />
      <TextField label={t('auth.password')} type="password" autoComplete="current-password" {...field('password')} />
      <button type="submit" className="button" disabled={isLoading}>
        {isLoading ? t('auth.loggingIn') : t('auth.login')}
      </button>
    </form>
  );
}
