import { Browser, type Page } from 'playwright-core';
import { createEvent } from '@memory-wall/testkit/factories';
import type { RunningProcess } from '@memory-wall/testkit/processes';
import type { TestEnvironment } from '@memory-wall/testkit/test-environment';
import { appAdopted, useBrowserStack } from './support/app';
import { PHONE } from '@memory-wall/testkit/browser';

interface FirstPaint {
  /**
   * When the browser painted content first (the prerendered heading), in ms since navigation: the time of
   * that frame's paint step (paintTime), not when the compositor later showed it (startTime).
   */
  firstContentfulPaint: number;
  /** When the browser started to fetch each of the app's scripts. */
  scriptFetches: { path: string; fetchStart: number }[];
  /** Directives of the page's Content-Security-Policy that refused something. */
  violations: string[];
}

/**
 * A guest's phone paints the prerendered page before it fetches and runs the app (issue #24 item 6):
 * otherwise the first frame waits for the bundle, and on a slow phone the heading appears only after it
 * has arrived and run. The app then takes the page over as usual, with nothing refused by the page's CSP.
 */
describe('a prerendered guest page', () => {
  const stack = useBrowserStack();
  let t: TestEnvironment;
  let api: RunningProcess;
  let browser: Browser;
  beforeAll(() => ({ t, api, browser } = stack));

  async function openAsGuest(path: string): Promise<Page> {
    const page = await (await browser.newContext(PHONE)).newPage();
    await page.addInitScript(() => {
      const violations: string[] = [];
      Object.assign(window, { cspViolations: violations });
      document.addEventListener('securitypolicyviolation', (event) => violations.push(event.effectiveDirective));
    });
    await page.goto(`${api.url}${path}`);
    return page;
  }

  function firstPaint(page: Page): Promise<FirstPaint> {
    return page.evaluate(() => ({
      firstContentfulPaint:
        (performance.getEntriesByName('first-contentful-paint')[0] as { paintTime?: number } | undefined)?.paintTime ??
        Number.NaN,
      scriptFetches: (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((entry) => new URL(entry.name).pathname.startsWith('/assets/') && entry.name.endsWith('.js'))
        .map((entry) => ({ path: new URL(entry.name).pathname, fetchStart: entry.fetchStart })),
      violations: (window as unknown as { cspViolations: string[] }).cspViolations,
    }));
  }

  function expectPaintedBeforeTheApp({ firstContentfulPaint, scriptFetches, violations }: FirstPaint) {
    expect(violations).toEqual([]);
    expect(scriptFetches.some(({ path }) => /\/index-[\w-]+\.js$/.test(path))).toBe(true);
    expect(firstContentfulPaint).toBeGreaterThan(0);
    expect(scriptFetches.filter(({ fetchStart }) => !(fetchStart > firstContentfulPaint))).toEqual([]);
  }

  it('/event-code: painted before its scripts are fetched, then the app takes over the form', async () => {
    await createEvent(t.dataSource, { name: 'Harbour Party', eventCode: 'HARB26' });
    const page = await openAsGuest('/event-code');
    await appAdopted(page);
    await page.getByLabel('Event Code').fill('harb26');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL('**/contribute?code=HARB26');
    await page.getByText('Share a message, a photo or a drawing for Harbour Party.').waitFor();
    expectPaintedBeforeTheApp(await firstPaint(page));
  });

  it('/contribute/{id}: painted before its scripts are fetched, then the app shows the event', async () => {
    const event = await createEvent(t.dataSource, { name: 'Lantern Walk' });
    const page = await openAsGuest(`/contribute/${event.id}`);
    await page.getByText('Share a message, a photo or a drawing for Lantern Walk.').waitFor();
    expectPaintedBeforeTheApp(await firstPaint(page));
  });

  it("is painted in the theme this browser last had, before any of the app's scripts has run", async () => {
    const context = await browser.newContext(PHONE);
    // Without its scripts the app never runs: what shows is the HTML and its inline scripts alone.
    await context.route('**/assets/*.js', (route) => route.abort());
    const page = await context.newPage();
    await page.addInitScript(() => localStorage.setItem('memory-wall-theme', 'funeral'));
    await page.goto(`${api.url}/event-code`);
    await page.getByRole('heading', { name: 'Join an Event' }).waitFor();
    const theme = await page.evaluate(() => ({
      name: document.documentElement.dataset.theme,
      accent: getComputedStyle(document.documentElement).getPropertyValue('--color-accent').trim(),
    }));
    // The funeral theme's accent (spec: theme colours).
    expect(theme).toEqual({ name: 'funeral', accent: '#4D938F' });
    await context.close();
  });
});
