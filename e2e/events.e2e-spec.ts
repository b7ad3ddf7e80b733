import { readFile } from 'node:fs/promises';
import jsQR from 'jsqr';
import { Browser } from 'playwright-core';
import { PNG } from 'pngjs';
import { Role } from '@memory-wall/contracts';
import { Event, ServiceProvider } from '@memory-wall/core';
import { createAccount, makeEventAdmin } from '@memory-wall/testkit/accounts';
import { createEvent } from '@memory-wall/testkit/factories';
import { waitFor } from '@memory-wall/testkit/wait';
import type { RunningProcess } from '@memory-wall/testkit/processes';
import type { TestEnvironment } from '@memory-wall/testkit/test-environment';
import { signIn, useBrowserStack } from './support/app';

/** Signs in through /signin the way a person does. */
/** A calendar day some days from now, as a date input takes it. */
function daysFromNow(days: number): string {
  const date = new Date(Date.now() + days * 24 * 3600 * 1000);
  return date.toISOString().slice(0, 10);
}

/**
 * The events screens in a real browser against the built API and front end: a provider creates an event
 * with customer access (published, 1 credit), downloads its QR code, and the customer changes the wall.
 */
describe('events in the browser', () => {
  const stack = useBrowserStack();
  let t: TestEnvironment;
  let api: RunningProcess;
  let browser: Browser;
  beforeAll(() => ({ t, api, browser } = stack));

  it('lets a provider publish an event with customer access and its customer restyle the wall', async () => {
    const provider = await createAccount(t.dataSource, Role.ServiceProvider);
    const page = await (await browser.newContext({ acceptDownloads: true })).newPage();
    await signIn(page, api.url, provider);
    await page.waitForURL(`${api.url}/events`);
    await page.getByRole('heading', { level: 1, name: 'Your Events' }).waitFor();
    await page.getByText('Available credits: 10').waitFor();

    // Create the event, with a login for its host.
    await page.getByRole('link', { name: 'New Event', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'New Event' }).waitFor();
    await page.getByLabel('Event Name', { exact: true }).fill('Garden Wedding');
    await page.getByLabel('Event Type', { exact: true }).selectOption('wedding');
    await page.getByLabel('Event Date', { exact: true }).fill(daysFromNow(30));
    await page.getByLabel('Wall Title', { exact: true }).fill('Notes for Sam & Alex');
    await page.getByLabel('Customer Name', { exact: true }).fill('Sam Rivers');
    await page.getByLabel('Customer Email', { exact: true }).fill('sam.rivers@example.test');
    await page.getByLabel('Customer Username', { exact: true }).fill('sam_rivers');
    await page.getByLabel('Customer PIN', { exact: true }).fill('246810');
    await page.getByRole('button', { name: 'Create Event', exact: true }).click();

    // The customer's sign-in details, once.
    const access = page.getByRole('region', { name: 'Customer Access Created' });
    await access.waitFor();
    await page.getByText('Event created').waitFor();
    await access.getByText('sam_rivers', { exact: true }).waitFor();
    expect(await access.getByTestId('customer-pin').innerText()).toBe('246810');
    await page.getByRole('button', { name: 'Continue', exact: true }).click();

    // Published at once, one credit spent.
    await page.waitForURL(`${api.url}/events`);
    const card = page.getByRole('listitem', { name: 'Garden Wedding' });
    await card.getByText('Published', { exact: true }).waitFor();
    await card.getByText('1 credit used', { exact: true }).waitFor();
    await page.getByText('Available credits: 9').waitFor();
    const stored = await t.dataSource.getRepository(Event).findOneByOrFail({ name: 'Garden Wedding' });
    expect(stored.status).toBe('live');
    expect(
      (await t.dataSource.getRepository(ServiceProvider).findOneByOrFail({ id: provider.provider!.id }))
        .availableCredits,
    ).toBe(9);

    // The dashboard's QR code, downloaded as a PNG that scans to the contribute address.
    await card.getByRole('link', { name: 'View', exact: true }).click();
    await page.waitForURL(`${api.url}/events/${stored.id}`);
    await page.getByRole('heading', { level: 1, name: 'Garden Wedding' }).waitFor();
    await page.getByRole('button', { name: 'Show QR Code', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'QR Code for Garden Wedding' });
    await dialog.getByRole('img', { name: 'QR code for Garden Wedding' }).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Download', exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`memory-wall-qr-${stored.eventCode}.png`);
    const png = PNG.sync.read(await readFile(await download.path()));
    const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
    expect(decoded?.data).toBe(`${api.url}/contribute?code=${stored.eventCode}`);

    // The customer signs in with the PIN and restyles the wall.
    const customerContext = await browser.newContext();
    const customer = await customerContext.newPage();
    await signIn(customer, api.url, { username: 'sam_rivers', password: '246810' });
    await customer.waitForURL(`${api.url}/customer-wall`);
    await customer.goto(`${api.url}/wall-settings/${stored.id}`);
    await customer.getByRole('heading', { level: 1, name: 'Wall Settings' }).waitFor();
    const title = customer.getByLabel('Wall Title', { exact: true });
    await title.waitFor();
    expect(await title.inputValue()).toBe('Notes for Sam & Alex');
    await title.fill('Love Notes for Sam & Alex');
    await customer.getByRole('radio', { name: 'Cream', exact: true }).check();
    await customer.getByRole('radio', { name: 'Manual Moderation', exact: true }).check();
    await customer.getByLabel('Transition Time', { exact: true }).selectOption('10');
    await customer.getByRole('button', { name: 'Save Settings', exact: true }).click();
    await customer.getByText('Wall settings updated').waitFor();

    const response = await customerContext.request.get(`${api.url}/api/events/${stored.id}`);
    expect(response.status()).toBe(200);
    const { event } = (await response.json()) as { event: Record<string, unknown> };
    expect(event).toMatchObject({
      wallTitle: 'Love Notes for Sam & Alex',
      colorTheme: '#FDFBD4',
      moderationType: 'manual_moderation',
      transitionTime: 10,
    });
  });

  it("lets a provider choose what its customer may do, and the customer's screens follow", async () => {
    const provider = await createAccount(t.dataSource, Role.ServiceProvider);
    const host = await createAccount(t.dataSource, Role.Customer);
    const event = await createEvent(t.dataSource, {
      serviceProviderId: provider.provider!.id,
      name: 'Harbour Memorial',
    });
    await makeEventAdmin(t.dataSource, host.user.id, event.id);

    // The provider takes moderation away and lets the customer edit the details.
    const page = await (await browser.newContext()).newPage();
    await signIn(page, api.url, provider);
    const card = page.getByRole('listitem', { name: 'Harbour Memorial' });
    await card.getByRole('button', { name: 'Customer Access', exact: true }).click();
    const permissions = card.getByRole('group', { name: `What ${host.username} may do` });
    const saved = () =>
      page.waitForResponse((r) => r.url().includes(`/customer/${host.user.id}`) && r.request().method() === 'PATCH');
    await Promise.all([saved(), permissions.getByRole('checkbox', { name: 'Moderate memories' }).uncheck()]);
    await Promise.all([saved(), permissions.getByRole('checkbox', { name: 'Edit event details' }).check()]);
    expect(await permissions.getByRole('checkbox', { name: 'Moderate memories' }).isChecked()).toBe(false);
    expect(await permissions.getByRole('checkbox', { name: 'Edit event details' }).isChecked()).toBe(true);

    // The customer has no Moderation tab, is told so on the moderation page, and edits the details.
    const customer = await (await browser.newContext()).newPage();
    await signIn(customer, api.url, host);
    await customer.waitForURL(`${api.url}/customer-wall`);
    await customer.getByRole('link', { name: 'Contribute', exact: true }).waitFor();
    expect(
      await customer.getByRole('navigation', { name: 'Main navigation' }).getByRole('link').allInnerTexts(),
    ).toEqual(['Wall', 'Contribute', 'QR Code']);
    await customer.goto(`${api.url}/events/${event.id}/moderation`);
    await customer.getByText("Your event's planner has not given you access to moderation.").waitFor();
    await customer.goto(`${api.url}/events/${event.id}`);
    await customer.getByRole('link', { name: 'Edit Event', exact: true }).click();
    await customer.getByRole('heading', { level: 1, name: 'Edit Event' }).waitFor();
    await customer.getByLabel('Event Name', { exact: true }).fill('Harbour Memorial Evening');
    await customer.getByRole('button', { name: 'Save Changes', exact: true }).click();
    await waitFor(
      async () =>
        (await t.dataSource.getRepository(Event).findOneByOrFail({ id: event.id })).name === 'Harbour Memorial Evening',
      10_000,
      'the new name stored',
    );
  });
});
