import type { AccessTexts } from './pages/access';
import type { AuthTexts } from './pages/auth';
import type { ContributeFormTexts, ThankYouCardTexts } from './pages/contribute';
import type { DashboardTexts } from './pages/dashboard';
import type { DisplayTexts } from './pages/display';
import type { LandingTexts } from './pages/landing';
import type { ProfileTexts } from './pages/profile';
import type { RolesTexts } from './pages/roles';

/**
 * English texts every page may need. The keys here define the shape every other language must follow.
 * Texts of pages loaded on demand live in ./pages and are added by their chunk (./lazy.ts), so a guest's
 * download carries no sign-in, profile or landing texts.
 */
export const en = {
  common: {
    brand: 'Memory Wall',
    signIn: 'Sign In',
    loading: 'Loading...',
    goHome: 'Go Home',
    submit: 'Submit',
    submitting: 'Submitting...',
    unknownError: 'An unknown error occurred',
    edit: 'Edit',
    save: 'Save',
    saving: 'Saving...',
    cancel: 'Cancel',
  },
  nav: {
    main: 'Main navigation',
    wall: 'Wall',
    contribute: 'Contribute',
    qrCode: 'QR Code',
    events: 'Events',
    account: 'Account',
    moderation: 'Moderation',
    adminDashboard: 'Admin Dashboard',
    billing: 'Billing',
    queues: 'Queues',
    profile: 'Profile',
    loggedInAs: 'Logged in as {{username}}',
    logout: 'Logout',
    loggingOut: 'Logging out...',
    loggedOut: 'Logged out',
    loggedOutText: 'You have been successfully logged out',
    logoutFailed: 'Logout failed',
    language: 'Language',
    menu: 'Menu',
    pendingCount_one: '{{count}} memory waiting for approval',
    pendingCount_other: '{{count}} memories waiting for approval',
  },
  pages: {
    eventCode: 'Join an Event',
    memoryWall: 'Memory Wall',
    customerWall: 'Customer Wall',
    qrCode: 'QR Code',
    eventDashboard: 'Event Dashboard',
    wallSettings: 'Wall Settings',
  },
  notFound: {
    title: '404 Page Not Found',
    text: 'Did you forget to add the page to the router?',
  },
};

export type CoreResources = typeof en;

/** Texts added when their page's chunk loads. */
export interface LazyResources {
  access: AccessTexts;
  auth: AuthTexts;
  contribute: ContributeFormTexts;
  dashboard: DashboardTexts;
  display: DisplayTexts;
  landing: LandingTexts;
  profile: ProfileTexts;
  roles: RolesTexts;
  thankYou: ThankYouCardTexts;
}

/** Every key `t()` knows. */
export type Resources = CoreResources & LazyResources;
