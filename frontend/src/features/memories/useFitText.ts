import { useLayoutEffect, type RefObject } from 'react';

/** The parts of a card whose text must be seen whole. */
const TEXTS = '.memory-text, figcaption, .memory-title, .memory-author, .memory-voice-label';
/** The range of `--fit`, the share of its stylesheet size a card's text is set at (the stylesheet keeps a readable floor). */
export const MIN_FIT = 0.4;
export const MAX_FIT = 1.8;
/** Halvings of the range: the size found is within 1 % of the largest that fits. */
const STEPS = 7;

const overflows = (element: HTMLElement) =>
  element.scrollHeight > element.clientHeight + 1 || element.scrollWidth > element.clientWidth + 1;

/**
 * On a venue screen a card has the size its grid gives it, and its text must fit it whole and be as large
 * as it can: the stylesheet sizes text from its length (a first guess), then this measures the card as laid
 * out and finds the largest `--fit` (which the stylesheet multiplies its sizes by) at which no text is cut
 * and no word sticks out of its card. Words are never broken unless even the smallest size leaves one too
 * wide (`data-fit="min"`). Measured again when the card's size changes (a screen turned, a window resized).
 * A card whose height follows its content (a scrolling wall) never overflows, and keeps its size.
 */
export function useFitText(card: RefObject<HTMLElement | null>, active: boolean, content: unknown): void {
  useLayoutEffect(() => {
    const element = card.current;
    if (!active || !element) return;
    const fits = (scale: number) => {
      element.style.setProperty('--fit', scale.toFixed(3));
      return !overflows(element) && ![...element.querySelectorAll<HTMLElement>(TEXTS)].some(overflows);
    };
    const fit = () => {
      delete element.dataset.fit;
      if (fits(MAX_FIT)) return;
      let [small, large] = [MIN_FIT, MAX_FIT];
      for (let step = 0; step < STEPS; step++) {
        const middle = (small + large) / 2;
        if (fits(middle)) small = middle;
        else large = middle;
      }
      if (!fits(small)) element.dataset.fit = 'min';
    };
    fit();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(fit);
    observer.observe(element);
    return () => observer.disconnect();
  }, [card, active, content]);
}
