/** Texts of the keepsake section of the event dashboard, added when its chunk loads (see ../lazy.ts). */
const en = {
  title: 'Keepsake',
  intro:
    'Everything your guests left, to keep. The ZIP holds every photo and drawing at full size (without location or camera data), every video clip with its poster and every voice message, a guestbook of all memories to open in a browser and print, and a spreadsheet (CSV). The memory book is a PDF to print (A4 and US Letter).',
  none: 'No keepsake yet. It is built when the event is completed, or when you ask for it here.',
  build: 'Build keepsake',
  mediaDeletes:
    'Under the retention policy, the photos, drawings, clips and voice messages of this event are deleted from {{date}}; the messages stay on the wall. Download the keepsake before then to keep them.',
  rebuild: 'Build again',
  requesting: 'Asking…',
  kind: {
    zip: 'Photos and guestbook (ZIP)',
    book_a4: 'Memory book, A4 (PDF)',
    book_letter: 'Memory book, US Letter (PDF)',
  },
  status: {
    queued: 'Waiting to start',
    building: 'Building… {{progress}}%',
    ready: 'Ready',
    failed: 'Failed',
  },
  size: '{{size}} MB',
  missing: '{{count}} file(s) were missing from storage: they are listed in the report, everything else is included.',
  download: 'Download',
  downloadFailed: 'The download link could not be made. Please try again.',
  buildFailed: 'The keepsake could not be requested. Please try again.',
};

export type KeepsakesTexts = typeof en;

export const keepsakesTexts = en;

declare module '../en' {
  interface LazyResources {
    keepsakes: KeepsakesTexts;
  }
}
