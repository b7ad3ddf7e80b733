import { Browser, type Page } from 'playwright-core';
import { Role } from '@memory-wall/contracts';
import { ServiceProvider } from '@memory-wall/core';
import { createAccount, type TestAccount } from '@memory-wall/testkit/accounts';
import { createEvent } from '@memory-wall/testkit/factories';
import type { RunningProcess } from '@memory-wall/testkit/processes';
import type { TestEnvironment } from '@memory-wall/testkit/test-environment';
import { PHONE } from '@memory-wall/testkit/browser';
import { signIn, useBrowserStack } from './support/app';

const DESKTOP = { viewport: { width: 1440, height: 900 } };

/** Set SCREENSHOTS_DIR to keep pictures of the pages this test visits (for a person to look at). */
async function picture(page: Page, name: string) {
  const dir = process.env.SCREENSHOTS_DIR;
  if (dir) await page.screenshot({ path: `${dir}/${name}-${page.viewportSize()!.width}.png`, fullPage: true });
}

/**
 * Issue #27 item 9 in a real browser: the owner's providers table is searched, sorted and paged by the
 * server, and the owner marks a provider verified from it.
 */
describe("the owner's tables", () => {
  const stack = useBrowserStack();
  let t: TestEnvironment;
  let api: RunningProcess;
  let browser: Browser;
  let owner: TestAccount;
  const companies: string[] = [];

  beforeAll(async () => {
    ({ t, api, browser } = stack);
    owner = await createAccount(t.dataSource, Role.Owner);
    // 23 providers: two pages of 20.
    for (let i = 0; i < 23; i++) {
      const provider = await createAccount(t.dataSource, Role.ServiceProvider);
      const companyName = `${String.fromCharCode(65 + i)}${i % 2 ? 'lpine' : 'urora'} Events ${i}`;
      await t.dataSource.getRepository(ServiceProvider).update(provider.provider!.id, { companyName });
      companies.push(companyName);
      if (i < 3) await createEvent(t.dataSource, { serviceProviderId: provider.provider!.id, name: `Gala ${i}` });
    }
  });

  const rowHeaders = (page: Page) => page.getByRole('table').getByRole('rowheader').allTextContents();

  it('searches, sorts and pages the providers on the server, and marks one verified', async () => {
    const page = await (await browser.newContext(DESKTOP)).newPage();
    await signIn(page, api.url, owner);
    await page.goto(`${api.url}/admin`);
    await page.getByRole('table', { name: 'Service Providers' }).waitFor();
    await page.getByText('Showing 1–20 of 23').waitFor();
    await picture(page, 'admin-providers');

    const nameHeader = page.getByRole('columnheader', { name: /^Name/ });
    await nameHeader.getByRole('button').click();
    await page.waitForFunction(() =>
      document.querySelector('th[aria-sort="ascending"]')?.textContent?.startsWith('Name'),
    );
    await page.getByRole('rowheader', { name: 'Aurora Events 0' }).waitFor();
    expect((await rowHeaders(page))[0]).toBe('Aurora Events 0');
    await nameHeader.getByRole('button').click();
    await page.getByRole('rowheader', { name: 'Wurora Events 22' }).waitFor();
    expect(await nameHeader.getAttribute('aria-sort')).toBe('descending');
    expect((await rowHeaders(page))[0]).toBe('Wurora Events 22');

    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Page 2 of 2').waitFor();
    await page.getByText('Showing 21–23 of 23').waitFor();
    expect(await rowHeaders(page)).toEqual(['Curora Events 2', 'Blpine Events 1', 'Aurora Events 0']);

    await page.getByRole('searchbox', { name: 'Search by company, username or email' }).fill('lpine');
    await page.getByText('Showing 1–11 of 11').waitFor();
    expect((await rowHeaders(page)).every((name) => name.includes('lpine'))).toBe(true);

    const toggle = page.getByRole('switch', { name: 'Verified: Blpine Events 1' });
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    await toggle.click();
    await page.waitForFunction(
      () =>
        document
          .querySelector('[role="switch"][aria-label="Verified: Blpine Events 1"]')
          ?.getAttribute('aria-checked') === 'true',
    );
    const stored = await t.dataSource
      .getRepository(ServiceProvider)
      .findOneByOrFail({ companyName: 'Blpine Events 1' });
    expect(stored.verified).toBe(true);
    await picture(page, 'admin-providers-searched');

    await page.getByRole('tab', { name: 'All Events' }).click();
    await page.getByRole('table', { name: 'All Events' }).waitFor();
    await page.getByText('Showing 1–3 of 3').waitFor();
    await picture(page, 'admin-events');
    await page.goto(`${api.url}/admin/billing`);
    await page.getByRole('table', { name: 'Transaction History' }).waitFor();
    await picture(page, 'billing');
  });

  it('offers the sort as a list on a phone, where the header row is hidden', async () => {
    const page = await (await browser.newContext(PHONE)).newPage();
    await signIn(page, api.url, owner);
    await page.goto(`${api.url}/admin`);
    await page.getByRole('table', { name: 'Service Providers' }).waitFor();
    await page.getByLabel('Sort by').selectOption('companyName:asc');
    await page.getByRole('rowheader', { name: 'Aurora Events 0' }).waitFor();
    expect((await rowHeaders(page))[0]).toBe('Aurora Events 0');
    await picture(page, 'admin-providers');
    await page.getByRole('tab', { name: 'All Events' }).click();
    await page.getByRole('table', { name: 'All Events' }).waitFor();
    await picture(page, 'admin-events');
    await page.goto(`${api.url}/admin/billing`);
    await page.getByRole('table', { name: 'Transaction History' }).waitFor();
    await picture(page, 'billing');
  });

  it("asks a provider signing up for its company and service types; offers Duplicate on a provider's event", async () => {
    const provider = await createAccount(t.dataSource, Role.ServiceProvider);
    await createEvent(t.dataSource, { serviceProviderId: provider.provider!.id, name: 'Spring Gala' });
    for (const options of [DESKTOP, PHONE]) {
      const context = await browser.newContext(options);
      const page = await context.newPage();
      await page.goto(`${api.url}/signin`);
      await page.getByRole('tab', { name: 'Register' }).click();
      await page.getByRole('radio', { name: 'Service Provider' }).check();
      await page.getByLabel('Company Name').fill('Pat Events');
      expect(await page.getByRole('group', { name: 'Service Types' }).getByRole('checkbox').count()).toBe(3);
      await page.getByRole('checkbox', { name: 'Weddings' }).check();
      await picture(page, 'signup-provider');
      await signIn(page, api.url, provider);
      await page.goto(`${api.url}/events`);
      await page.getByRole('button', { name: 'Duplicate Spring Gala' }).click();
      await page.getByRole('dialog').getByRole('heading', { name: 'Duplicate Event' }).waitFor();
      await picture(page, 'duplicate-dialog');
      await context.close();
    }
  });
});
