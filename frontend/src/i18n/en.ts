import { Messages } from '@memory-wall/contracts';
import type { AccessTexts } from './pages/access';
import type { AuthTexts } from './pages/auth';
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
    profile: 'Profile',
    loggedInAs: 'Logged in as {{username}}',
    logout: 'Logout',
    loggingOut: 'Logging out...',
    loggedOut: 'Logged out',
    loggedOutText: 'You have been successfully logged out',
    logoutFailed: 'Logout failed',
    language: 'Language',
    menu: 'Menu',
  },
  placeholder: {
    comingSoon: 'This page is coming soon.',
  },
  pages: {
    landing: 'Welcome',
    signIn: 'Sign In',
    eventCode: 'Join an Event',
    presentation: 'Presentation',
    dashboard: 'Dashboard',
    memoryWall: 'Memory Wall',
    customerWall: 'Customer Wall',
    eventWall: 'Event Wall',
    qrCode: 'QR Code',
    events: 'Your Events',
    newEvent: 'New Event',
    editEvent: 'Edit Event',
    eventDashboard: 'Event Dashboard',
    wallSettings: 'Wall Settings',
    moderation: 'Moderation',
    admin: 'Admin Dashboard',
    serviceProvider: 'Service Provider',
    billing: 'Billing',
    credits: 'Credits',
    profile: 'My Profile',
  },
  notFound: {
    title: '404 Page Not Found',
    text: 'Did you forget to add the page to the router?',
  },
  contribute: {
    shareTitle: 'Share Your Memory',
    shareIntro: 'Leave a message for {{event}}.',
    nameLabel: 'Your Name',
    titleLabel: 'Title',
    titlePlaceholder: 'Optional',
    messageLabel: 'Message',
    nameRequired: 'Name is required',
    messageRequired: 'Message is required',
    submitError: 'Error submitting message',
    notFoundTitle: 'Event Not Found',
    notFoundText: "We couldn't find this event. Please check the link or enter the event code.",
    enterCode: 'Enter an Event Code',
    closedTitle: 'Event Closed',
    closedText: Messages.eventNotAccepting as string,
  },
  thankYou: {
    title: 'Thank You',
    text: 'Your memory has been shared.',
    viewWall: 'View Memory Wall',
    shareAnother: 'Share Another Memory',
  },
};

export type CoreResources = typeof en;

/** Texts added when their page's chunk loads. */
export interface LazyResources {
  access: AccessTexts;
  auth: AuthTexts;
  dashboard: DashboardTexts;
  display: DisplayTexts;
  landing: LandingTexts;
  profile: ProfileTexts;
  roles: RolesTexts;
}

/** Every key `t()` knows. */
export type Resources = CoreResources & LazyResources;
