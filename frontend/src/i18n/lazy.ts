import i18n from 'i18next';
import { LANGUAGES, type Language } from '@memory-wall/contracts';
import type { LazyResources } from './en';

/**
 * Adds the texts of a page loaded on demand, in every language. Its module calls this when it is
 * evaluated, which is before the lazy page first renders.
 */
export function addPageTexts<K extends keyof LazyResources>(key: K, texts: Record<Language, LazyResources[K]>): void {
  for (const language of LANGUAGES) {
    i18n.addResourceBundle(language, 'translation', { [key]: texts[language] }, true, true);
  }
}
