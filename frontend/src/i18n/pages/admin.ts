import { AuthMessages, CreditMessages } from '@memory-wall/contracts';

/**
 * Texts of the owner's Admin dashboard and Provider detail pages (spec §2), added when their chunk loads
 * (see ../lazy.ts).
 */
const en = {
  title: 'Admin Dashboard',
  mailLink: 'Mail outbox',
  mailTitle: 'Mail',
  mailIntro: 'Mail kept in the local outbox: SMTP_URL is not set, so nothing is sent.',
  mailSmtp: 'SMTP is configured: new mail is sent. This list keeps what was stored before.',
  mailEmpty: 'No mail yet.',
  mailTo: 'To',
  mailSubject: 'Subject',
  mailTime: 'Time',
  mailBody: 'Body',
  mailLoadFailed: 'Failed to load the mail.',
  intro: 'Service providers, their events and how the platform is used.',
  sections: 'Admin sections',
  tabProviders: 'Service Providers',
  tabEvents: 'All Events',
  tabAnalytics: 'Analytics',
  name: 'Name',
  type: 'Type',
  activeEvents: 'Active Events',
  totalEvents: 'Total Events',
  totalContributions: 'Total Contributions',
  status: 'Status',
  actions: 'Actions',
  active: 'Active',
  view: 'View',
  viewProvider: 'View {{name}}',
  viewEvent: 'View {{name}}',
  noProviders: CreditMessages.noProviders as string,
  loadProvidersFailed: CreditMessages.loadProvidersFailed as string,
  retry: 'Retry',
  event: 'Event',
  provider: 'Provider',
  eventType: 'Event Type',
  date: 'Date',
  contributions: 'Contributions',
  noEvents: 'No events found',
  loadEventsFailed: 'Failed to load events',
  notSpecified: 'Not specified',
  noProvider: '—',
  eventTypes: {
    memorial: 'Memorial',
    wedding: 'Wedding',
    general: 'General',
  },
  statuses: {
    draft: 'Draft',
    live: 'Live',
    completed: 'Completed',
    expired: 'Expired',
  },
  totalProviders: 'Total Service Providers',
  analyticsIntro: 'Figures across the whole platform.',
  // Provider detail
  back: 'Back to Admin Dashboard',
  memberSince: 'Member since {{date}}',
  details: 'Provider Details',
  companyName: 'Company Name',
  contactPerson: 'Contact Person',
  email: 'Email',
  phone: 'Phone Number',
  serviceTypes: 'Service Types',
  verification: 'Verification',
  verified: 'Verified',
  notVerified: 'Not Verified',
  notSet: 'Not set',
  activity: 'Activity',
  lastActivity: 'Last Activity',
  events: 'Events',
  noProviderEvents: CreditMessages.noProviderEvents as string,
  notFoundTitle: CreditMessages.providerNotFoundTitle as string,
  notFoundText: "The service provider you're looking for doesn't exist.",
  loadProviderFailed: 'Failed to load the service provider',
  resetPassword: 'Reset Password',
  resetTitle: 'Reset Password for {{name}}',
  resetIntro: 'Set a new password for this service provider. They will be signed out everywhere.',
  newPassword: 'New Password',
  confirmPassword: 'Confirm Password',
  passwordHint: 'At least 8 letters and digits.',
  resetting: 'Resetting...',
  resetDone: 'Password Reset',
  resetDoneText: 'The password of {{name}} has been reset.',
  resetFailed: 'Failed to reset password',
  invalidPassword: 'Invalid Password',
  passwordMismatch: 'Password Mismatch',
  passwordRule: AuthMessages.ownPasswordAlphanumeric as string,
  passwordsDiffer: AuthMessages.ownPasswordMismatch as string,
};

export type AdminTexts = typeof en;

export const adminTexts = en;

declare module '../en' {
  interface LazyResources {
    admin: AdminTexts;
  }
}
