import { LANGUAGES, type Language } from '@memory-wall/contracts';
import { texts } from '.';
import type { LazyResources } from './en';

/**
 * Adds the texts of a page loaded on demand, in every language. Its module calls this when it is
 * evaluated, which is before the lazy page first renders.
 */
export function addPageTexts<K extends keyof LazyResources>(key: K, pageTexts: Record<Language, LazyResources[K]>): void {
  for (const language of LANGUAGES) texts.set(language, { [key]: pageTexts[language] });
}
