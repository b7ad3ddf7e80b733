/** Texts of the presentation page, added when its chunk loads (see ../lazy.ts). */
const en = {
  notAvailableTitle: 'Event Not Available',
  notAvailableText: 'This event is not currently available.',
  noEventText: 'Open an event to start its presentation.',
  returnHome: 'Return to Home',
  empty: 'No memories available yet',
  scanToShare: 'Scan to share a memory',
  qr: 'QR code to share a memory',
  musicOn: 'Music on',
  musicOff: 'Music off',
  rotate: 'Rotate now',
  exit: 'Exit',
  play: 'Play',
  pause: 'Pause',
  countdown: 'Next in {{seconds}}s',
  paused: 'Paused',
  layout: {
    single: 'One memory',
    pair: 'Side by side',
    stack: 'One above the other',
    feature: 'One large, two small',
    grid: 'Grid of four',
  },
  count: '{{shown}} / {{total}}',
  featuredImage: 'Featured image',
  fullScreen: 'Full Screen',
  exitFullScreen: 'Exit Full Screen',
  waiting_one: '{{count}} waiting',
  waiting_other: '{{count}} waiting',
  controls: 'Presentation controls',
  memoriesHeading: 'Memories',
};

export type PresentationTexts = typeof en;

export const presentationTexts = en;

declare module '../en' {
  interface LazyResources {
    presentation: PresentationTexts;
  }
}
