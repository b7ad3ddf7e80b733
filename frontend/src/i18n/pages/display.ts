/** Texts of the venue's live wall, its live badge and the memory card's author line (added by their chunks, see ../lazy.ts). */
const en = {
  notAvailableTitle: 'Event Not Available',
  notAvailableText: 'This event is not currently available.',
  returnHome: 'Return to Home',
  empty: 'No memories available yet',
  from: 'From {{author}}',
  live: 'Live',
  offline: 'Offline',
  memoriesHeading: 'Memories',
};

export type DisplayTexts = typeof en;

export const displayTexts = en;
