import { MemoryMessages } from '@memory-wall/contracts';

/** Texts of the memory card, wherever it is shown (added by its module, see ../lazy.ts). */
const cardEn = {
  pending: 'Pending',
  processing: 'Processing...',
  failed: 'Could not be processed',
  flagged: 'Flagged for review',
  featured: 'Featured',
  feature: 'Feature',
  unfeature: 'Unfeature',
  flag: 'Flag',
  approve: 'Approve',
  reject: 'Reject',
  by: 'By {{author}}',
  imageProcessing: 'The image is being prepared',
  mediaRemoved: 'Media no longer kept',
  playVideo: 'Play the video clip',
  videoClip: 'Video clip',
  voiceMessage: 'Voice message from {{author}}',
  waveform: 'Waveform of the voice message',
  voiceLabel: 'Voice message · {{length}}',
  readMore: 'Read more',
  readLess: 'Show less',
  heartLabel_one: 'Heart this memory ({{count}} heart)',
  heartLabel_other: 'Heart this memory ({{count}} hearts)',
  hearts_one: '{{count}} heart',
  hearts_other: '{{count}} hearts',
  heartFailed: 'Heart not sent',
  heartFailedText: 'Please try again in a moment',
};

export type MemoryCardTexts = typeof cardEn;

export const memoryCardTexts = cardEn;

/** Texts of the host's memory wall (/memories/{id}, /events/{id}/wall) and its bulk upload. */
const wallEn = {
  memoryCount_one: '{{count}} memory',
  memoryCount_other: '{{count}} memories',
  presentationMode: 'Presentation Mode',
  wallSettings: 'Wall Settings',
  refresh: 'Refresh',
  refreshed: 'Memory wall refreshed',
  refreshFailed: 'Failed to refresh',
  refreshFailedText: 'Could not load new memories',
  awaiting: 'Submissions awaiting approval ({{count}})',
  onDisplay: 'Memories on display ({{count}})',
  showAll: 'Show all {{count}}',
  approved: 'Submission approved',
  approvedText: 'The memory is now visible on the wall',
  approveFailed: 'Approval failed',
  approveFailedText: 'Could not approve this submission',
  rejected: 'Submission rejected',
  rejectedText: 'The memory has been removed',
  rejectFailed: 'Rejection failed',
  rejectFailedText: 'Could not reject this submission',
  emptyTitle: 'No memories yet',
  emptyText: 'Scan the QR code or visit the contribute page to add the first memory.',
  contributeLink: 'Open the contribute page',
  waitingTitle: 'Waiting for Approval',
  waitingText: 'Memories have been submitted. Approve them to show them on the wall.',
  animation: 'Animation: {{style}}',
  animationStyle: {
    horizontal: '3 columns horizontal',
    vertical: '3 columns vertical',
    random: 'Random',
  },
  liveActive: 'Live updates active',
  refreshMode: 'Using refresh mode',
  notFoundTitle: 'Event Not Found',
  notFoundText: "The event you're looking for doesn't exist or you don't have permission to view it.",
  backToEvents: 'Back to Events',
  // Bulk upload
  bulkTitle: 'Bulk Upload',
  bulkIntro: 'Add several photos at once. They go straight onto the wall.',
  authorLabel: 'Your Name',
  imagesLabel: 'Images',
  imagesHint: 'JPG, PNG, or GIF - Up to 5MB each',
  removeFile: 'Remove {{name}}',
  selectedFiles_one: '{{count}} image selected',
  selectedFiles_other: '{{count}} images selected',
  uploadImages: 'Upload Images',
  uploading: 'Uploading... {{percent}}%',
  uploadProgress: 'Upload progress',
  noFiles: 'Please select at least one file',
  onlyImages: 'Only image files are allowed',
  tooLarge: MemoryMessages.bulkFileTooLarge as string,
  authorRequired: 'Author name is required',
  uploadComplete: 'Upload complete',
  uploadCompleteText_one: 'Successfully uploaded {{count}} image',
  uploadCompleteText_other: 'Successfully uploaded {{count}} images',
  uploadFailed: 'Upload failed',
  uploadFailedText: 'Something went wrong during upload',
  uploadErrorTitle: 'Upload Error',
  uploadImageFailed: 'Failed to upload image',
  uploadSuccessText: 'Your images have been uploaded successfully',
};

export type MemoryWallTexts = typeof wallEn;

export const memoryWallTexts = wallEn;

declare module '../en' {
  interface LazyResources {
    memoryCard: MemoryCardTexts;
    memoryWall: MemoryWallTexts;
  }
}
