/** Texts of the landing page, added when its chunk loads (see ../lazy.ts). */
const en = {
  title: 'Share Memories That Last Forever',
  subtitle:
    'A live memory wall for weddings, memorials and every gathering in between. Guests share messages, photos, drawings, video clips and voice messages from their phones; hosts moderate them and show them live.',
  enterCode: 'Enter Event Code',
  register: 'Register',
  dashboard: 'Dashboard',
  featuresTitle: 'Features',
  features: {
    noApp: {
      title: 'No app needed',
      text: 'Guests scan a QR code or type a 6-character event code and start sharing.',
    },
    media: {
      title: 'Messages, photos, drawings, clips and voices',
      text: 'Every guest can leave a note, photos (iPhone photos too), a drawing, a short video or a voice message in seconds.',
    },
    moderation: {
      title: 'Moderation your way',
      text: 'Approve automatically, let AI screen submissions, or review each one yourself.',
    },
    live: {
      title: 'Live on every screen',
      text: 'Approved memories appear on the wall and in a full-screen presentation as they arrive.',
    },
    keepsake: {
      title: 'A keepsake to take home',
      text: 'Afterwards, download every memory in a ZIP with a printable guestbook, and a memory book to print.',
    },
  },
  eventTypesTitle: 'For Every Occasion',
  eventTypes: {
    wedding: { title: 'Weddings', text: 'Collect wishes and photos from every guest for the couple to keep.' },
    memorial: { title: 'Memorials', text: 'Gather stories and tributes that celebrate a life, gently moderated.' },
    general: {
      title: 'General Events',
      text: 'Birthdays, reunions, corporate events: any gathering worth remembering.',
    },
  },
  howTitle: 'How It Works',
  steps: {
    create: { title: 'Create your event', text: 'Your service provider sets up the event and its memory wall.' },
    invite: { title: 'Invite your guests', text: 'Share the QR code or the event code at the venue or online.' },
    share: {
      title: 'Share memories',
      text: 'Guests leave messages, photos, drawings, clips and voice messages from their phones.',
    },
    show: { title: 'Show them live', text: 'Approved memories appear on the wall and on the venue screens.' },
  },
  pricingTitle: 'Simple Pricing',
  pricingIntro: 'One credit creates one event. New service providers receive 10 free credits. Credits never expire.',
  perCredit: '{{price}} per credit',
  total: '{{price}} total',
  credits: '{{count}} credits',
  mostPopular: 'Most Popular',
  savings: 'Save {{percent}}%',
  getStarted: 'Get Started',
};

export type LandingTexts = typeof en;

export const landingTexts = en;
