import { PROVIDER_TRANSACTIONS_LIMIT, Role } from '@memory-wall/contracts';
import { CreditTransaction } from '@memory-wall/core';
import { createAccount } from '@memory-wall/testkit/accounts';
import { FakeStripe, sendWebhook, succeeded } from '@memory-wall/testkit/fake-stripe';
import { ApiClient, signedIn } from '@memory-wall/testkit/http';
import type { RunningProcess } from '@memory-wall/testkit/processes';
import { useApiWithFakeStripe } from '@memory-wall/testkit/stripe-api';
import type { TestEnvironment } from '@memory-wall/testkit/test-environment';

describe("a service provider's credits (GET /api/service-provider/credits)", () => {
  const services = useApiWithFakeStripe();
  let t: TestEnvironment;
  let api: RunningProcess;
  let stripe: FakeStripe;
  beforeAll(() => ({ t, api, stripe } = services));

  it('follows welcome credits, a publish, a purchase and an owner adjustment; newest transaction first', async () => {
    const provider = new ApiClient(api.url);
    const username = `pat_${Date.now().toString(36)}`;
    const registered = await provider.post('/api/auth/register', {
      username,
      email: `${username}@example.test`,
      password: 'abcd1234',
      passwordConfirm: 'abcd1234',
      role: 'service_provider',
      profileData: { fullName: 'Pat', companyName: 'Pat Events', serviceTypes: ['wedding'] },
    });
    expect(registered.status).toBe(201);
    await provider.login(username, 'abcd1234');
    const providerId = registered.body.user.serviceProvider.id;

    const start = await provider.get('/api/service-provider/credits');
    expect(start.status).toBe(200);
    expect(start.body).toMatchObject({ success: true, credits: { available: 10, total: 10, used: 0, purchased: 0 } });
    expect(start.body.transactions).toEqual([
      expect.objectContaining({
        amount: 10,
        transactionType: 'promotion',
        description: 'Welcome credits for new service providers',
      }),
    ]);

    const draft = await provider.post('/api/events', { name: 'Harbour Wedding', eventType: 'wedding' });
    expect((await provider.patch(`/api/events/${draft.body.event.id}`, { status: 'live' })).status).toBe(200);

    const intent = await provider.post('/api/create-payment-intent', { creditPackId: 'starter' });
    expect(
      (await sendWebhook(api.url, succeeded(stripe.paymentIntents.get(intent.body.paymentIntentId)!))).status,
    ).toBe(200);

    const owner = await signedIn(api.url, await createAccount(t.dataSource, Role.Owner));
    expect(
      (
        await owner.post('/api/admin/adjust-credits', {
          serviceProviderId: providerId,
          amount: -4,
          reason: 'Duplicate welcome pack',
        })
      ).status,
    ).toBe(200);

    const now = await provider.get('/api/service-provider/credits');
    // available 10 - 1 + 5 - 4; used 1; total = available + used.
    expect(now.body.credits).toEqual({ available: 10, used: 1, purchased: 5, total: 11 });
    expect(
      now.body.transactions.map((tx: { transactionType: string; amount: number }) => [tx.transactionType, tx.amount]),
    ).toEqual([
      ['admin_adjustment', -4],
      ['purchase', 5],
      ['event_creation', -1],
      ['promotion', 10],
    ]);
    expect(now.body.transactions[0]).toMatchObject({
      description: 'Duplicate welcome pack',
      stripePaymentIntentId: null,
    });
    expect(now.body.transactions[1]).toMatchObject({
      stripePaymentIntentId: intent.body.paymentIntentId,
      metadata: { amountPaidCents: 25000 },
    });
    for (const tx of now.body.transactions) expect(new Date(tx.createdAt).toISOString()).toBe(tx.createdAt);
  });

  it(`lists at most ${PROVIDER_TRANSACTIONS_LIMIT} transactions, the newest, and only the caller's`, async () => {
    const [mine, theirs] = await Promise.all([
      createAccount(t.dataSource, Role.ServiceProvider),
      createAccount(t.dataSource, Role.ServiceProvider),
    ]);
    const base = Date.parse('2030-01-01T00:00:00Z');
    await t.dataSource.getRepository(CreditTransaction).insert(
      Array.from({ length: PROVIDER_TRANSACTIONS_LIMIT + 5 }, (_, i) => ({
        serviceProviderId: mine.provider!.id,
        amount: 0,
        transactionType: 'promotion' as const,
        description: `row ${i}`,
        createdAt: new Date(base + i * 1000),
      })),
    );
    const res = await (await signedIn(api.url, mine)).get('/api/service-provider/credits');
    expect(res.body.transactions).toHaveLength(PROVIDER_TRANSACTIONS_LIMIT);
    expect(res.body.transactions[0].description).toBe(`row ${PROVIDER_TRANSACTIONS_LIMIT + 4}`);
    expect(res.body.transactions[PROVIDER_TRANSACTIONS_LIMIT - 1].description).toBe('row 5');

    const other = await (await signedIn(api.url, theirs)).get('/api/service-provider/credits');
    expect(other.body.transactions).toHaveLength(1);
  });

  it.each([Role.Owner, Role.Customer, Role.Guest])('is refused to a %s (403)', async (role) => {
    const res = await (
      await signedIn(api.url, await createAccount(t.dataSource, role))
    ).get('/api/service-provider/credits');
    expect(res.status).toBe(403);
  });

  it('asks an anonymous caller to sign in (401)', async () => {
    expect((await new ApiClient(api.url).get('/api/service-provider/credits')).status).toBe(401);
  });
});
