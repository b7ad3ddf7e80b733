import { Browser, type Page } from 'playwright-core';
import { Role } from '@memory-wall/contracts';
import { ServiceProvider } from '@memory-wall/core';
import { createAccount } from '@memory-wall/testkit/accounts';
import { createEvent } from '@memory-wall/testkit/factories';
import type { RunningProcess } from '@memory-wall/testkit/processes';
import type { TestEnvironment } from '@memory-wall/testkit/test-environment';
import { appAdopted, signIn, useBrowserStack } from './support/app';
import { PHONE } from '@memory-wall/testkit/browser';

/** The top bar may take this much of a phone's height (844 px): one line of brand, language and Menu. */
const TOP_BAR_MAX_HEIGHT = 72;

/**
 * The visible elements whose box reaches past the viewport's right edge, described for a failure
 * message. Content scrolled inside its own box (a wide table in its scrolling wrapper) counts too: at
 * 390 px nothing should need sideways scrolling.
 */
function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const found: string[] = [];
    for (const element of document.body.querySelectorAll('*')) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || getComputedStyle(element).visibility === 'hidden') continue;
      if (box.right > width + 0.5) {
        const text = (element.textContent ?? '').trim().slice(0, 40);
        found.push(`${element.tagName.toLowerCase()}.${element.className} right=${Math.round(box.right)} "${text}"`);
      }
    }
    if (document.documentElement.scrollWidth > width)
      found.push(`page scrolls sideways: ${document.documentElement.scrollWidth} > ${width}`);
    return found;
  });
}

const topBarHeight = (page: Page) =>
  page.locator('header.top-bar').evaluate((bar) => bar.getBoundingClientRect().height);

/**
 * Phone layouts (issue #27 item 10) measured in a real browser at 390 × 844: the top bar is one line with
 * its tabs in a menu, and the owner's pages (Admin with each tab, Billing with each tab, a provider's
 * page) fit the width: no element's box passes the right edge.
 */
describe('phone layouts at 390 px', () => {
  const stack = useBrowserStack();
  let t: TestEnvironment;
  let api: RunningProcess;
  let browser: Browser;
  beforeAll(() => ({ t, api, browser } = stack));

  it("keeps the guest's top bar to one line, its links in a menu that opens below", async () => {
    const page = await (await browser.newContext(PHONE)).newPage();
    await page.goto(`${api.url}/event-code`);
    await appAdopted(page);
    expect(await topBarHeight(page)).toBeLessThanOrEqual(TOP_BAR_MAX_HEIGHT);
    expect(await page.getByRole('link', { name: 'Contribute' }).isVisible()).toBe(false);

    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('link', { name: 'Contribute' }).waitFor();
    await page.getByRole('link', { name: 'Sign In' }).waitFor();
    expect(await overflowing(page)).toEqual([]);
  });

  it("fits the owner's Admin and Billing pages, every tab, and a provider's page, to the phone's width", async () => {
    const owner = await createAccount(t.dataSource, Role.Owner);
    const provider = await createAccount(t.dataSource, Role.ServiceProvider);
    await t.dataSource
      .getRepository(ServiceProvider)
      .update(provider.provider!.id, { companyName: 'Fotheringham & Longname Event Services' });
    await createEvent(t.dataSource, {
      name: 'A Very Long Wedding Celebration Name',
      serviceProviderId: provider.provider!.id,
      eventDate: new Date('2027-06-12'),
    });
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page, api.url, owner);
    await page.setViewportSize(PHONE.viewport);

    await page.goto(`${api.url}/admin`);
    await page.getByRole('heading', { level: 1, name: 'Admin Dashboard' }).waitFor();
    await page.getByText('Fotheringham & Longname Event Services').first().waitFor();
    expect(await topBarHeight(page)).toBeLessThanOrEqual(TOP_BAR_MAX_HEIGHT);
    expect(await overflowing(page)).toEqual([]);
    for (const tab of ['All Events', 'Analytics']) {
      await page.getByRole('tab', { name: tab }).click();
      await page.getByRole('tabpanel').waitFor();
      if (tab === 'All Events') await page.getByText('A Very Long Wedding Celebration Name').waitFor();
      expect({ tab, overflowing: await overflowing(page) }).toEqual({ tab, overflowing: [] });
    }

    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('link', { name: 'Billing' }).click();
    await page.getByRole('heading', { level: 1, name: 'Billing' }).waitFor();
    await page.getByText('Welcome credits').first().waitFor();
    expect(await overflowing(page)).toEqual([]);
    for (const tab of ['Service Providers', 'Adjust Credits']) {
      await page.getByRole('tab', { name: tab }).click();
      await page.getByRole('tabpanel').waitFor();
      expect({ tab, overflowing: await overflowing(page) }).toEqual({ tab, overflowing: [] });
    }

    await page.goto(`${api.url}/admin/service-providers/${provider.provider!.id}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.getByText('A Very Long Wedding Celebration Name').waitFor();
    expect(await overflowing(page)).toEqual([]);
  });
});
