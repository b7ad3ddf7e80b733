import { EventMessages } from '@memory-wall/contracts';

/** Texts of /event-code, added when its (guest) chunk loads (see ../lazy.ts). The heading is pages.eventCode. */
const en = {
  intro: 'Enter the 6-character code from the invitation or the screen at the venue.',
  label: 'Event Code',
  continue: 'Continue',
  checking: 'Checking...',
  required: 'Please enter an event code',
  invalidTitle: 'Invalid Event Code',
  invalidText: EventMessages.invalidCode as string,
  lookupFailed: 'Something went wrong. Please try again.',
};

export type EventCodeTexts = typeof en;

const zh: EventCodeTexts = {
  intro: '请输入邀请函或现场屏幕上的 6 位活动代码。',
  label: '活动代码',
  continue: '继续',
  checking: '正在查找...',
  required: '请输入活动代码',
  invalidTitle: '活动代码无效',
  invalidText: '找不到使用该代码的活动，请检查后重试。',
  lookupFailed: '出现问题，请重试。',
};

export const eventCodeTexts = { en, zh };

declare module '../en' {
  interface LazyResources {
    eventCode: EventCodeTexts;
  }
}
