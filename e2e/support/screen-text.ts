import type { Page } from 'playwright-core';

/**
 * What a venue screen's cards fail to show whole, one line each: a card or a text cut off (its content
 * larger than its box), or a word split over two lines ("Congratulati / ons"). Runs in the page as laid
 * out now. A run of CJK characters may break between any two of them, as Chinese is written.
 */
export function cutOrSplitText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const cut = (element: Element) =>
      element.scrollHeight > element.clientHeight + 1 || element.scrollWidth > element.clientWidth + 1;
    const cjk = /[\u3000-\u30ff\u3400-\u9fff\uff00-\uffef]/;
    for (const card of document.querySelectorAll('[data-testid="memory-card"]')) {
      const name = (card.textContent ?? '').slice(0, 30);
      if (cut(card)) problems.push(`card cut: ${name}`);
      for (const element of card.querySelectorAll('.memory-text, figcaption, .memory-title, .memory-author')) {
        if (cut(element)) problems.push(`text cut: ${(element.textContent ?? '').slice(0, 30)}`);
        const node = element.firstChild;
        if (node?.nodeType !== Node.TEXT_NODE) continue;
        for (const word of (node.textContent ?? '').matchAll(/\S+/g)) {
          if (cjk.test(word[0])) continue;
          const range = document.createRange();
          range.setStart(node, word.index);
          range.setEnd(node, word.index + word[0].length);
          if (new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size > 1)
            problems.push(`word split: ${word[0]}`);
        }
      }
    }
    return problems;
  });
}

/** Whether the page scrolls (a venue screen must not: nobody scrolls a television). */
export function pageScrolls(page: Page): Promise<boolean> {
  return page.evaluate(
    () =>
      document.scrollingElement!.scrollHeight > window.innerHeight + 1 ||
      document.scrollingElement!.scrollWidth > window.innerWidth + 1,
  );
}
