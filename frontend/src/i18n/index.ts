import { useMemo, useSyncExternalStore } from 'react';
import rosetta from 'rosetta';
import { Language } from '@memory-wall/contracts';
import { en, type Resources } from './en';

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
 * product uses). English is built in, each page's English texts added by its chunk (./lazy.ts), so a
 * guest downloads only its page's texts. Another language is one catalogue (./locales/<code>.ts, every
 * text of the app), downloaded the first time it is chosen.
 */
export const texts = rosetta<Partial<Resources>>({ [Language.En]: en });

const loadCatalogue = (language: Language): Promise<Resources> =>
  import(`./locales/${language}.ts`).then((module: { catalogue: Resources }) => module.catalogue);

const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const currentLanguage = () => texts.locale() as Language;
/**
 * What the build's prerendered guest pages were written in (frontend/prerender.ts): React adopts them in
 * English, then renders the chosen language, so hydration never meets a different text.
 */
const prerenderedLanguage = () => Language.En;

/** The language most recently asked for: a catalogue arriving after another choice is not applied. */
let wanted: Language = Language.En;

export async function setLanguage(language: Language): Promise<void> {
  wanted = language;
  if (language !== Language.En && !texts.table(language)?.common) texts.set(language, await loadCatalogue(language));
  if (wanted !== language || currentLanguage() === language) return;
  texts.locale(language);
  // Absent where the guest pages are rendered to HTML at build time (frontend/prerender.ts).
  if (typeof document !== 'undefined') document.documentElement.lang = language;
  listeners.forEach((listener) => listener());
}
texts.locale(Language.En);

/** `key` in `language`, in the plural form `count` asks for (or the language's general one). */
function lookUp(language: Language, plurals: Intl.PluralRules, key: string, params?: TextParams): string {
  const count = params?.count;
  const plural =
    typeof count === 'number'
      ? texts.t(`${key}_${plurals.select(count)}`, params, language) || texts.t(`${key}_other`, params, language)
      : '';
  return plural || texts.t(key, params, language);
}
const englishPlurals = new Intl.PluralRules(Language.En);

/** The page's texts in the current language; re-renders the component when the language changes. */
export function useTranslation() {
  const language = useSyncExternalStore(subscribe, currentLanguage, prerenderedLanguage);
  return useMemo(() => {
    const plurals = new Intl.PluralRules(language);
    // A text a catalogue lacks (one added to English since) shows in English rather than not at all.
    const t = (key: TextKey, params?: TextParams): string =>
      lookUp(language, plurals, key, params) ||
      (language === Language.En ? '' : lookUp(Language.En, englishPlurals, key, params));
    return { language, t };
  }, [language]);
}
