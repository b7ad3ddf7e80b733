import { Link, Navigate } from 'react-router';
import { Role } from '@memory-wall/contracts';
import { useTranslation } from '../../i18n';
import { useSessionUser } from '../../api/auth';
import { Card } from '../../components/ui/Card';
import { dashboardTexts } from '../../i18n/pages/dashboard';
import { addPageTexts } from '../../i18n/lazy';

addPageTexts('dashboard', dashboardTexts);

/** Where /dashboard leads each role (spec §2); guests are asked to pick an event. */
const DASHBOARD_BY_ROLE: Partial<Record<Role, string>> = {
  [Role.ServiceProvider]: '/events',
  [Role.Customer]: '/customer-wall',
  [Role.Owner]: '/admin',
};

/** /dashboard (signed-in only: the route guard has a user by the time this renders). */
export function DashboardPage() {
  const { t } = useTranslation();
  const { user } = useSessionUser();
  const destination = user && DASHBOARD_BY_ROLE[user.role];
  if (destination) return <Navigate to={destination} replace />;

  return (
    <main className="page page-narrow">
      <Card title={t('dashboard.pickTitle')} headingLevel={1}>
        <p>{t('dashboard.pickText')}</p>
        <Link to="/event-code" className="button">
          {t('dashboard.enterCode')}
        </Link>
      </Card>
    </main>
  );
}
