import { Browser } from 'playwright-core';
import { createEvent } from '@memory-wall/testkit/factories';
import type { RunningProcess } from '@memory-wall/testkit/processes';
import type { TestEnvironment } from '@memory-wall/testkit/test-environment';
import { useBrowserStack } from './support/app';
import { PHONE } from '@memory-wall/testkit/browser';

/** The walking skeleton in a real browser: a guest's message reaches a venue screen live. */
describe('a guest message appears live on the display', () => {
  const stack = useBrowserStack({ workers: true });
  let t: TestEnvironment;
  let api: RunningProcess;
  let browser: Browser;
  beforeAll(() => ({ t, api, browser } = stack));

  it('shows the message on /display/{id} without a reload after a phone submits it on /contribute/{id}', async () => {
    const event = await createEvent(t.dataSource, { name: 'Garden Wedding', wallTitle: 'Notes for Sam & Alex' });

    const screen = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
    await screen.goto(`${api.url}/display/${event.id}`);
    await screen.getByRole('heading', { name: 'Notes for Sam & Alex' }).waitFor();
    await screen.getByText('No memories available yet').waitFor();
    await screen.getByTestId('live-badge').filter({ hasText: 'Live' }).waitFor();
    await screen.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));

    const phone = await (await browser.newContext(PHONE)).newPage();
    await phone.goto(`${api.url}/contribute/${event.id}`);
    await phone.getByRole('heading', { name: 'Share Your Memory' }).waitFor();
    await phone.getByRole('button', { name: 'Submit' }).click();
    await phone.getByText('Name is required').waitFor();
    await phone.getByText('Message is required').waitFor();

    await phone.getByLabel('Your Name').fill('Grandpa Joe');
    await phone.getByLabel('Message').fill('Dance like nobody is watching!');
    await phone.getByRole('button', { name: 'Submit' }).click();
    await phone.waitForURL(`**/thank-you?event=${event.slug}`);
    await phone.getByRole('heading', { name: 'Thank You' }).waitFor();

    const card = screen.getByTestId('memory-card').filter({ hasText: 'Dance like nobody is watching!' });
    await card.waitFor({ timeout: 10_000 });
    expect(await card.innerText()).toContain('From Grandpa Joe');
    expect(await screen.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  });

  it('says "Event Not Available" for a draft event', async () => {
    const draft = await createEvent(t.dataSource, { status: 'draft', isPublished: false });
    const page = await browser.newPage();
    await page.goto(`${api.url}/display/${draft.id}`);
    await page.getByRole('heading', { name: 'Event Not Available' }).waitFor();
    expect(await page.getByRole('link', { name: 'Return to Home' }).isVisible()).toBe(true);
  });

  it('serves the not-found page for an unknown client route', async () => {
    const page = await browser.newPage();
    const response = await page.goto(`${api.url}/no/such/page`);
    expect(response?.status()).toBe(200);
    await page.getByText('404 Page Not Found').waitFor();
    await page.getByText('Did you forget to add the page to the router?').waitFor();
  });
});
