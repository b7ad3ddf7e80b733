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

const zh: QrCodeTexts = {
  intro: '来宾扫描此二维码即可分享关于{{name}}的回忆。',
  codeLabel: '活动代码',
  image: '{{name}} 的二维码',
  download: '下载',
  print: '打印',
  testLink: '测试分享链接',
  printError: '打印出错',
  printErrorText: '无法打开打印窗口，请允许此网站弹出窗口。',
  generateError: '生成二维码出错',
  generateErrorText: '无法生成二维码',
  printHeading: '扫码分享回忆',
  noEventTitle: '选择活动',
  noEventGuest: '输入您参加的活动代码以获取其二维码。',
  enterCode: '输入活动代码',
  noEventOwner: '打开一个活动以显示其二维码。',
  goToEvents: '前往活动列表',
  noEventCustomer: '您的账户还没有活动。',
  notFound: '您要查找的活动不存在，或您没有查看权限。',
  loadFailed: '加载活动详情失败，请稍后再试。',
};

export const qrCodeTexts = { en, zh };

declare module '../en' {
  interface LazyResources {
    qrcode: QrCodeTexts;
  }
}
