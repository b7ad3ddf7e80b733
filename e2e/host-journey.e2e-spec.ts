import { Page } from 'playwright-core';
import { EventStatus, ModerationType } from '@memory-wall/contracts';
import { Event, ServiceProvider } from '@memory-wall/core';
import { createAccount } from '@memory-wall/testkit/accounts';
import { postMessage } from '@memory-wall/testkit/factories';
import { PHONE } from '@memory-wall/testkit/browser';
import { hostedEvent } from '@memory-wall/testkit/hosted-event';
import { signIn, useBrowserStack } from './support/app';
import { seriousAxeFindings } from './support/axe';

const DAY_MS = 24 * 3600_000;

/**
 * Issue #46 items 1, 3, 6 and 9: a signed-in host (a customer) lands on their wall and reaches every host
 * feature by clicking only: what waits for approval (counted live wherever they are), the presentation, the
 * screens' controls, the keepsake and when its media are deleted; a provider and the owner meet payments
 * that are off before, not after, choosing a pack.
 */
describe("a host's day, reached by clicking from where the host lands", () => {
  const stack = useBrowserStack({ workers: true });

  /** A customer who runs a published wedding with manual moderation, and the event. */
  const hostedWedding = (name: string, fields: Partial<Event> = {}) =>
    hostedEvent(stack.t.dataSource, stack.api.url, ModerationType.ManualModeration, { name, ...fields });

  const moderationTab = (page: Page, waiting: number) =>
    page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: `Moderation ${waiting} memories waiting for approval`, exact: true });

  it('counts what waits for approval live, then opens the presentation, the screens and the keepsake from the wall', async () => {
    const { api, browser } = stack;
    const { customer, event } = await hostedWedding('Garden Wedding');
    for (const message of ['First to wait', 'Second to wait'])
      await postMessage(api.url, event.id, { name: 'Guest', message });

    const page = await (
      await browser.newContext({ viewport: { width: 1440, height: 900 }, bypassCSP: true })
    ).newPage();
    await signIn(page, api.url, customer);
    await page.waitForURL(`${api.url}/customer-wall`);

    // The empty wall says what waits, and the Moderation tab counts it; both follow a new memory live.
    await page.getByText('Nothing is on the wall yet: 2 memories are waiting for your approval.').waitFor();
    await moderationTab(page, 2).waitFor();
    await postMessage(api.url, event.id, { name: 'Guest', message: 'Third to wait' });
    await page.getByText('Nothing is on the wall yet: 3 memories are waiting for your approval.').waitFor();
    await moderationTab(page, 3).waitFor();
    expect(await seriousAxeFindings(page, 'customer wall, memories waiting')).toEqual([]);
    await page.screenshot({ path: '/tmp/host-journey-wall-waiting-1440.png', fullPage: true });

    // From the wall to the Moderation page; an approval there takes one off the count.
    await page.getByRole('link', { name: 'Review on the Moderation page' }).click();
    await page.waitForURL(`${api.url}/events/${event.id}/moderation`);
    await page
      .getByTestId('moderation-card')
      .filter({ hasText: 'First to wait' })
      .getByRole('button', { name: 'Approve' })
      .click();
    await moderationTab(page, 2).waitFor();
    // Its toast comes to rest below the top bar: the tabs stay in reach.
    await page.locator('[data-sonner-toast]').filter({ hasText: 'Memory approved' }).waitFor();
    await page.waitForFunction(() => {
      const toast = document.querySelector('[data-sonner-toast]')?.getBoundingClientRect();
      return !!toast && toast.top >= document.querySelector('header.top-bar')!.getBoundingClientRect().bottom;
    });

    // Back on the wall: the presentation, one click away; its Exit leads to the screens' controls.
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Wall', exact: true })
      .click();
    await page.getByTestId('memory-card').filter({ hasText: 'First to wait' }).waitFor();
    await page.getByRole('link', { name: 'Presentation', exact: true }).click();
    await page.waitForURL(`${api.url}/presentation/${event.id}`);
    await page.getByText('First to wait').first().waitFor();
    await page.getByRole('button', { name: 'Exit', exact: true }).click();
    await page.waitForURL(`${api.url}/events/${event.id}/wall`);
    await page.getByRole('heading', { name: 'Screens', exact: true }).waitFor();

    // The screens' controls straight from the wall.
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Wall', exact: true })
      .click();
    await page.getByRole('link', { name: 'Screens', exact: true }).click();
    await page.waitForURL(`${api.url}/events/${event.id}/wall`);
    await page.getByRole('button', { name: 'Hold screens' }).waitFor();

    // The event's page with its keepsake, and from there the host wall with the screens (not back to the wall).
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Wall', exact: true })
      .click();
    await page.getByRole('link', { name: 'Event & Keepsake' }).click();
    await page.waitForURL(`${api.url}/events/${event.id}`);
    await page.getByRole('heading', { name: 'Keepsake', exact: true }).waitFor();
    await page.getByRole('link', { name: /^Moderate Content 2 memories waiting for approval$/ }).waitFor();
    expect(await seriousAxeFindings(page, 'event dashboard of a customer')).toEqual([]);
    await page.screenshot({ path: '/tmp/host-journey-dashboard-1440.png', fullPage: true });
    await page.getByRole('link', { name: 'Display Wall' }).click();
    await page.waitForURL(`${api.url}/events/${event.id}/wall`);
    await page.getByRole('heading', { name: 'Screens', exact: true }).waitFor();
  });

  it('on a phone, reaches the screens and the keepsake from the wall and sees the count in the menu', async () => {
    const { api, browser } = stack;
    const { customer, event } = await hostedWedding('Harbour Memorial');
    await postMessage(api.url, event.id, { name: 'Guest', message: 'Waiting on a phone' });

    const page = await (await browser.newContext({ ...PHONE, bypassCSP: true })).newPage();
    await signIn(page, api.url, customer);
    await page.waitForURL(`${api.url}/customer-wall`);
    await page.getByText('Nothing is on the wall yet: 1 memory is waiting for your approval.').waitFor();
    await page.screenshot({ path: '/tmp/host-journey-wall-waiting-390.png', fullPage: true });
    expect(await seriousAxeFindings(page, 'customer wall on a phone')).toEqual([]);

    await page.getByRole('button', { name: 'Menu' }).click();
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Moderation 1 memory waiting for approval', exact: true })
      .waitFor();
    await page.getByRole('button', { name: 'Menu' }).click();

    await page.getByRole('link', { name: 'Screens', exact: true }).click();
    await page.waitForURL(`${api.url}/events/${event.id}/wall`);
    await page.getByRole('button', { name: 'Hold screens' }).waitFor();
    await page.goBack();
    await page.getByRole('link', { name: 'Event & Keepsake' }).click();
    await page.getByRole('heading', { name: 'Keepsake', exact: true }).waitFor();
    await page.screenshot({ path: '/tmp/host-journey-dashboard-390.png', fullPage: true });
  });

  it("shows on a completed event's page from when its photos and clips are deleted, and says to download the keepsake first", async () => {
    const { api, browser } = stack;
    // Completed ten days ago; its provider keeps media for 30 days: deleted from 20 days on.
    const completedAt = new Date(Date.now() - 10 * DAY_MS);
    const { provider, customer } = await hostedWedding('Summer Party', { status: EventStatus.Completed, completedAt });
    await stack.t.dataSource
      .getRepository(ServiceProvider)
      .update({ id: provider.provider!.id }, { retentionDays: 30 });
    const deletesOn = new Intl.DateTimeFormat('en', { month: 'short', day: 'numeric', year: 'numeric' }).format(
      new Date(completedAt.getTime() + 30 * DAY_MS),
    );

    const page = await (
      await browser.newContext({ viewport: { width: 1440, height: 900 }, bypassCSP: true })
    ).newPage();
    await signIn(page, api.url, customer);
    await page.waitForURL(`${api.url}/customer-wall`);
    await page.getByRole('link', { name: 'Event & Keepsake' }).click();
    await page
      .getByTestId('media-deletes')
      .filter({
        hasText: `deleted from ${deletesOn}; the messages stay on the wall. Download the keepsake before then`,
      })
      .waitFor();
    await page.screenshot({ path: '/tmp/host-journey-retention-1440.png', fullPage: true });
  });

  it('tells a provider before choosing a pack that payments are off and whom to ask, and the owner how to turn them on', async () => {
    const { api, browser } = stack;
    const provider = await createAccount(stack.t.dataSource, 'service_provider');
    const owner = await createAccount(stack.t.dataSource, 'owner');
    const page = await (
      await browser.newContext({ viewport: { width: 1440, height: 900 }, bypassCSP: true })
    ).newPage();

    await signIn(page, api.url, provider);
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Account' }).click();
    await page.getByRole('tab', { name: 'Purchase Credits' }).click();
    const choose = page.getByRole('button', { name: 'Choose Value' });
    await choose.waitFor();
    expect(await choose.isDisabled()).toBe(true);
    await page.getByText(/Card payments are not switched on for this platform yet/).waitFor();
    expect(await seriousAxeFindings(page, 'purchase credits, payments off')).toEqual([]);
    await page.screenshot({ path: '/tmp/host-journey-credits-off-1440.png', fullPage: true });
    await page.getByRole('button', { name: 'Logout' }).click();

    await page.getByRole('link', { name: 'Sign In' }).waitFor();
    await signIn(page, api.url, owner);
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Billing' }).click();
    await page
      .getByRole('status', { name: 'Payments are off' })
      .getByText(/Set STRIPE_SECRET_KEY/)
      .waitFor();
    expect(await seriousAxeFindings(page, 'billing, payments off')).toEqual([]);
    await page.screenshot({ path: '/tmp/host-journey-billing-off-1440.png', fullPage: true });
  });
});
