import { Browser } from 'playwright-core';
import { ModerationType, Role } from '@memory-wall/contracts';
import { createAccount, makeEventAdmin } from '@memory-wall/testkit/accounts';
import { createEvent } from '@memory-wall/testkit/factories';
import type { RunningProcess } from '@memory-wall/testkit/processes';
import type { TestEnvironment } from '@memory-wall/testkit/test-environment';
import { PHONE } from '@memory-wall/testkit/browser';
import { signIn, useBrowserStack } from './support/app';

/** A guest's "My memories" (issue #25): the device remembers what it sent, follows the hosts, and takes one back. */
describe("a guest's own memories", () => {
  const stack = useBrowserStack({ workers: true });
  let t: TestEnvironment;
  let api: RunningProcess;
  let browser: Browser;
  beforeAll(() => ({ t, api, browser } = stack));

  it('shows the guest each memory waiting, then on the wall when the host approves, and deletes one from the wall', async () => {
    const event = await createEvent(t.dataSource, {
      name: 'Garden Party',
      eventCode: 'MINE26',
      moderationType: ModerationType.ManualModeration,
    });
    const customer = await createAccount(t.dataSource, Role.Customer);
    await makeEventAdmin(t.dataSource, customer.user.id, event.id);

    const phone = await (await browser.newContext(PHONE)).newPage();
    for (const message of ['Cheers to the hosts!', 'What a lovely garden']) {
      await phone.goto(`${api.url}/contribute?code=mine26`);
      await phone.getByLabel('Your Name').fill('Cousin Ida');
      await phone.getByLabel('Message').fill(message);
      await phone.getByRole('button', { name: 'Submit' }).click();
      await phone.getByRole('heading', { name: 'Thank You' }).waitFor();
    }
    await phone.goto(`${api.url}/contribute?code=mine26`);
    const mine = phone.getByRole('region', { name: 'My memories' });
    const item = (text: string) => mine.getByRole('listitem').filter({ hasText: text });
    await item('Cheers to the hosts!').getByText('Waiting for approval').waitFor();
    await item('What a lovely garden').getByText('Waiting for approval').waitFor();

    // The host approves one: the guest's page follows without a reload.
    const host = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await signIn(host, api.url, customer);
    await host.goto(`${api.url}/events/${event.id}/moderation`);
    const card = host.getByTestId('moderation-card').filter({ hasText: 'Cheers to the hosts!' });
    await card.getByRole('button', { name: 'Approve' }).click({ timeout: 15_000 });
    await host.getByText('Memory approved').waitFor();
    await item('Cheers to the hosts!').getByText('On the wall').waitFor({ timeout: 15_000 });
    expect(await item('What a lovely garden').getByText('Waiting for approval').isVisible()).toBe(true);

    // A screen shows it; the guest takes it back, and the screen no longer does.
    const screen = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    await screen.goto(`${api.url}/presentation/${event.id}`);
    await screen.getByText('Cheers to the hosts!').first().waitFor();
    await item('Cheers to the hosts!').getByRole('button', { name: 'Delete' }).click();
    await item('Cheers to the hosts!').getByRole('button', { name: 'Delete' }).click();
    await phone.getByText('Memory deleted').waitFor();
    await item('Cheers to the hosts!').waitFor({ state: 'detached' });
    await screen.getByText('Cheers to the hosts!').first().waitFor({ state: 'detached', timeout: 15_000 });
    const wall = await (await fetch(`${api.url}/api/events/${event.id}/memories`)).json();
    expect(wall.memories).toEqual([]);
  });
});
