import type { Page } from 'playwright-core';
import type { AxeResults, ImpactValue } from 'axe-core';

/** What the product must never have: axe-core's two highest impacts. */
const BLOCKING: readonly ImpactValue[] = ['serious', 'critical'];

/**
 * Runs axe-core (every rule it has) inside the page as it is now and returns its serious and critical
 * findings, one readable line per failing element, labelled with `where`. The page's context needs
 * `bypassCSP: true`: the app's Content-Security-Policy rightly refuses an injected script.
 */
export async function seriousAxeFindings(page: Page, where: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: require.resolve('axe-core') });
  const results = (await page.evaluate(() =>
    (window as unknown as { axe: { run(): Promise<unknown> } }).axe.run(),
  )) as AxeResults;
  return results.violations
    .filter((violation) => BLOCKING.includes(violation.impact ?? null))
    .flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `${where}: ${violation.id} (${violation.impact}) at ${node.target.join(' ')}: ${node.failureSummary?.replace(/\s+/g, ' ')}`,
      ),
    );
}
