import { adjustmentBelowZero, CreditMessages, Role } from '@memory-wall/contracts';
import { CreditTransaction, Memory, ServiceProvider } from '@memory-wall/core';
import { DataSource } from 'typeorm';
import { createAccount, TestAccount } from '@memory-wall/testkit/accounts';
import { createEvent } from '@memory-wall/testkit/factories';
import { FakeStripe, sendWebhook, succeeded } from '@memory-wall/testkit/fake-stripe';
import { ApiClient, signedIn } from '@memory-wall/testkit/http';
import { RunningProcess, startApi } from '@memory-wall/testkit/processes';
import { useApiWithFakeStripe } from '@memory-wall/testkit/stripe-api';
import { createTestEnvironment, TestEnvironment } from '@memory-wall/testkit/test-environment';

const UNKNOWN_ID = '6f1c1e8e-0000-4000-8000-000000000000';

async function addMemories(dataSource: DataSource, eventId: string, n: number) {
  for (let i = 0; i < n; i++)
    await dataSource.getRepository(Memory).insert({ eventId, content: `memory ${i}`, author: 'Guest' });
}

describe('owner: service providers, transactions and credit adjustments', () => {
  let t: TestEnvironment;
  let api: RunningProcess;
  let asOwner: ApiClient;
  let busy: TestAccount;
  let idle: TestAccount;
  const events: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestEnvironment();
    api = await startApi(t.env);
    const owner = await createAccount(t.dataSource, Role.Owner);
    asOwner = await signedIn(api.url, owner);
    busy = await createAccount(t.dataSource, Role.ServiceProvider, {
      profileData: { fullName: 'Bea Busy', phoneNumber: '555-0100' },
    });
    idle = await createAccount(t.dataSource, Role.ServiceProvider);
    const at = (minutes: number) => new Date(Date.parse('2030-05-01T10:00:00Z') + minutes * 60_000);
    const sp = busy.provider!.id;
    events.liveA = (await createEvent(t.dataSource, { serviceProviderId: sp, status: 'live', createdAt: at(1) })).id;
    events.liveB = (await createEvent(t.dataSource, { serviceProviderId: sp, status: 'live', createdAt: at(2) })).id;
    events.completed = (
      await createEvent(t.dataSource, { serviceProviderId: sp, status: 'completed', createdAt: at(3) })
    ).id;
    events.draft = (
      await createEvent(t.dataSource, { serviceProviderId: sp, status: 'draft', isPublished: false, createdAt: at(4) })
    ).id;
    // Another provider's event and an owner's own event must not be counted for busy.
    await addMemories(t.dataSource, (await createEvent(t.dataSource, {})).id, 2);
    await addMemories(t.dataSource, events.liveA, 3);
    await addMemories(t.dataSource, events.liveB, 1);
    await addMemories(t.dataSource, events.completed, 2);
  });

  afterAll(async () => {
    await api?.stop();
    await t?.cleanup();
  });

  const balanceOf = async (account: TestAccount) =>
    (await t.dataSource.getRepository(ServiceProvider).findOneByOrFail({ id: account.provider!.id })).availableCredits;
  const ledgerSum = async (account: TestAccount) =>
    (await t.dataSource.getRepository(CreditTransaction).sum('amount', { serviceProviderId: account.provider!.id })) ??
    0;

  describe('GET /api/admin/service-providers', () => {
    it('lists every provider with account, credits and counted events (active = live) and contributions', async () => {
      const res = await asOwner.get('/api/admin/service-providers');
      expect(res.status).toBe(200);
      const byId = new Map(res.body.serviceProviders.map((p: { id: string }) => [p.id, p]));
      expect(byId.get(busy.provider!.id)).toEqual({
        id: busy.provider!.id,
        userId: busy.user.id,
        companyName: busy.provider!.companyName,
        serviceTypes: ['wedding'],
        verified: false,
        availableCredits: 10,
        totalCreditsUsed: 0,
        totalCreditsPurchased: 0,
        createdAt: busy.provider!.createdAt.toISOString(),
        updatedAt: expect.any(String),
        userData: {
          email: busy.user.email,
          username: busy.username,
          profileData: { fullName: 'Bea Busy', phoneNumber: '555-0100' },
        },
        userName: busy.username,
        activeEventsCount: 2,
        totalEventsCount: 4,
        totalContributionsCount: 6,
        retentionDays: null,
        defaultRetentionDays: 90, // RETENTION_DAYS's default
      });
      expect(byId.get(idle.provider!.id)).toMatchObject({
        activeEventsCount: 0,
        totalEventsCount: 0,
        totalContributionsCount: 0,
      });
      expect(JSON.stringify(res.body)).not.toContain('password');
    });
  });

  describe('GET /api/admin/service-providers/:id and /events', () => {
    it('shows one provider as the list does', async () => {
      const list = await asOwner.get('/api/admin/service-providers');
      const res = await asOwner.get(`/api/admin/service-providers/${busy.provider!.id}`);
      expect(res.status).toBe(200);
      expect(res.body.serviceProvider).toEqual(
        list.body.serviceProviders.find((p: { id: string }) => p.id === busy.provider!.id),
      );
    });

    it("lists the provider's events newest first with their contributions", async () => {
      const res = await asOwner.get(`/api/admin/service-providers/${busy.provider!.id}/events`);
      expect(res.status).toBe(200);
      expect(
        res.body.events.map((e: { id: string; status: string; contributionsCount: number }) => [
          e.id,
          e.status,
          e.contributionsCount,
        ]),
      ).toEqual([
        [events.draft, 'draft', 0],
        [events.completed, 'completed', 2],
        [events.liveB, 'live', 1],
        [events.liveA, 'live', 3],
      ]);
      expect(res.body.events[0]).toHaveProperty('eventType');
      expect(res.body.events[0]).toHaveProperty('eventDate');
      expect((await asOwner.get(`/api/admin/service-providers/${idle.provider!.id}/events`)).body.events).toEqual([]);
    });

    it.each(['', '/events'])(
      'answers 404 "Service provider not found" for an unknown id (%s) and 400 for a malformed one',
      async (suffix) => {
        const missing = await asOwner.get(`/api/admin/service-providers/${UNKNOWN_ID}${suffix}`);
        expect(missing.status).toBe(404);
        expect(missing.body.message).toBe(CreditMessages.providerNotFound);
        expect((await asOwner.get(`/api/admin/service-providers/not-an-id${suffix}`)).status).toBe(400);
      },
    );
  });

  describe('POST /api/admin/adjust-credits', () => {
    it.each([
      [{ serviceProviderId: undefined, amount: 1, reason: 'x' }, 'serviceProviderId', CreditMessages.providerRequired],
      [{ serviceProviderId: '', amount: 1, reason: 'x' }, 'serviceProviderId', CreditMessages.providerRequired],
      [{ reason: 'x' }, 'amount', CreditMessages.amountRequired],
      [{ amount: 0, reason: 'x' }, 'amount', CreditMessages.amountRequired],
      [{ amount: 1.5, reason: 'x' }, 'amount', CreditMessages.amountRequired],
      [{ amount: '5', reason: 'x' }, 'amount', CreditMessages.amountRequired],
      [{ amount: 100_001, reason: 'x' }, 'amount', CreditMessages.amountTooLarge],
      [{ amount: 1 }, 'reason', CreditMessages.reasonRequired],
      [{ amount: 1, reason: '   ' }, 'reason', CreditMessages.reasonRequired],
    ])('refuses %j with the message on %s and changes nothing', async (body, field, message) => {
      const before = await ledgerSum(idle);
      const res = await asOwner.post('/api/admin/adjust-credits', { serviceProviderId: idle.provider!.id, ...body });
      expect(res.status).toBe(400);
      expect(res.body.fields[field]).toBe(message);
      expect(await ledgerSum(idle)).toBe(before);
      expect(await balanceOf(idle)).toBe(before);
    });

    it('answers 404 for an unknown provider', async () => {
      const res = await asOwner.post('/api/admin/adjust-credits', {
        serviceProviderId: UNKNOWN_ID,
        amount: 3,
        reason: 'x',
      });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(CreditMessages.providerNotFound);
    });

    it('adds and removes credits with one admin_adjustment ledger row each, and never goes below zero', async () => {
      const account = await createAccount(t.dataSource, Role.ServiceProvider);
      const id = account.provider!.id;
      const added = await asOwner.post('/api/admin/adjust-credits', {
        serviceProviderId: id,
        amount: 5,
        reason: '  Goodwill for the outage  ',
      });
      expect(added.status).toBe(200);
      expect(added.body).toMatchObject({
        success: true,
        availableCredits: 15,
        transaction: {
          serviceProviderId: id,
          amount: 5,
          transactionType: 'admin_adjustment',
          description: 'Goodwill for the outage',
          serviceProviderName: account.provider!.companyName,
          userName: expect.any(String),
        },
      });

      const tooMany = await asOwner.post('/api/admin/adjust-credits', {
        serviceProviderId: id,
        amount: -16,
        reason: 'Refunded pack',
      });
      expect(tooMany.status).toBe(409);
      expect(tooMany.body.message).toBe(adjustmentBelowZero(15));
      expect(await balanceOf(account)).toBe(15);

      const toZero = await asOwner.post('/api/admin/adjust-credits', {
        serviceProviderId: id,
        amount: -15,
        reason: 'Refunded pack',
      });
      expect(toZero.status).toBe(200);
      expect(toZero.body.availableCredits).toBe(0);
      expect(await balanceOf(account)).toBe(0);
      expect(await ledgerSum(account)).toBe(0);
      const rows = await t.dataSource
        .getRepository(CreditTransaction)
        .findBy({ serviceProviderId: id, transactionType: 'admin_adjustment' });
      expect(rows.map((r) => r.amount).sort()).toEqual([-15, 5]);
      // Adjustments are not purchases and not usage.
      const row = await t.dataSource.getRepository(ServiceProvider).findOneByOrFail({ id });
      expect([row.totalCreditsPurchased, row.totalCreditsUsed]).toEqual([0, 0]);
    });

    it('lets only one of two concurrent removals through when both would not fit', async () => {
      const account = await createAccount(t.dataSource, Role.ServiceProvider);
      const remove = () =>
        asOwner.post('/api/admin/adjust-credits', {
          serviceProviderId: account.provider!.id,
          amount: -6,
          reason: 'Race',
        });
      const statuses = (await Promise.all([remove(), remove(), remove()])).map((r) => r.status).sort();
      expect(statuses).toEqual([200, 409, 409]);
      expect(await balanceOf(account)).toBe(4);
      expect(await ledgerSum(account)).toBe(4);
    });
  });

  describe('GET /api/admin/credit-transactions', () => {
    it('lists every ledger row newest first with provider and user names; filters by provider; pages', async () => {
      const account = await createAccount(t.dataSource, Role.ServiceProvider);
      await asOwner.post('/api/admin/adjust-credits', {
        serviceProviderId: account.provider!.id,
        amount: 2,
        reason: 'Latest',
      });
      const res = await asOwner.get('/api/admin/credit-transactions?pageSize=100');
      expect(res.status).toBe(200);
      const all = res.body.transactions;
      expect(all.length).toBe(await t.dataSource.getRepository(CreditTransaction).count());
      const times = all.map((tx: { createdAt: string }) => Date.parse(tx.createdAt));
      expect(times).toEqual([...times].sort((a, b) => b - a));
      expect(all[0]).toMatchObject({
        description: 'Latest',
        amount: 2,
        serviceProviderName: account.provider!.companyName,
        userName: expect.any(String),
      });
      const welcome = all.find(
        (tx: { serviceProviderId: string; transactionType: string }) =>
          tx.serviceProviderId === account.provider!.id && tx.transactionType === 'promotion',
      );
      expect(welcome).toMatchObject({
        amount: 10,
        serviceProviderName: account.provider!.companyName,
        userId: account.user.id,
        userName: account.username,
      });

      const filtered = await asOwner.get(`/api/admin/credit-transactions?serviceProviderId=${account.provider!.id}`);
      expect(filtered.body.transactions.map((tx: { amount: number }) => tx.amount)).toEqual([2, 10]);
      expect((await asOwner.get('/api/admin/credit-transactions?pageSize=1')).body.transactions).toHaveLength(1);
      expect((await asOwner.get('/api/admin/credit-transactions?pageSize=0')).status).toBe(400);
    });
  });

  describe('every owner route refuses the other roles', () => {
    const routes: Array<[string, string, unknown?]> = [
      ['GET', '/api/admin/service-providers'],
      ['GET', `/api/admin/service-providers/${UNKNOWN_ID}`],
      ['GET', `/api/admin/service-providers/${UNKNOWN_ID}/events`],
      ['PATCH', `/api/admin/service-providers/${UNKNOWN_ID}/verification`, { verified: true }],
      ['GET', '/api/admin/events'],
      ['GET', '/api/admin/credit-transactions'],
      ['GET', '/api/admin/billing'],
      ['POST', '/api/admin/adjust-credits', { serviceProviderId: UNKNOWN_ID, amount: 1, reason: 'x' }],
    ];
    it.each([Role.ServiceProvider, Role.Customer, Role.Guest])('%s gets 403 everywhere', async (role) => {
      const client = await signedIn(
        api.url,
        role === Role.ServiceProvider ? busy : await createAccount(t.dataSource, role),
      );
      for (const [method, path, body] of routes)
        expect([path, (await client.request(method, path, body)).status]).toEqual([path, 403]);
      expect(await balanceOf(busy)).toBe(10);
    });
  });
});

