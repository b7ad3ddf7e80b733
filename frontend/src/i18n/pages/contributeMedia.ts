import { MemoryMessages } from '@memory-wall/contracts';

/**
 * The contribute page's texts (`contributePage`) of its photo, video, voice and drawing forms: added by
 * those forms' chunks (see ../lazy.ts), so a guest who only leaves a message does not download them.
 */
const en = {
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
};

export type ContributeMediaTexts = typeof en;

export const contributeMediaTexts = en;
