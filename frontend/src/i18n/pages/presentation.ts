/** Texts of the presentation page, added when its chunk loads (see ../lazy.ts). */
const en = {
  notAvailableTitle: 'Event Not Available',
  notAvailableText: 'This event is not currently available.',
  noEventText: 'Open an event to start its presentation.',
  returnHome: 'Return to Home',
  empty: 'No memories available yet',
  scanToShare: 'Scan to share a memory',
  qr: 'QR code to share a memory',
  musicOn: 'Music on',
  musicOff: 'Music off',
  rotate: 'Rotate now',
  exit: 'Exit',
  play: 'Play',
  pause: 'Pause',
  countdown: 'Next in {{seconds}}s',
  paused: 'Paused',
  columns_one: '{{count}} column',
  columns_other: '{{count}} columns',
  count: '{{shown}} / {{total}}',
  featuredImage: 'Featured image',
  fullScreen: 'Full Screen',
  exitFullScreen: 'Exit Full Screen',
  waiting_one: '{{count}} waiting',
  waiting_other: '{{count}} waiting',
  controls: 'Presentation controls',
  memoriesHeading: 'Memories',
};

export type PresentationTexts = typeof en;

const zh: PresentationTexts = {
  notAvailableTitle: '活动不可用',
  notAvailableText: '此活动当前不可用。',
  noEventText: '打开一个活动以开始演示。',
  returnHome: '返回首页',
  empty: '暂无回忆',
  scanToShare: '扫码分享回忆',
  qr: '分享回忆的二维码',
  musicOn: '音乐开',
  musicOff: '音乐关',
  rotate: '立即切换',
  exit: '退出',
  play: '播放',
  pause: '暂停',
  countdown: '{{seconds}} 秒后切换',
  paused: '已暂停',
  columns_one: '{{count}} 列',
  columns_other: '{{count}} 列',
  count: '{{shown}} / {{total}}',
  featuredImage: '精选图片',
  fullScreen: '全屏',
  exitFullScreen: '退出全屏',
  waiting_one: '{{count}} 条等待中',
  waiting_other: '{{count}} 条等待中',
  controls: '演示控制',
  memoriesHeading: '回忆',
};

export const presentationTexts = { en, zh };

declare module '../en' {
  interface LazyResources {
    presentation: PresentationTexts;
  }
}
