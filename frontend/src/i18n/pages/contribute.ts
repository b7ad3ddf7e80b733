import { MemoryMessages } from '@memory-wall/contracts';

/**
 * Texts of the contribute page beyond the message form (whose texts are core: `contribute`), and of
 * the thank-you page's redirect. Added when their chunk loads (see ../lazy.ts).
 */
const en = {
  guestIntro: 'Share a message, a photo or a drawing for {{event}}.',
  hostTitle: 'Add Individual Memory',
  hostIntro: 'Add a memory to {{event}} yourself: it goes straight onto the wall.',
  kinds: 'Kind of memory',
  tabMessage: 'Message',
  tabPhoto: 'Photo',
  tabDrawing: 'Drawing',
  // Photo
  photoLabel: 'Photo',
  photoHint: 'JPG, PNG, GIF or WEBP - up to 10MB',
  captionLabel: 'Caption',
  captionPlaceholder: 'Optional',
  choosePhoto: 'Choose a Photo',
  changePhoto: 'Choose Another',
  removePhoto: 'Remove Photo',
  editPhoto: 'Crop / Rotate',
  preview: 'Preview of your photo',
  photoRequired: MemoryMessages.photoRequired as string,
  invalidFileType: MemoryMessages.invalidFileType as string,
  fileTooLarge: MemoryMessages.fileTooLarge as string,
  noEvent: 'No event selected',
  photoError: 'Error submitting photo',
  preparing: 'Preparing photo...',
  uploading: 'Uploading photo... {{percent}}%',
  uploadRetrying: 'Connection lost. Trying again...',
  // Crop editor
  cropTitle: 'Crop and Rotate',
  cropHint: 'Drag the corners to crop. The crop is at least 200 × 200 pixels.',
  rotate: 'Rotate',
  applyCrop: 'Apply',
  cancelCrop: 'Cancel',
  noImage: 'No image selected',
  cropFailed: 'Could not crop the photo',
  // Drawing
  drawingLabel: 'Your drawing',
  drawingHint: 'Draw with your finger or mouse.',
  clearDrawing: 'Clear',
  drawingRequired: MemoryMessages.drawingRequired as string,
  drawingError: 'Error submitting drawing',
  // Host's list beside the form
  onTheWall: 'On the wall',
  noneYet: 'No memories yet',
};

export type ContributeTexts = typeof en;

export const contributeTexts = en;

/** The thank-you page's countdown to the wall. */
const thankYouEn = {
  approvedSoon: 'Your memory is on its way to the wall.',
  awaitingApproval: 'Your memory will appear on the wall once the hosts approve it.',
  redirecting: 'Opening the memory wall...',
};

export type ThankYouTexts = typeof thankYouEn;

export const thankYouTexts = thankYouEn;

declare module '../en' {
  interface LazyResources {
    contributePage: ContributeTexts;
    thankYouPage: ThankYouTexts;
  }
}
