/** Texts of the QR code page and the QR code panels, added when their chunk loads (see ../lazy.ts). */
const en = {
  intro: 'Guests scan this code to share their memories of {{name}}.',
  codeLabel: 'Event Code',
  image: 'QR code for {{name}}',
  download: 'Download',
  print: 'Print',
  testLink: 'Test Contribution Link',
  printError: 'Print error',
  printErrorText: 'The print window could not be opened. Please allow pop-ups for this site.',
  generateError: 'Error generating QR code',
  generateErrorText: 'Could not generate the QR code',
  printHeading: 'Scan to share a memory',
  noEventTitle: 'Pick an Event',
  noEventGuest: 'Enter the code of the event you are attending to get its QR code.',
  enterCode: 'Enter Event Code',
  noEventOwner: 'Open an event to show its QR code.',
  goToEvents: 'Go to Events',
  noEventCustomer: 'There is no event for your account yet.',
  notFound: "The event you're looking for doesn't exist or you don't have permission to view it.",
  loadFailed: 'Failed to load event details. Please try again later.',
};

export type QrCodeTexts = typeof en;

export const qrCodeTexts = en;

declare module '../en' {
  interface LazyResources {
    qrcode: QrCodeTexts;
  }
}
