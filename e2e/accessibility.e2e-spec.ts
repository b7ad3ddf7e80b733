import { Browser, BrowserContextOptions, Page } from 'playwright-core';
import sharp from 'sharp';
import { EventStatus, ModerationType, Role } from '@memory-wall/contracts';
import type { Event } from '@memory-wall/core';
import { createAccount, makeEventAdmin, TestAccount } from '@memory-wall/testkit/accounts';
import { createEvent } from '@memory-wall/testkit/factories';
import { ApiClient, signedIn } from '@memory-wall/testkit/http';
import { multipart } from '@memory-wall/testkit/images';
import { processed } from '@memory-wall/testkit/memories';
import type { RunningProcess } from '@memory-wall/testkit/processes';
import type { TestEnvironment } from '@memory-wall/testkit/test-environment';
import { signIn, useBrowserStack } from './support/app';
import { seriousAxeFindings } from './support/axe';
import { PHONE } from '@memory-wall/testkit/browser';

const DESKTOP = { viewport: { width: 1280, height: 900 } };

/** A page of the spec's route table in one of its states: opened, then `prepare`d (a tab, a dialog). */
interface Visit {
  path: string;
  /** Names the state in a finding; the path when omitted. */
  state?: string;
  prepare?: (page: Page) => Promise<void>;
}

/**
 * Waits until the page shows what it loaded: a heading, no spinner or placeholder, every image decoded
 * (photos are part of what is checked), and no request in flight.
 */
async function settle(page: Page) {
  await page.locator('h1').first().waitFor();
  await page.waitForFunction(
    () => !document.querySelector('.spinner, .memory-placeholder') && [...document.images].every((img) => img.complete),
    undefined,
    { timeout: 15_000 },
  );
  await page.waitForLoadState('networkidle');
}

/**
 * Every route of the spec's route table (spec §2), as the role it is for, with real data: a wall with
 * approved messages and a photo, a moderation queue with pending and flagged memories, a closed event,
 * and the dialogs and tabs the pages open. axe-core runs inside Chromium on each and must find nothing
 * serious or critical; a failure lists each finding with the route and element.
 */
