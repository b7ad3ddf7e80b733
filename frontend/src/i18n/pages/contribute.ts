import { Messages } from '@memory-wall/contracts';
import type { ContributeMediaTexts } from './contributeMedia';

/**
 * Texts of the contribute page beyond the message form, and of the thank-you page's redirect. Added
 * when their chunk loads (see ../lazy.ts). The photo, video, voice and drawing forms' texts are in
 * ./contributeMedia.ts, added by those forms' chunks.
 */
const en = {
  guestIntro: 'Share a message, a photo or a drawing for {{event}}.',
  hostTitle: 'Add Individual Memory',
  hostIntro: 'Add a memory to {{event}} yourself: it goes straight onto the wall.',
  kinds: 'Kind of memory',
  tabMessage: 'Message',
  tabPhoto: 'Photo',
  tabDrawing: 'Drawing',
  tabVideo: 'Video',
  tabVoice: 'Voice',
  formUnavailable: 'This form could not load. Check your connection and try again.',
  tryAgain: 'Try Again',
  // Host's list beside the form
  onTheWall: 'On the wall',
  noneYet: 'No memories yet',
};

export type ContributeTexts = typeof en & ContributeMediaTexts;

export const contributePageTexts = en;

/** The thank-you page's countdown to the wall. */
const thankYouEn = {
  approvedSoon: 'Your memory is on its way to the wall.',
  awaitingApproval: 'Your memory will appear on the wall once the hosts approve it.',
  redirecting: 'Opening the memory wall...',
};

export type ThankYouTexts = typeof thankYouEn;

export const thankYouTexts = thankYouEn;

/** The message form and the cards for an event not found or closed (`contribute`). */
const formEn = {
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
};

export type ContributeFormTexts = typeof formEn;

export const contributeFormTexts = formEn;

/** The thank-you card (`thankYou`), also offered where an event takes no more memories. */
const thankYouCardEn = {
  title: 'Thank You',
  text: 'Your memory has been shared.',
  viewWall: 'View Memory Wall',
  shareAnother: 'Share Another Memory',
  seeGallery: "See everyone's memories",
};

export type ThankYouCardTexts = typeof thankYouCardEn;

export const thankYouCardTexts = thankYouCardEn;

declare module '../en' {
  interface LazyResources {
    contributePage: ContributeTexts;
    thankYouPage: ThankYouTexts;
  }
}
