import { useState } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { HOME_BY_ROLE } from '@memory-wall/contracts';
import { useTranslation } from '../../i18n';
import { useSessionUser } from '../../api/auth';
import type { SignInState } from '../../app/RequireAccess';
import { Card } from '../../components/ui/Card';
import { Spinner } from '../../components/ui/Spinner';
import { Tabs } from '../../components/ui/Tabs';
import { authTexts } from '../../i18n/pages/auth';
import { addPageTexts } from '../../i18n/lazy';
import { LoginForm } from './LoginForm';
import { RegisterForm } from './RegisterForm';

addPageTexts('auth', authTexts);

type Tab = 'login' | 'register';
const TABS: readonly Tab[] = ['login', 'register'];

/** A local address a guard sent the visitor from; never the sign-in pages themselves. */
function returnAddress(state: unknown): string | undefined {
  const from = (state as SignInState | null)?.from;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//')) return undefined;
  return /^\/(signin|auth)(\/|\?|#|$)/.test(from) ? undefined : from;
}

/**
 * /signin: Login and Register tabs. Whoever is signed in (already, or by these forms) goes on to where a
 * guard sent them from, else to their role's home (spec §2 Auth page).
 */
export function SignInPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const { user, isLoading } = useSessionUser();
  const initialTab = (location.state as SignInState | null)?.tab === 'register' ? 'register' : 'login';
  const [tab, setTab] = useState<Tab>(initialTab);

  if (isLoading) return <Spinner />;
  if (user) return <Navigate to={returnAddress(location.state) ?? HOME_BY_ROLE[user.role]} replace />;

  const tabs = TABS.map((name) => ({ id: name, label: name === 'login' ? t('auth.loginTab') : t('auth.registerTab') }));

  return (
    <main className="page page-narrow">
      <Card title={tab === 'login' ? t('auth.signInTitle') : t('auth.registerTitle')} headingLevel={1}>
        <p className="muted">{t('auth.intro')}</p>
        <Tabs
          label={t('auth.signInTitle')}
          tabs={tabs}
          selected={tab}
          onSelect={setTab}
          className="segmented"
          panelClassName=""
        >
          {tab === 'login' ? <LoginForm /> : <RegisterForm />}
        </Tabs>
        {tab === 'login' && (
          <p>
            <Link to="/forgot-password">{t('auth.forgotPassword')}</Link>
          </p>
        )}
      </Card>
    </main>
  );
}
