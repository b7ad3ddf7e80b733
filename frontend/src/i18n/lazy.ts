import { Language } from '@memory-wall/contracts';
import { texts } from '.';
import type { LazyResources } from './en';

/**
 * Adds the English texts of a page loaded on demand (other languages carry every page's texts in their
 * catalogue). Its module calls this when it is evaluated, which is before the lazy page first renders.
 */
export function addPageTexts<K extends keyof LazyResources>(key: K, englishTexts: LazyResources[K]): void {
  texts.set(Language.En, { [key]: englishTexts });
}