describe('accessibility and the way in for guests, on every page with real data', () => {
  // Payments on (keys only: no page here goes as far as Stripe), so that the order review can be audited.
  const stack = useBrowserStack({
    workers: true,
    env: {
      STRIPE_SECRET_KEY: 'sk_test_a11y',
      STRIPE_WEBHOOK_SECRET: 'whsec_a11y',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_a11y',
    },
  });
  let t: TestEnvironment;
  let api: RunningProcess;
  let browser: Browser;
  let event: Event;
  let closedEvent: Event;
  let provider: TestAccount;
  let owner: TestAccount;
  let customer: TestAccount;
  let guest: TestAccount;

  beforeAll(async () => {
    ({ t, api, browser } = stack);
    [provider, owner, customer, guest] = await Promise.all(
      [Role.ServiceProvider, Role.Owner, Role.Customer, Role.Guest].map((role) => createAccount(t.dataSource, role)),
    );
    const serviceProviderId = provider.provider!.id;
    event = await createEvent(t.dataSource, {
      name: 'Garden Party',
      wallTitle: 'Garden Party Memories',
      eventCode: 'GARDEN',
      moderationType: ModerationType.ManualModeration,
      serviceProviderId,
    });
    closedEvent = await createEvent(t.dataSource, {
      name: 'Spring Ball',
      eventCode: 'SPRING',
      status: EventStatus.Completed,
      serviceProviderId,
    });
    await createEvent(t.dataSource, {
      name: 'Autumn Fair',
      status: EventStatus.Draft,
      isPublished: false,
      serviceProviderId,
    });
    await makeEventAdmin(t.dataSource, customer.user.id, event.id);

    // Guests submit; the host approves some, flags one and leaves one waiting.
    const guestApi = new ApiClient(api.url);
    const message = async (name: string, text: string) =>
      (
        await guestApi.post(`/api/events/${event.id}/submissions/message`, {
          name,
          message: text,
          title: `From ${name}`,
        })
      ).body.memory.id as string;
    const photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#d98ca0' } })
      .jpeg()
      .toBuffer();
    const ids = [
      await message('Aunt Rosa', 'So happy for you both! What a beautiful garden.'),
      (
        await guestApi.post(
          `/api/events/${event.id}/submissions/photo`,
          multipart('photo', photo, 'garden.jpg', { name: 'Uncle Max', photoCaption: 'Under the arch' }),
        )
      ).body.memory.id as string,
      await message('Cousin Lea', 'Thank you for a wonderful evening.'),
      await message('Little Tom', 'I liked the cake.'),
    ];
    await Promise.all(ids.map((id) => processed(t.dataSource, id)));
    const host = await signedIn(api.url, customer);
    for (const id of ids.slice(0, 3)) expect((await host.post(`/api/submissions/${id}/approve`)).status).toBe(200);
    expect((await host.post(`/api/memories/${ids[2]}/flag`)).status).toBe(200);
  });

  /** Visits each page in a fresh context (signed in as `account` when given) and collects the findings. */
  async function findingsOn(visits: Visit[], options: { account?: TestAccount; context?: BrowserContextOptions } = {}) {
    // Reduced motion: entrance animations would fade text in while axe measures its contrast.
    const context = await browser.newContext({
      ...DESKTOP,
      ...options.context,
      bypassCSP: true,
      reducedMotion: 'reduce',
    });
    const page = await context.newPage();
    if (options.account) await signIn(page, api.url, options.account);
    const findings: string[] = [];
    try {
      for (const visit of visits) {
        await page.goto(`${api.url}${visit.path}`);
        await settle(page);
        if (visit.prepare) await visit.prepare(page);
        findings.push(...(await seriousAxeFindings(page, visit.state ?? visit.path)));
      }
    } finally {
      await context.close();
    }
    return findings;
  }

  const openTab = (name: RegExp | string) => async (page: Page) => {
    await page.getByRole('tab', { name }).click();
    await settle(page);
  };
  const wallWithMemories = async (page: Page) => {
    await page.getByText('So happy for you both!').first().waitFor();
    await settle(page);
  };
  const liveWall = async (page: Page) => {
    await page.locator('.badge-live').first().waitFor();
    await wallWithMemories(page);
  };

  it('lets a signed-out guest in from the landing page and says a closed event is closed before anything is typed', async () => {
    const page = await (await browser.newContext(PHONE)).newPage();
    await page.goto(`${api.url}/`);
    await page.getByRole('link', { name: 'Enter Event Code' }).click();
    await page.waitForURL(`${api.url}/event-code`);
    await page.getByLabel('Event Code').fill('spring');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(`${api.url}/contribute?code=SPRING`);

    await page.getByRole('heading', { level: 1, name: 'Event Closed' }).waitFor();
    await page.getByText('This event is not accepting memories right now').waitFor();
    expect(await page.getByRole('textbox').count()).toBe(0);
    expect(await page.getByRole('link', { name: 'View Memory Wall' }).getAttribute('href')).toBe(
      `/display/${closedEvent.id}`,
    );

    // Every top-bar tab a signed-out guest is offered (in the phone's menu) opens without asking them to sign in.
    await page.goto(`${api.url}/contribute/${event.id}`);
    await page.getByRole('tab', { name: 'Message' }).waitFor();
    await page.getByRole('button', { name: 'Menu' }).click();
    const tabs = await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')!));
    expect(tabs.length).toBeGreaterThan(0);
    for (const href of tabs) {
      await page.goto(`${api.url}${href}`);
      await settle(page);
      expect(new URL(page.url()).pathname).toBe(href);
    }
    await page.context().close();
  });

  it('on the public pages, on a phone', async () => {
    const findings = await findingsOn(
      [
        { path: '/' },
        { path: '/signin' },
        {
          path: '/signin',
          state: '/signin with field errors',
          prepare: async (page) => {
            await page.getByRole('button', { name: 'Login', exact: true }).click();
            await page.locator('.field-error').first().waitFor();
          },
        },
        { path: '/event-code' },
        { path: '/contribute', state: '/contribute without an event' },
        { path: '/contribute?code=GARDEN' },
        { path: `/contribute/${event.id}`, state: '/contribute/{id} photo tab', prepare: openTab('Photo') },
        { path: `/contribute/${event.id}`, state: '/contribute/{id} drawing tab', prepare: openTab('Drawing') },
        { path: `/contribute/${closedEvent.id}`, state: '/contribute/{id} of a completed event' },
        { path: `/thank-you?event=${event.slug}` },
        { path: `/display/${event.id}`, prepare: liveWall },
        { path: `/presentation/${event.id}`, prepare: liveWall },
        { path: '/no-such-page' },
      ],
      { context: PHONE },
    );
    expect(findings).toEqual([]);
  });

  it('on the venue screens and the landing page, at 1920×1080', async () => {
    const findings = await findingsOn(
      [
        { path: '/' },
        { path: `/display/${event.id}`, prepare: liveWall },
        { path: `/presentation/${event.id}`, prepare: liveWall },
        { path: '/presentation', state: '/presentation without an event' },
      ],
      { context: { viewport: { width: 1920, height: 1080 } } },
    );
    expect(findings).toEqual([]);
  });

  it('as an event organizer (customer): walls, moderation queue, settings, QR code', async () => {
    const findings = await findingsOn(
      [
        { path: '/customer-wall', prepare: wallWithMemories },
        { path: '/dashboard' },
        { path: `/memories/${event.id}`, prepare: wallWithMemories },
        { path: `/events/${event.id}/wall`, prepare: wallWithMemories },
        {
          path: `/events/${event.id}/moderation`,
          state: 'moderation: pending',
          prepare: async (page) => {
            await page.getByText('I liked the cake.').waitFor();
          },
        },
        { path: `/events/${event.id}/moderation`, state: 'moderation: approved', prepare: openTab(/^Approved/) },
        { path: `/events/${event.id}/moderation`, state: 'moderation: flagged', prepare: openTab(/^Flagged/) },
        { path: '/events' },
        { path: `/events/${event.id}` },
        {
          path: `/events/${event.id}`,
          state: '/events/{id} with the QR code dialog',
          prepare: async (page) => {
            await page.getByRole('button', { name: 'Show QR Code' }).click();
            await page.getByRole('dialog').waitFor();
          },
        },
        { path: `/events/${event.id}/edit` },
        { path: `/wall-settings/${event.id}` },
        { path: '/qrcode' },
        { path: `/contribute/${event.id}`, state: '/contribute/{id} as a host' },
        { path: '/myprofile' },
        { path: '/admin', state: 'Access Denied' },
      ],
      { account: customer },
    );
    expect(findings).toEqual([]);
  });

  it('as a service provider: events, event form, delete dialog, credits', async () => {
    const findings = await findingsOn(
      [
        { path: '/events' },
        {
          path: '/events',
          state: '/events with the delete dialog',
          prepare: async (page) => {
            await page.getByRole('button', { name: 'Delete' }).first().click();
            await page.getByRole('dialog').waitFor();
          },
        },
        { path: '/events/new' },
        { path: `/events/${event.id}` },
        { path: `/events/${event.id}/wall`, prepare: wallWithMemories },
        { path: '/credits' },
        { path: '/credits', state: '/credits history', prepare: openTab('Transaction History') },
        {
          path: '/credits',
          state: '/credits order review',
          prepare: async (page) => {
            await openTab('Purchase Credits')(page);
            await page.getByRole('button', { name: 'Choose Value' }).click();
            await page.getByText('Order Review').first().waitFor();
          },
        },
        { path: '/dashboard' },
        { path: '/myprofile' },
      ],
      { account: provider },
    );
    expect(findings).toEqual([]);
  });

  it('as the owner: admin dashboard, provider detail with its dialog, billing', async () => {
    const findings = await findingsOn(
      [
        { path: '/admin' },
        { path: '/admin', state: '/admin all events', prepare: openTab('All Events') },
        { path: '/admin', state: '/admin analytics', prepare: openTab('Analytics') },
        { path: `/admin/service-providers/${provider.provider!.id}` },
        {
          path: `/admin/service-providers/${provider.provider!.id}`,
          state: 'provider detail with the reset password dialog',
          prepare: async (page) => {
            await page.getByRole('button', { name: 'Reset Password' }).first().click();
            await page.getByRole('dialog').waitFor();
          },
        },
        { path: '/admin/billing' },
        { path: '/admin/billing', state: '/admin/billing providers', prepare: openTab('Service Providers') },
        { path: '/admin/billing', state: '/admin/billing adjust', prepare: openTab('Adjust Credits') },
        { path: `/qrcode/${event.id}` },
        { path: '/myprofile' },
      ],
      { account: owner },
    );
    expect(findings).toEqual([]);
  });

  it('as a signed-in guest', async () => {
    const findings = await findingsOn(
      [
        { path: '/dashboard' },
        { path: `/qrcode/${event.id}` },
        { path: `/memories/${event.id}`, prepare: wallWithMemories },
        { path: `/contribute/${event.id}` },
        { path: '/myprofile' },
      ],
      { account: guest, context: PHONE },
    );
    expect(findings).toEqual([]);
  });
});
