/** Texts of /wall-settings/{id}, added when its chunk loads (see ../lazy.ts). The heading is pages.wallSettings. */
const en = {
  backToWall: 'Back to Wall',
  notAllowed: "Your event's planner has not given you access to the wall settings.",
  intro: 'Choose how the wall of {{name}} looks and behaves.',
  wallTitle: 'Wall Title',
  wallTitleHint: 'Optional. Shown above the memories.',
  featuredImage: 'Featured Image',
  featuredImageHint: 'PNG, JPG, GIF up to 5MB',
  chooseImage: 'Upload Featured Image',
  uploading: 'Uploading...',
  removeImage: 'Remove Image',
  imagePreview: 'Featured image preview',
  numberOfImagesDisplay: 'Memories shown at once',
  transitionTime: 'Transition Time',
  seconds: '{{count}} seconds',
  enableMusic: 'Background Music',
  enableMusicHint: 'Play soft piano music on the full-screen wall.',
  allowVideo: 'Video Clips',
  allowVideoHint: 'Guests may post short video clips; the full-screen wall plays them muted.',
  maxVideoSeconds: 'Longest clip',
  allowVoice: 'Voice Messages',
  allowVoiceHint: 'Guests may record voice messages of up to 2 minutes.',
  voiceOnScreens: 'Play Voice Messages on Screens',
  voiceOnScreensHint:
    'The full-screen wall plays each voice message aloud on its turn; off, it shows the waveform and the transcript.',
  colorTheme: 'Background Colour',
  colors: {
    'Light Blue': 'Light Blue',
    Cream: 'Cream',
    'Light Orange': 'Light Orange',
    'Light Gray': 'Light Gray',
    Taupe: 'Taupe',
  },
  animationStyle: 'Animation Style',
  animation: {
    horizontal: '3 columns horizontal',
    vertical: '3 columns vertical',
    random: 'Random',
  },
  displayOrder: 'Display Order',
  order: {
    newest: 'Newest first',
    oldest: 'Oldest first',
    random: 'Random',
  },
  save: 'Save Settings',
  saving: 'Saving...',
  cancel: 'Cancel',
  saved: 'Wall settings updated',
  error: 'Error',
  saveFailed: 'Failed to update settings',
  uploaded: 'Image uploaded',
  uploadedText: 'Featured image has been uploaded successfully',
  uploadFailed: 'Upload failed',
  uploadFailedText: 'Failed to upload image',
  imageOnly: 'Only image files are allowed',
  loadFailed: 'Failed to load event details. Please try again later.',
  notFound: "The event you're looking for doesn't exist or you don't have permission to view it.",
};

export type WallSettingsTexts = typeof en;

export const wallSettingsTexts = en;

declare module '../en' {
  interface LazyResources {
    wallSettings: WallSettingsTexts;
  }
}
