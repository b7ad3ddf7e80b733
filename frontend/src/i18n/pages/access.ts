import { AuthMessages } from '@memory-wall/contracts';

/** Texts of the Access Denied page, added when its chunk loads (see ../lazy.ts). */
const en = {
  deniedTitle: 'Access Denied',
  deniedText: AuthMessages.accessDenied as string,
};

export type AccessTexts = typeof en;

export const accessTexts = en;