describe('owner: billing totals (GET /api/admin/billing)', () => {
  const services = useApiWithFakeStripe();
  let t: TestEnvironment;
  let api: RunningProcess;
  let stripe: FakeStripe;
  beforeAll(() => ({ t, api, stripe } = services));

  it('sums credits bought and the amounts actually paid; counts providers with a live event', async () => {
    const asOwner = await signedIn(api.url, await createAccount(t.dataSource, Role.Owner));
    const empty = await asOwner.get('/api/admin/billing');
    expect(empty.body).toEqual({
      totalCreditsPurchased: 0,
      totalRevenueCents: 0,
      activeServiceProviders: 0,
      totalServiceProviders: 0,
    });

    const [a, b, c] = await Promise.all([1, 2, 3].map(() => createAccount(t.dataSource, Role.ServiceProvider)));
    const buy = async (account: TestAccount, creditPackId: string, paid?: number) => {
      const res = await (await signedIn(api.url, account)).post('/api/create-payment-intent', { creditPackId });
      const intent = stripe.paymentIntents.get(res.body.paymentIntentId)!;
      const delivered = await sendWebhook(
        api.url,
        succeeded(intent, paid === undefined ? {} : { amount_received: paid }),
      );
      expect(delivered.status).toBe(200);
      return intent;
    };
    const starter = await buy(a, 'starter');
    await buy(a, 'value');
    await buy(b, 'pro', 70000); // paid less than the list price (a Stripe-side discount): revenue counts what was paid
    await sendWebhook(api.url, succeeded(starter)); // a redelivery counts once
    // An intent that was never paid counts nothing.
    await (await signedIn(api.url, c)).post('/api/create-payment-intent', { creditPackId: 'pro' });
    // Adjustments and welcome credits are neither purchases nor revenue.
    expect(
      (
        await asOwner.post('/api/admin/adjust-credits', {
          serviceProviderId: c.provider!.id,
          amount: 50,
          reason: 'Promo',
        })
      ).status,
    ).toBe(200);

    await createEvent(t.dataSource, { serviceProviderId: a.provider!.id, status: 'live' });
    await createEvent(t.dataSource, { serviceProviderId: a.provider!.id, status: 'live' });
    await createEvent(t.dataSource, { serviceProviderId: b.provider!.id, status: 'completed' });
    await createEvent(t.dataSource, { serviceProviderId: c.provider!.id, status: 'draft', isPublished: false });
    await createEvent(t.dataSource, { status: 'live' }); // the owner's own event has no provider

    const res = await asOwner.get('/api/admin/billing');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      totalCreditsPurchased: 5 + 10 + 20,
      totalRevenueCents: 25000 + 45000 + 70000,
      activeServiceProviders: 1,
      totalServiceProviders: 3,
    });
  });
});
