import { Language, LANGUAGES } from '@memory-wall/contracts';
import { de } from './de';
import { en, MailTexts } from './en';
import { es } from './es';
import { fr } from './fr';
import { zh } from './zh';

export type { MailTexts } from './en';

/** Every language's mail texts: a language without its file does not compile. */
export const MAIL_TEXTS: Record<Language, MailTexts> = { en, zh, es, fr, de };

/** A user's or event's language as one the mails are written in (English for anything else). */
export const mailLanguage = (language: string | null | undefined): Language =>
  (LANGUAGES as readonly string[]).includes(language ?? '') ? (language as Language) : Language.En;
