import { MemoryMessages, Messages } from '@memory-wall/contracts';

/**
 * Texts of the contribute page beyond the message form, and of the thank-you page's redirect. Added
 * when their chunk loads (see ../lazy.ts).
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
  // Photo
  photoLabel: 'Photo',
  photoHint: 'JPG, PNG, GIF, WEBP or HEIC - up to 10MB',
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
  // Several photos at once
  photosAtOnce: 'You can pick up to {{count}} photos at once.',
  tooManyPhotos: 'Up to {{count}} photos at once',
  previewOf: 'Preview of {{name}}',
  removePhotoNamed: 'Remove {{name}}',
  photoSent: 'Sent',
  // Video clip
  videoLabel: 'Video clip',
  videoHint: 'Up to {{seconds}} seconds, as your phone records it',
  videoRequired: 'Please select a video clip to upload',
  videoTooLong: 'This clip is longer than {{seconds}} seconds',
  videoPreview: 'Preview of your video clip',
  videoError: 'Error submitting video',
  uploadingVideo: 'Uploading video... {{percent}}%',
  // Voice message
  voiceLabel: 'Voice message',
  voiceHint: 'Up to 2 minutes. Listen to it before you send it.',
  voiceRecord: 'Start Recording',
  voiceStop: 'Stop',
  voiceRecordAgain: 'Record Again',
  voiceRecording: 'Recording {{elapsed}} / {{limit}}',
  voicePreview: 'Your voice message',
  voiceRequired: MemoryMessages.voiceRequired as string,
  voiceUnsupported: 'This browser cannot record sound. Try another browser, or leave a message instead.',
  voiceDenied: 'The microphone is blocked. Allow it in your browser to record.',
  voiceError: 'Error submitting voice message',
  uploadingVoice: 'Sending voice message... {{percent}}%',
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
  undoStroke: 'Undo',
  penColor: 'Pen colour',
  penColors: { black: 'Black', red: 'Red', blue: 'Blue', green: 'Green', orange: 'Orange', purple: 'Purple' },
  penSize: 'Pen size',
  penSizes: { thin: 'Thin', medium: 'Medium', thick: 'Thick' },
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
