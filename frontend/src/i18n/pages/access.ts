import { AuthMessages } from '@memory-wall/contracts';

/** Texts of the Access Denied page, added when its chunk loads (see ../lazy.ts). */
const en = {
  deniedTitle: 'Access Denied',
  deniedText: AuthMessages.accessDenied as string,
};

export type AccessTexts = typeof en;

const zh: AccessTexts = {
  deniedTitle: '拒绝访问',
  deniedText: '您没有权限访问此页面。',
};

export const accessTexts = { en, zh };
