import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { AuthMessages } from '@memory-wall/contracts';
import { useTranslation } from '../../i18n';
import { errorMessage } from '../../api/api';
import { useRequestPasswordResetMutation } from '../../api/account';
import { Card } from '../../components/ui/Card';
import { TextField } from '../../components/ui/TextField';
import { showError } from '../../components/ui/toast';
import { authTexts } from '../../i18n/pages/auth';
import { addPageTexts } from '../../i18n/lazy';

addPageTexts('auth', authTexts);

/**
 * /forgot-password: asks for a reset link by mail. The answer is the same whether or not the account exists
 * (the server's, and so this page's).
 */
export function ForgotPasswordPage() {
  const { t, language } = useTranslation();
  const [requestReset, { isLoading }] = useRequestPasswordResetMutation();
  const [emailOrUsername, setEmailOrUsername] = useState('');
  const [error, setError] = useState<string>();
  const [sent, setSent] = useState(false);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!emailOrUsername.trim()) return setError(AuthMessages.emailOrUsernameRequired);
    setError(undefined);
    try {
      await requestReset({ emailOrUsername: emailOrUsername.trim(), language }).unwrap();
      setSent(true);
    } catch (failure) {
      showError(t('auth.resetFailed'), errorMessage(failure) ?? t('common.unknownError'));
    }
  };

  return (
    <main className="page page-narrow">
      <Card title={t('auth.forgotTitle')} headingLevel={1}>
        {sent ? (
          <p role="status">{t('auth.linkSent')}</p>
        ) : (
          <form onSubmit={onSubmit} noValidate className="form">
            <p className="muted">{t('auth.forgotIntro')}</p>
            <TextField
              label={t('auth.emailOrUsername')}
              autoComplete="username"
              value={emailOrUsername}
              onChange={(e) => setEmailOrUsername(e.target.value)}
              error={error}
            />
            <button type="submit" className="button" disabled={isLoading}>
              {isLoading ? t('auth.sendingLink') : t('auth.sendLink')}
            </button>
          </form>
        )}
        <p>
          <Link to="/signin">{t('auth.backToSignIn')}</Link>
        </p>
      </Card>
    </main>
  );
}
