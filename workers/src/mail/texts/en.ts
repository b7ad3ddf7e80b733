/**
 * The mails' texts in English; every other language has the same keys in its own file beside this one
 * (`{{name}}` placeholders, as in the front end's catalogues).
 */
export const en = {
  greeting: 'Hello {{name}},',
  signature: 'Memory Wall',
  passwordReset: {
    subject: 'Reset your Memory Wall password',
    intro: 'Someone (hopefully you) asked to reset the password of your account {{username}}.',
    action: 'Choose a new password',
    expiry: 'The link works once, for 30 minutes.',
    ignore: 'If you did not ask for this, ignore this mail: your password stays as it is.',
  },
  moderationDigest: {
    subject: '{{count}} memories wait for your approval on {{event}}',
    intro: '{{count}} memories wait for your approval on {{event}}.',
    action: 'Open moderation',
  },
  receipt: {
    subject: 'Your receipt: {{credits}} credits',
    intro: 'Thank you for your purchase. Your credits are in your account.',
    pack: 'Pack',
    credits: 'Credits',
    amount: 'Amount paid',
    reference: 'Reference',
    date: 'Date',
  },
  keepsakeReady: {
    subject: 'The keepsake of {{event}} is ready',
    intro: 'The keepsake of {{event}} is ready to download.',
    action: 'Download the keepsake',
    expiry: 'Downloads are open to the event’s hosts from its dashboard.',
  },
  retentionWarning: {
    subject: 'The photos and videos of {{event}} will be deleted on {{date}}',
    intro:
      'The photos, drawings and video clips of {{event}} are kept for a limited time after the event. They will be deleted from Memory Wall on {{date}}.',
    keepsake:
      'The keepsake archive keeps them all: download it from the event’s dashboard before then. The messages stay on the wall.',
    action: 'Open the event',
  },
};

export type MailTexts = typeof en;
