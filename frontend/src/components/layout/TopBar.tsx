import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';

/** Tabs for guests and signed-out visitors (spec §2 Top bar); the auth issue adds the role-specific tabs. */
const guestTabs = [
  { to: '/dashboard', label: 'nav.wall' },
  { to: '/contribute', label: 'nav.contribute' },
  { to: '/qrcode', label: 'nav.qrCode' },
] as const;

export function TopBar() {
  const { t } = useTranslation();
  const { pathname } = useLocation();

  return (
    <header className="top-bar">
      <Link to="/" className="brand">
        {t('common.brand')}
      </Link>
      <nav aria-label={t('nav.main')} className="tabs">
        {guestTabs.map((tab) => (
          <NavLink key={tab.to} to={tab.to} className="tab">
            {t(tab.label)}
          </NavLink>
        ))}
      </nav>
      {pathname !== '/signin' && (
        <Link to="/signin" className="button">
          {t('common.signIn')}
        </Link>
      )}
    </header>
  );
}
