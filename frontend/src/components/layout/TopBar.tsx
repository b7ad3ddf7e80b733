import { skipToken } from '@reduxjs/toolkit/query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { Role, type SessionUser } from '@memory-wall/contracts';
import { useTranslation, type TextKey } from '../../i18n';
import { errorMessage } from '../../api/api';
import { useLogoutMutation, useSessionUser } from '../../api/auth';
import { useGetEventsQuery } from '../../api/events';
import { showError, showSuccess } from '../ui/toast';
import { LanguageSelect } from './LanguageSelect';

interface Tab {
  to: string;
  label: Extract<TextKey, `nav.${string}`>;
  /** The event whose memories waiting for approval the tab counts (a host's Moderation tab). */
  countsPendingOf?: string;
}

// Loaded only for a host who moderates: it brings the hosts' live feed, which no guest page needs.
const PendingBadge = lazy(() => import('../../features/moderation/PendingBadge'));

const MENU_ID = 'top-bar-menu';

/** Spec §4 Logout: the browser goes to / this long after the session ended. */
export const LOGOUT_REDIRECT_MS = 500;

/** Tabs for signed-in guests (spec §2 Top bar: "others have Wall, Contribute, QR Code"). */
const guestTabs: Tab[] = [
  { to: '/dashboard', label: 'nav.wall' },
  { to: '/contribute', label: 'nav.contribute' },
  { to: '/qrcode', label: 'nav.qrCode' },
];

/**
 * A signed-out visitor gets only the public tabs: Wall (/dashboard) and QR Code (/qrcode) need a session
 * (spec §2 route table), so they would only lead to the sign-in page.
 */
const anonymousTabs: Tab[] = [{ to: '/contribute', label: 'nav.contribute' }];

const tabsByRole: Record<Exclude<Role, typeof Role.Customer>, Tab[]> = {
  [Role.ServiceProvider]: [
    { to: '/events', label: 'nav.events' },
    { to: '/credits', label: 'nav.account' },
  ],
  [Role.Owner]: [
    { to: '/admin', label: 'nav.adminDashboard' },
    { to: '/admin/billing', label: 'nav.billing' },
    { to: '/admin/queues', label: 'nav.queues' },
  ],
  [Role.Guest]: guestTabs,
};

/**
 * Customer tabs: Contribute and Moderation go to the customer's first (newest) event; Moderation is hidden
 * without one or without the permission to moderate, and Contribute then asks for a code like a guest's.
 */
function useCustomerTabs(isCustomer: boolean): Tab[] {
  const { data: events } = useGetEventsQuery(isCustomer ? undefined : skipToken);
  if (!isCustomer) return [];
  const first = events?.[0];
  return [
    { to: '/customer-wall', label: 'nav.wall' },
    { to: first ? `/contribute/${encodeURIComponent(first.id)}` : '/contribute', label: 'nav.contribute' },
    { to: '/qrcode', label: 'nav.qrCode' },
    ...(first?.permissions.canModerate
      ? [
          {
            to: `/events/${encodeURIComponent(first.id)}/moderation`,
            label: 'nav.moderation',
            countsPendingOf: first.id,
          } as Tab,
        ]
      : []),
  ];
}

function tabsFor(user: SessionUser | null | undefined, customerTabs: Tab[]): Tab[] {
  if (!user) return anonymousTabs;
  if (user.role === Role.Customer) return customerTabs;
  return tabsByRole[user.role] ?? guestTabs;
}

export function TopBar() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { user, isLoading } = useSessionUser();
  const customerTabs = useCustomerTabs(user?.role === Role.Customer);
  // No tabs until `me` answers: a signed-in provider should not see the guest tabs flash by.
  const tabs = isLoading ? [] : tabsFor(user, customerTabs);
  // Lives here, not in SessionControls: those unmount as soon as the cleared cache says "signed out".
  const { loggingOut, onLogout } = useLogout();
  const [menuOpen, setMenuOpen] = useState(false);
  // A tab (or any link) followed from the open menu closes it.
  useEffect(() => setMenuOpen(false), [pathname]);

  return (
    <header className={menuOpen ? 'top-bar top-bar-open' : 'top-bar'}>
      <Link to="/" className="brand">
        {t('common.brand')}
      </Link>
      <LanguageSelect />
      {/* On a phone the tabs and the session controls fold into this menu, so the bar stays one line high. */}
      <button
        type="button"
        className="button button-secondary menu-button"
        aria-expanded={menuOpen}
        aria-controls={MENU_ID}
        onClick={() => setMenuOpen((open) => !open)}
      >
        {t('nav.menu')}
      </button>
      <div id={MENU_ID} className="top-bar-menu">
        <nav aria-label={t('nav.main')} className="tabs">
          {tabs.map((tab) => (
            <NavLink key={tab.to} to={tab.to} end={tab.to === '/admin'} className="tab">
              {t(tab.label)}
              {tab.countsPendingOf && (
                <Suspense fallback={null}>
                  <PendingBadge eventId={tab.countsPendingOf} />
                </Suspense>
              )}
            </NavLink>
          ))}
        </nav>
        {user ? (
          <SessionControls user={user} onLogout={onLogout} loggingOut={loggingOut} />
        ) : (
          !isLoading &&
          !loggingOut &&
          pathname !== '/signin' && (
            <Link to="/signin" className="button">
              {t('common.signIn')}
            </Link>
          )
        )}
      </div>
      {loggingOut && <LogoutOverlay />}
    </header>
  );
}

/** Spec §4 Logout: overlay while it runs; on success a toast, the cache cleared (by the endpoint), / after 500 ms. */
function useLogout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [logout] = useLogoutMutation();
  const [loggingOut, setLoggingOut] = useState(false);
  const redirect = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(redirect.current), []);

  const onLogout = async () => {
    setLoggingOut(true);
    try {
      await logout().unwrap();
      showSuccess(t('nav.loggedOut'), t('nav.loggedOutText'));
      redirect.current = setTimeout(() => void navigate('/'), LOGOUT_REDIRECT_MS);
    } catch (error) {
      setLoggingOut(false);
      showError(t('nav.logoutFailed'), errorMessage(error));
    }
  };

  return { loggingOut, onLogout };
}

const PROFILE_ROLES: readonly Role[] = [Role.Owner, Role.ServiceProvider, Role.Customer];

/** Profile button, 'Logged in as', Logout. */
function SessionControls({
  user,
  onLogout,
  loggingOut,
}: {
  user: SessionUser;
  onLogout: () => void;
  loggingOut: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="session">
      {PROFILE_ROLES.includes(user.role) && (
        <Link to="/myprofile" className="button button-secondary">
          {t('nav.profile')}
        </Link>
      )}
      <span className="muted">{t('nav.loggedInAs', { username: user.username })}</span>
      <button type="button" className="button" onClick={onLogout} disabled={loggingOut}>
        {t('nav.logout')}
      </button>
    </div>
  );
}

function LogoutOverlay() {
  const { t } = useTranslation();
  return (
    <div className="overlay" role="status" aria-busy="true">
      <div className="spinner" aria-hidden="true" />
      <p>{t('nav.loggingOut')}</p>
    </div>
  );
}
