import { useState } from 'react';
import { Link } from 'react-router';
import { Role, type SessionUser } from '@memory-wall/contracts';
import { useTranslation } from '../../i18n';
import { useFormat } from '../../i18n/format';
import { useSessionUser } from '../../api/auth';
import { Card } from '../../components/ui/Card';
import { DetailList } from '../../components/ui/DetailList';
import { Spinner } from '../../components/ui/Spinner';
import { profileTexts } from '../../i18n/pages/profile';
import { addPageTexts } from '../../i18n/lazy';
import { ChangePasswordForm } from './ChangePasswordForm';
import { PersonalInfo } from './PersonalInfo';
import { rolesTexts } from '../../i18n/pages/roles';

addPageTexts('profile', profileTexts);
addPageTexts('roles', rolesTexts);

/** /myprofile (spec §2 Profile page), for any signed-in user. */
export function ProfilePage() {
  const { t } = useTranslation();
  const { user } = useSessionUser();
  if (!user) return <Spinner />; // the route guard renders this page only with a user

  return (
    <main className="page profile">
      <h1>{t('profile.title')}</h1>
      <PersonalInfo user={user} />
      <AccountInfo user={user} />
      {user.role === Role.ServiceProvider && user.serviceProvider && <CreditsInfo credits={user.serviceProvider} />}
      <Security user={user} />
    </main>
  );
}

function AccountInfo({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const format = useFormat();
  const memberSince = format.date(user.createdAt);
  return (
    <Card title={t('profile.accountInfo')}>
      <DetailList
        rows={[
          [t('profile.username'), user.username],
          [t('profile.role'), t(`roles.${user.role}`)],
          ...(memberSince ? [[t('profile.memberSince'), memberSince] as [string, string]] : []),
        ]}
      />
    </Card>
  );
}

function CreditsInfo({ credits }: { credits: NonNullable<SessionUser['serviceProvider']> }) {
  const { t } = useTranslation();
  return (
    <Card title={t('profile.credits')}>
      <DetailList
        rows={[
          [t('profile.availableCredits'), credits.availableCredits],
          [t('profile.usedCredits'), credits.totalCreditsUsed],
          [t('profile.purchasedCredits'), credits.totalCreditsPurchased],
        ]}
      />
      <Link to="/credits" className="button">
        {t('profile.purchaseMore')}
      </Link>
    </Card>
  );
}

function Security({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const formId = 'change-password-form';
  return (
    <Card title={t('profile.security')}>
      <p className="muted">{t('profile.securityText')}</p>
      <button
        type="button"
        className="button button-secondary"
        aria-expanded={open}
        aria-controls={open ? formId : undefined}
        onClick={() => setOpen((current) => !current)}
      >
        {t('profile.changePassword')}
      </button>
      {open && <ChangePasswordForm id={formId} role={user.role} onDone={() => setOpen(false)} />}
    </Card>
  );
}
