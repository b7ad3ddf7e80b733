import { Language } from '@memory-wall/contracts';
import { texts } from '.';
import type { LazyResources } from './en';

/**
 * Adds the English texts of a page loaded on demand (other languages carry every page's texts in their
 * catalogue). Its module calls this when it is evaluated, which is before the lazy page first renders.
 * A page whose parts load on demand adds each part's texts with its part: they join the page's others.
 */
export function addPageTexts<K extends keyof LazyResources>(key: K, englishTexts: Partial<LazyResources[K]>): void {
  const added = (texts.table(Language.En) as Partial<LazyResources> | undefined)?.[key];
  texts.set(Language.En, { [key]: { ...added, ...englishTexts } });
}
