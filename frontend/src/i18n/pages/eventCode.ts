import { EventMessages } from '@memory-wall/contracts';

/** Texts of /event-code, added when its (guest) chunk loads (see ../lazy.ts). The heading is pages.eventCode. */
const en = {
  intro: 'Enter the 6-character code from the invitation or the screen at the venue.',
  label: 'Event Code',
  continue: 'Continue',
  checking: 'Checking...',
  required: 'Please enter an event code',
  invalidTitle: 'Invalid Event Code',
  invalidText: EventMessages.invalidCode as string,
  lookupFailed: 'Something went wrong. Please try again.',
};

export type EventCodeTexts = typeof en;

export const eventCodeTexts = en;

declare module '../en' {
  interface LazyResources {
    eventCode: EventCodeTexts;
  }
}
