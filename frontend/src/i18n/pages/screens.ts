/** Texts of the host's screen controls (host wall) and of the screens' "coming soon" card (added by their chunks, see ../lazy.ts). */
const en = {
  title: 'Screens',
  intro: 'Controls for every screen of this event at once: the display, the presentation and the public wall.',
  hold: 'Hold screens',
  release: 'Release screens',
  heldSince: 'Held since {{time}}: the screens keep what they show, nothing new appears.',
  notHeld: 'Live: approved memories reach the screens.',
  comingSoonMode: 'Coming soon card until revealed',
  reveal: 'Reveal the wall',
  comingSoonOn: 'The screens show a "coming soon" card with the QR code.',
  delay: 'Delay before a memory reaches the screens',
  delayNone: 'No delay',
  delaySeconds: '{{count}} s',
  saved: 'Screens updated',
  saveFailed: 'Could not update the screens',
  namedScreens: 'Named screens',
  namedScreensIntro: 'Open a screen with its name to give it its own layout, changed from here while it runs.',
  noNamedScreens: 'No named screens yet.',
  screenName: 'Screen name',
  addScreen: 'Add screen',
  removeScreen: 'Remove {{name}}',
  columns: 'Columns',
  columnsAuto: 'Automatic',
  speed: 'Seconds per rotation',
  speedDefault: 'Event default',
  featuredOnly: 'Featured only',
  photosOnly: 'Photos only',
  openDisplay: 'Open display',
  openPresentation: 'Open presentation',
  inDelay: 'Reaches the screens in {{count}} s',
  pullBack: 'Pull back',
  pulledBack: 'Pulled back',
  pulledBackText: 'It will not reach the screens; it is awaiting approval again.',
  pullBackFailed: 'Too late to pull back',
  comingSoonTitle: 'Coming soon',
  comingSoonText: 'The memory wall opens shortly. Share a memory now:',
  scanToShare: 'Scan to share a memory',
  orEnterCode: 'or enter the code at {{address}}',
  eventCode: 'Event code',
  sound: 'Play voice messages aloud on the screens',
  soundSaved: 'Sound on the screens updated',
};

export type ScreensTexts = typeof en;

export const screensTexts = en;

declare module '../en' {
  interface LazyResources {
    screens: ScreensTexts;
  }
}
