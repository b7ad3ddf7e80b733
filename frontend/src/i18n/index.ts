import { useMemo, useSyncExternalStore } from 'react';
import rosetta from 'rosetta';
import { Language } from '@memory-wall/contracts';
import { en, type CoreResources, type Resources } from './en';

type PluralSuffix = `_${Intl.LDMLPluralRule}`;
type WithoutPlural<K extends string> = K extends `${infer Base}${PluralSuffix}` ? Base : K;

/**
 * Every text's dotted key, from the shape of the English texts: `t()` refuses a key that does not exist.
 * Plural forms are written `key_one`, `key_other` (as i18next does) and asked for as `key` with a count.
 */
type KeysOf<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${WithoutPlural<K>}` : KeysOf<T[K], `${Prefix}${K}.`>;
}[keyof T & string];
export type TextKey = KeysOf<Resources>;
export type TextParams = Record<string, string | number>;

/**
 * The texts of every language, in rosetta (298 bytes: dotted keys and {{name}} interpolation, all the
 * product uses). English is built in; another language's common texts load when it is chosen. Pages
 * loaded on demand add theirs, in every language, through ./lazy.ts.
 */
export const texts = rosetta<Partial<Resources>>({ [Language.En]: en });

const commonTexts: Record<Language, () => Promise<CoreResources>> = {
  [Language.En]: async () => en,
  [Language.Zh]: () => import('./zh').then((m) => m.zh),
};

const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const currentLanguage = () => texts.locale() as Language;

export async function setLanguage(language: Language): Promise<void> {
  if (!texts.table(language)?.common) texts.set(language, await commonTexts[language]());
  texts.locale(language);
  // Absent where the guest pages are rendered to HTML at build time (frontend/prerender.ts).
  if (typeof document !== 'undefined') document.documentElement.lang = language;
  listeners.forEach((listener) => listener());
}
void setLanguage(Language.En);

/** The page's texts in the current language; re-renders the component when the language changes. */
export function useTranslation() {
  const language = useSyncExternalStore(subscribe, currentLanguage, currentLanguage);
  return useMemo(() => {
    const plurals = new Intl.PluralRules(language);
    const t = (key: TextKey, params?: TextParams): string => {
      const count = params?.count;
      const plural = typeof count === 'number' ? texts.t(`${key}_${plurals.select(count)}`, params, language) : '';
      return plural || texts.t(key, params, language);
    };
    return { language, t };
  }, [language]);
}
