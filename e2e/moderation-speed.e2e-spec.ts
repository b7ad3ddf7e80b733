import { setTimeout as sleep } from 'node:timers/promises';
import { Page } from 'playwright-core';
import { Memory } from '@memory-wall/core';
import { createAccount, makeEventAdmin } from '@memory-wall/testkit/accounts';
import { createEvent, postMessage } from '@memory-wall/testkit/factories';
import { processed } from '@memory-wall/testkit/memories';
import { signIn, useBrowserStack } from './support/app';

const DESKTOP = { viewport: { width: 1440, height: 900 } };
const SCREEN = { viewport: { width: 1920, height: 1080 } };
/** Longer than the Undo window (5 s) and the deletion that would follow it. */
const PAST_UNDO_MS = 8000;

/** Issue #27: moderation at speed, from the host's moderation page to a venue screen. */
describe('moderation at speed', () => {
  const stack = useBrowserStack({ workers: true });

  async function hostedEvent(moderationType: 'manual_moderation' | 'auto_approve') {
    const provider = await createAccount(stack.t.dataSource, 'service_provider');
    const customer = await createAccount(stack.t.dataSource, 'customer');
    const event = await createEvent(stack.t.dataSource, {
      name: 'Garden Wedding',
      moderationType,
      serviceProviderId: provider.provider!.id,
    });
    await makeEventAdmin(stack.t.dataSource, customer.user.id, event.id);
    const host = await (await stack.browser.newContext(DESKTOP)).newPage();
    await signIn(host, stack.api.url, customer);
    await host.goto(`${stack.api.url}/events/${event.id}/moderation`);
    await host.getByRole('heading', { name: 'Moderation', level: 1 }).waitFor();
    const screen = await (await stack.browser.newContext(SCREEN)).newPage();
    await screen.goto(`${stack.api.url}/display/${event.id}`);
    await screen.getByTestId('live-badge').filter({ hasText: 'Live' }).waitFor();
    return { event, host, screen };
  }

  const post = async (eventId: string, message: string) =>
    processed(
      stack.t.dataSource,
      (await postMessage(stack.api.url, eventId, { name: 'Guest', message })).body.memory.id,
    );
  const card = (page: Page, text: string) => page.getByTestId(/^(moderation|memory)-card$/).filter({ hasText: text });
  const stored = (id: string) => stack.t.dataSource.getRepository(Memory).findOneBy({ id });

  it('undoes a reject and a remove: nothing is deleted, and the screen never loses what it showed', async () => {
    const { event, host, screen } = await hostedEvent('manual_moderation');
    const pending = await post(event.id, 'Pending, rejected by a slip');
    const shown = await post(event.id, 'On the wall, removed by a slip');
    await card(host, 'On the wall, removed by a slip').getByRole('button', { name: 'Approve' }).click();
    await card(screen, 'On the wall, removed by a slip').waitFor();

    await card(host, 'Pending, rejected by a slip').getByRole('button', { name: 'Reject' }).click();
    await card(host, 'Pending, rejected by a slip').waitFor({ state: 'detached' });
    await host.getByRole('button', { name: 'Undo' }).click();
    await card(host, 'Pending, rejected by a slip').waitFor();

    await host.getByRole('tab', { name: /^Approved/ }).click();
    await card(host, 'On the wall, removed by a slip').getByRole('button', { name: 'Remove' }).click();
    await card(host, 'On the wall, removed by a slip').waitFor({ state: 'detached' });
    // The keyboard's Undo (u) takes back the latest one.
    await host.keyboard.press('u');
    await card(host, 'On the wall, removed by a slip').waitFor();

    await sleep(PAST_UNDO_MS);
    expect(await stored(pending.id)).toMatchObject({ approved: false });
    expect(await stored(shown.id)).toMatchObject({ approved: true });
    expect(await card(screen, 'On the wall, removed by a slip').count()).toBe(1);
    await host.reload();
    await host.getByRole('tab', { name: /^Pending/ }).click();
    await card(host, 'Pending, rejected by a slip').waitFor();
  }, 180_000);

  it('approves three pending memories at once, and the screen shows them', async () => {
    const { event, host, screen } = await hostedEvent('manual_moderation');
    const messages = ['First of three', 'Second of three', 'Third of three'];
    for (const message of messages) await post(event.id, message);
    for (const message of messages) await card(host, message).waitFor();
    await screen.getByText('No memories available yet').waitFor();

    await host.getByRole('checkbox', { name: 'Select all (3)' }).check();
    const bar = host.getByRole('region', { name: 'Actions on the selected memories' });
    await bar.getByText('3 selected').waitFor();
    await bar.getByRole('button', { name: 'Approve' }).click();

    await host.getByText('3 memories approved').waitFor();
    for (const message of messages) await card(screen, message).waitFor();
    await host.getByText('No pending memories').waitFor();
  }, 180_000);

  it("holds a memory with one of the host's keywords, with its reason, off the screen", async () => {
    const { event, host, screen } = await hostedEvent('auto_approve');
    await host.getByText('Keywords to hold').click();
    await host.getByRole('textbox', { name: 'Keywords' }).fill('rival\n前任');
    await host.getByRole('button', { name: 'Save keywords' }).click();
    await host.getByText('Keywords saved').waitFor();

    await post(event.id, 'Congratulations from your RIVAL');
    await post(event.id, 'Congratulations, all the best');
    const held = card(host, 'Congratulations from your RIVAL');
    await held.getByText('Held: Contains the keyword "rival"').waitFor();

    await card(screen, 'Congratulations, all the best').waitFor();
    expect(await card(screen, 'Congratulations from your RIVAL').count()).toBe(0);
  }, 180_000);
});
