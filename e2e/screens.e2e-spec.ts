import { resolve } from 'node:path';
import { Browser, Page } from 'playwright-core';
import { createAccount, makeEventAdmin } from '@memory-wall/testkit/accounts';
import { createEvent, postMessage } from '@memory-wall/testkit/factories';
import { signedIn } from '@memory-wall/testkit/http';
import { Memory } from '@memory-wall/core';
import { RunningProcess, startApi, startWorkers } from '@memory-wall/testkit/processes';
import { createTestEnvironment, TestEnvironment } from '@memory-wall/testkit/test-environment';
import { signIn } from './support/app';
import { launchBrowser, PHONE } from '@memory-wall/testkit/browser';

const SCREEN = { viewport: { width: 1920, height: 1080 } };

/**
 * Issue #27: the host controls every screen of the event at once from the host wall (hold, reveal mode,
 * delay with pull back) and a named screen's layout, across two API instances: the host on one, the two
 * venue screens on either, so every change travels through Redis to the other instance.
 */
describe("the host's control of the screens, across two API instances", () => {
  let t: TestEnvironment;
  let apiA: RunningProcess;
  let apiB: RunningProcess;
  let workers: RunningProcess;
  let browser: Browser;

  beforeAll(async () => {
    t = await createTestEnvironment();
    const env = { ...t.env, FRONTEND_DIST: resolve(__dirname, '../frontend/dist') };
    [apiA, apiB, browser] = await Promise.all([startApi(env), startApi(env), launchBrowser()]);
    workers = startWorkers(env);
  });

  afterAll(async () => {
    await browser?.close();
    await Promise.all([apiA?.stop(), apiB?.stop(), workers?.stop()]);
    await t?.cleanup();
  });

  const card = (page: Page, text: string) => page.getByTestId('memory-card').filter({ hasText: text });
  const cardCount = (page: Page, text: string) => card(page, text).count();

  it('holds, reveals, delays with pull back, and lays out a named screen, live on both screens', async () => {
    const provider = await createAccount(t.dataSource, 'service_provider');
    const customer = await createAccount(t.dataSource, 'customer');
    const event = await createEvent(t.dataSource, {
      name: 'Garden Wedding',
      wallTitle: 'Notes for Sam & Alex',
      moderationType: 'manual_moderation',
      serviceProviderId: provider.provider!.id,
    });
    await makeEventAdmin(t.dataSource, customer.user.id, event.id);

    const host = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
    await signIn(host, apiA.url, customer);
    const asHost = await signedIn(apiB.url, customer);
    await host.goto(`${apiA.url}/events/${event.id}/wall`);
    await host.getByRole('heading', { name: 'Screens', exact: true }).waitFor();

    const screenA = await (await browser.newContext(SCREEN)).newPage();
    await screenA.goto(`${apiA.url}/display/${event.id}`);
    const screenB = await (await browser.newContext(SCREEN)).newPage();
    await screenB.goto(`${apiB.url}/display/${event.id}?screen=hall`);
    for (const screen of [screenA, screenB]) {
      await screen.getByText('No memories available yet').waitFor();
      await screen.getByTestId('live-badge').filter({ hasText: 'Live' }).waitFor();
    }

    /** A guest's message, approved by the host on the host wall. */
    const approve = async (message: string) => {
      await postMessage(apiB.url, event.id, { name: 'Guest', message });
      await card(host, message).getByRole('button', { name: 'Approve' }).click();
      await host.locator('#on-display-title ~ * [data-testid="memory-card"]').filter({ hasText: message }).waitFor();
    };

    await approve('Before the hold');
    await approve('Removed while held');
    for (const screen of [screenA, screenB]) await card(screen, 'Removed while held').waitFor();

    // Hold: nothing new reaches either screen, not even after a reload; released, it does.
    await host.getByRole('button', { name: 'Hold screens' }).click();
    await host.getByRole('button', { name: 'Release screens' }).waitFor();
    await approve('During the hold');
    // A later message on the same feed, which a hold lets through: a removal. Once the screens have it,
    // they would have had the held memory too.
    const takenDown = await t.dataSource.getRepository(Memory).findOneByOrFail({ content: 'Removed while held' });
    expect((await asHost.delete(`/api/memories/${takenDown.id}`)).status).toBe(200);
    for (const screen of [screenA, screenB]) await card(screen, 'Removed while held').waitFor({ state: 'detached' });
    await screenB.reload();
    await card(screenB, 'Before the hold').waitFor();
    for (const screen of [screenA, screenB]) expect(await cardCount(screen, 'During the hold')).toBe(0);
    await host.getByRole('button', { name: 'Release screens' }).click();
    for (const screen of [screenA, screenB]) await card(screen, 'During the hold').waitFor();

    // Reveal mode: a "coming soon" card with the QR code on both screens until the host reveals the wall.
    await host.getByLabel('Coming soon card until revealed').click();
    for (const screen of [screenA, screenB]) await screen.getByTestId('coming-soon').waitFor();
    await screenA.reload();
    await screenA.getByRole('heading', { name: 'Coming soon' }).waitFor();
    expect(await cardCount(screenA, 'Before the hold')).toBe(0);
    await screenA.screenshot({ path: '/tmp/screens-coming-soon-1920.png' });
    await host.getByRole('button', { name: 'Reveal the wall' }).click();
    for (const screen of [screenA, screenB]) await card(screen, 'During the hold').waitFor();

    // Delay: an approved memory waits 10 s; one pulled back meanwhile never reaches the screens.
    await host.getByLabel('Delay before a memory reaches the screens').selectOption('10');
    await host
      .getByLabel('Delay before a memory reaches the screens')
      .locator('option:checked')
      .filter({ hasText: '10 s' })
      .waitFor({ state: 'attached' });
    await approve('Kept after the delay');
    await approve('Pulled back in the delay');
    const delayed = host.locator('.wall-cell').filter({ hasText: 'Pulled back in the delay' });
    await delayed.getByTestId('delay-bar').waitFor();
    await host.screenshot({ path: '/tmp/screens-host-1440.png', fullPage: true });
    await delayed.getByRole('button', { name: 'Pull back' }).click();
    await card(host, 'Pulled back in the delay').getByRole('button', { name: 'Approve' }).waitFor();
    // Approved after the pulled back one, so due after it: once it is on the screens, the other would be.
    await approve('Approved after the pull back');
    expect(await cardCount(screenA, 'Kept after the delay')).toBe(0);
    await screenB.reload();
    await card(screenB, 'During the hold').waitFor();
    expect(await cardCount(screenB, 'Kept after the delay')).toBe(0);
    for (const screen of [screenA, screenB]) {
      await card(screen, 'Kept after the delay').waitFor({ timeout: 20_000 });
      await card(screen, 'Approved after the pull back').waitFor({ timeout: 20_000 });
    }
    for (const screen of [screenA, screenB]) expect(await cardCount(screen, 'Pulled back in the delay')).toBe(0);

    // A named screen's layout, changed from the host wall while it runs: only screen B ("hall") follows it.
    await host.getByLabel('Screen name').fill('hall');
    await host.getByRole('button', { name: 'Add screen' }).click();
    const hall = host.getByTestId('named-screen-hall');
    await hall.getByLabel('Columns').selectOption('2');
    await screenB.locator('[data-columns="2"]').waitFor();
    expect(await screenA.locator('[data-columns="auto"]').count()).toBe(1);
    await screenB.screenshot({ path: '/tmp/screens-named-hall-1920.png' });
    await hall.getByLabel('Featured only').click();
    await screenB.getByText('No memories available yet').waitFor();
    expect(await cardCount(screenA, 'Kept after the delay')).toBe(1);
    await screenA.screenshot({ path: '/tmp/screens-display-1920.png' });

    const phoneHost = await (await browser.newContext(PHONE)).newPage();
    await signIn(phoneHost, apiB.url, customer);
    await phoneHost.goto(`${apiB.url}/events/${event.id}/wall`);
    await phoneHost.getByTestId('named-screen-hall').waitFor();
    await phoneHost.screenshot({ path: '/tmp/screens-host-390.png', fullPage: true });
  }, 180_000);
});
