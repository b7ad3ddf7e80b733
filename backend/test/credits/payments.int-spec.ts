import { CREDIT_PACKS, CreditMessages, Role } from '@memory-wall/contracts';
import { CreditTransaction, ServiceProvider } from '@memory-wall/core';
import { createAccount, TestAccount } from '@memory-wall/testkit/accounts';
import { FakePaymentIntent, FakeStripe, sendWebhook, signedWebhook, succeeded } from '@memory-wall/testkit/fake-stripe';
import { ApiClient, signedIn } from '@memory-wall/testkit/http';
import { RunningProcess, startApi } from '@memory-wall/testkit/processes';
import { createTestEnvironment, TestEnvironment } from '@memory-wall/testkit/test-environment';

describe('buying credit packs with Stripe', () => {
  let t: TestEnvironment;
  let stripe: FakeStripe;
  let api: RunningProcess;
  let provider: TestAccount;
  let asProvider: ApiClient;

  beforeAll(async () => {
    t = await createTestEnvironment();
    stripe = await FakeStripe.start();
    api = await startApi({ ...t.env, ...stripe.env });
    provider = await createAccount(t.dataSource, Role.ServiceProvider);
    asProvider = await signedIn(api.url, provider);
  });

  afterAll(async () => {
    await api?.stop();
    await stripe?.stop();
    await t?.cleanup();
  });

  const providerRow = (account: TestAccount) =>
    t.dataSource.getRepository(ServiceProvider).findOneByOrFail({ id: account.provider!.id });
  const ledgerSum = async (account: TestAccount) =>
    (await t.dataSource.getRepository(CreditTransaction).sum('amount', { serviceProviderId: account.provider!.id })) ??
    0;
  const ledgerCount = () => t.dataSource.getRepository(CreditTransaction).count();
  const purchaseRowsOf = (paymentIntentId: string) =>
    t.dataSource.getRepository(CreditTransaction).findBy({ stripePaymentIntentId: paymentIntentId });

  /** The provider starts a purchase through the API; the fake holds the PaymentIntent the server created. */
  async function startPurchase(creditPackId: string, client = asProvider): Promise<FakePaymentIntent> {
    const res = await client.post('/api/create-payment-intent', { creditPackId });
    expect(res.status).toBe(200);
    return stripe.paymentIntents.get(res.body.paymentIntentId)!;
  }

  describe('GET /api/credit-packs', () => {
    it('lists Starter, Value and Pro priced in cents, Value most popular, and says payments are available (no sign-in needed)', async () => {
      const res = await new ApiClient(api.url).get('/api/credit-packs');
      expect(res.status).toBe(200);
      // The spec's packs (libs/contracts), served as they are; one priced by hand so a wrong table fails too.
      expect(res.body.creditPacks).toEqual(CREDIT_PACKS);
      expect(res.body.creditPacks[1]).toMatchObject({ id: 'value', credits: 10, price: 45000, mostPopular: true });
      expect(res.body.payments).toEqual({ enabled: true, publishableKey: 'pk_test_fake' });
    });
  });

  describe('POST /api/create-payment-intent', () => {
    it("charges the pack's price: the client's amount of 1 cent and its credits are ignored", async () => {
      const before = await providerRow(provider);
      const res = await asProvider.post('/api/create-payment-intent', {
        creditPackId: 'value',
        amount: 1,
        credits: 1000,
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        success: true,
        amount: 45000,
        currency: 'usd',
        creditPack: { id: 'value', credits: 10 },
      });

      const sent = stripe.paymentIntentRequests().at(-1)!;
      expect(sent.form).toEqual({
        amount: '45000',
        currency: 'usd',
        description: 'Value credit pack: 10 credits',
        automatic_payment_methods: { enabled: 'true' },
        metadata: {
          serviceProviderId: provider.provider!.id,
          userId: provider.user.id,
          creditPackId: 'value',
          credits: '10',
        },
      });
      expect(sent.headers['idempotency-key']).toMatch(new RegExp(`^credit-pack:${provider.provider!.id}:value:`));
      const intent = stripe.paymentIntents.get(res.body.paymentIntentId)!;
      expect(res.body.clientSecret).toBe(intent.client_secret);
      expect(intent.status).toBe('requires_payment_method');

      // Creating (or abandoning) a payment grants nothing; only the paid webhook does.
      const after = await providerRow(provider);
      expect(after.availableCredits).toBe(before.availableCredits);
      expect(after.totalCreditsPurchased).toBe(before.totalCreditsPurchased);
    });

    it.each([[{}], [{ creditPackId: 'mega' }], [{ creditPackId: 5 }]])(
      'refuses %j with the message and calls Stripe not at all',
      async (body) => {
        const calls = stripe.requests.length;
        const res = await asProvider.post('/api/create-payment-intent', body);
        expect(res.status).toBe(400);
        expect(res.body.fields.creditPackId).toBe(CreditMessages.packRequired);
        expect(stripe.requests.length).toBe(calls);
      },
    );

    it('returns the same PaymentIntent for a repeated Idempotency-Key, and a new one otherwise', async () => {
      const key = `click-${Date.now()}`;
      const first = await asProvider.post(
        '/api/create-payment-intent',
        { creditPackId: 'pro' },
        { 'idempotency-key': key },
      );
      const again = await asProvider.post(
        '/api/create-payment-intent',
        { creditPackId: 'pro' },
        { 'idempotency-key': key },
      );
      const other = await asProvider.post('/api/create-payment-intent', { creditPackId: 'pro' });
      expect([first.status, again.status, other.status]).toEqual([200, 200, 200]);
      expect(again.body.clientSecret).toBe(first.body.clientSecret);
      expect(other.body.paymentIntentId).not.toBe(first.body.paymentIntentId);
    });

    it("another provider's key cannot reach this provider's PaymentIntent", async () => {
      const key = `shared-${Date.now()}`;
      const other = await createAccount(t.dataSource, Role.ServiceProvider);
      const mine = await asProvider.post(
        '/api/create-payment-intent',
        { creditPackId: 'starter' },
        { 'idempotency-key': key },
      );
      const theirs = await (
        await signedIn(api.url, other)
      ).post('/api/create-payment-intent', { creditPackId: 'starter' }, { 'idempotency-key': key });
      expect(theirs.body.paymentIntentId).not.toBe(mine.body.paymentIntentId);
      expect(stripe.paymentIntents.get(theirs.body.paymentIntentId)!.metadata.serviceProviderId).toBe(
        other.provider!.id,
      );
    });

    it('retries a failed Stripe call with the same idempotency key, creating one PaymentIntent', async () => {
      const intentsBefore = stripe.paymentIntents.size;
      const requestsBefore = stripe.paymentIntentRequests().length;
      stripe.failNext(503);
      const res = await asProvider.post('/api/create-payment-intent', { creditPackId: 'starter' });
      expect(res.status).toBe(200);
      const tries = stripe.paymentIntentRequests().slice(requestsBefore);
      expect(tries).toHaveLength(2);
      expect(tries[1].headers['idempotency-key']).toBe(tries[0].headers['idempotency-key']);
      expect(stripe.paymentIntents.size).toBe(intentsBefore + 1);
    });

    it('answers 502 with a clear message when Stripe keeps failing', async () => {
      stripe.failNext(500, 500, 500);
      const res = await asProvider.post('/api/create-payment-intent', { creditPackId: 'starter' });
      expect(res.status).toBe(502);
      expect(res.body.message).toBe(CreditMessages.paymentProviderUnavailable);
      const health = await new ApiClient(api.url).get('/api/health');
      expect(health.status).toBe(200);
    });

    it.each([Role.Owner, Role.Customer, Role.Guest])('is refused to a %s', async (role) => {
      const account = await createAccount(t.dataSource, role);
      const res = await (
        await signedIn(api.url, account)
      ).post('/api/create-payment-intent', { creditPackId: 'starter' });
      expect(res.status).toBe(403);
    });
  });

  describe('POST /api/stripe/webhook', () => {
    it('grants the pack once for 5 duplicated concurrent deliveries, recording the amount paid', async () => {
      const buyer = await createAccount(t.dataSource, Role.ServiceProvider);
      const intent = await startPurchase('starter', await signedIn(api.url, buyer));
      const deliveries = await Promise.all(Array.from({ length: 5 }, () => sendWebhook(api.url, succeeded(intent))));
      expect(deliveries.map((d) => d.status)).toEqual([200, 200, 200, 200, 200]);
      expect(deliveries[0].body).toEqual({ received: true });

      const row = await providerRow(buyer);
      expect(row.availableCredits).toBe(10 + 5);
      expect(row.totalCreditsPurchased).toBe(5);
      expect(await ledgerSum(buyer)).toBe(row.availableCredits);
      const purchases = await purchaseRowsOf(intent.id);
      expect(purchases).toHaveLength(1);
      expect(purchases[0]).toMatchObject({
        serviceProviderId: buyer.provider!.id,
        userId: buyer.user.id,
        amount: 5,
        transactionType: 'purchase',
        metadata: { creditPackId: 'starter', amountPaidCents: 25000, currency: 'usd' },
      });

      // A late redelivery, days later as far as we know, changes nothing either.
      expect((await sendWebhook(api.url, succeeded(intent))).status).toBe(200);
      expect((await providerRow(buyer)).availableCredits).toBe(15);
      expect(await purchaseRowsOf(intent.id)).toHaveLength(1);
    });

    it("takes the credits from the server's pack, not from the metadata's credits, and records amount_received", async () => {
      const buyer = await createAccount(t.dataSource, Role.ServiceProvider);
      const intent = await startPurchase('value', await signedIn(api.url, buyer));
      const paid = succeeded(intent, { metadata: { ...intent.metadata, credits: '999' }, amount_received: 40000 });
      expect((await sendWebhook(api.url, paid)).status).toBe(200);
      expect((await providerRow(buyer)).availableCredits).toBe(10 + 10);
      expect((await purchaseRowsOf(intent.id))[0].metadata).toMatchObject({ amountPaidCents: 40000 });
    });

    describe('refuses a delivery it cannot trust with 400 and writes nothing', () => {
      let intent: FakePaymentIntent;
      beforeAll(async () => {
        intent = await startPurchase('pro');
      });

      const refused = async (send: () => Promise<{ status: number; body: any }>) => {
        const before = { ledger: await ledgerCount(), credits: (await providerRow(provider)).availableCredits };
        const res = await send();
        expect(res.status).toBe(400);
        expect(res.body.message).toBe(CreditMessages.invalidWebhookSignature);
        expect(await ledgerCount()).toBe(before.ledger);
        expect((await providerRow(provider)).availableCredits).toBe(before.credits);
      };

      it('signed with another secret (forged)', () =>
        refused(() => sendWebhook(api.url, succeeded(intent), { secret: 'whsec_not_the_real_one' })));

      it('signed more than 5 minutes ago (stale)', () =>
        refused(() => sendWebhook(api.url, succeeded(intent), { timestamp: Math.floor(Date.now() / 1000) - 600 })));

      it('a body changed after signing', () =>
        refused(async () => {
          const { signature } = signedWebhook(succeeded(intent));
          const { payload } = signedWebhook(succeeded(intent, { amount_received: 1 }));
          const res = await fetch(`${api.url}/api/stripe/webhook`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'stripe-signature': signature },
            body: payload,
          });
          return { status: res.status, body: await res.json() };
        }));

      it('without a signature', () =>
        refused(async () => {
          const res = await fetch(`${api.url}/api/stripe/webhook`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ type: 'payment_intent.succeeded', data: { object: succeeded(intent) } }),
          });
          return { status: res.status, body: await res.json() };
        }));

      it('the right signature header over a body re-serialised with other spacing', () =>
        refused(async () => {
          const { payload, signature } = signedWebhook(succeeded(intent));
          const res = await fetch(`${api.url}/api/stripe/webhook`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'stripe-signature': signature },
            body: JSON.stringify(JSON.parse(payload), null, 2),
          });
          return { status: res.status, body: await res.json() };
        }));
    });

    it('refuses (422) a paid PaymentIntent naming an unknown pack or provider, granting nothing', async () => {
      const intent = await startPurchase('starter');
      const before = { ledger: await ledgerCount(), credits: (await providerRow(provider)).availableCredits };
      const unknownPack = await sendWebhook(
        api.url,
        succeeded(intent, { id: `${intent.id}_a`, metadata: { ...intent.metadata, creditPackId: 'mega' } }),
      );
      expect(unknownPack.status).toBe(422);
      expect(unknownPack.body.message).toBe(CreditMessages.unknownPackPaid);
      const unknownProvider = await sendWebhook(
        api.url,
        succeeded(intent, {
          id: `${intent.id}_b`,
          metadata: { ...intent.metadata, serviceProviderId: '6f1c1e8e-0000-4000-8000-000000000000' },
        }),
      );
      expect(unknownProvider.status).toBe(422);
      expect(unknownProvider.body.message).toBe(CreditMessages.unknownProviderPaid);
      const notAnId = await sendWebhook(
        api.url,
        succeeded(intent, { id: `${intent.id}_c`, metadata: { ...intent.metadata, serviceProviderId: 'x' } }),
      );
      expect(notAnId.status).toBe(422);
      expect(await ledgerCount()).toBe(before.ledger);
      expect((await providerRow(provider)).availableCredits).toBe(before.credits);
    });

    it('acknowledges and ignores other event types and payments that are not credit packs', async () => {
      const intent = await startPurchase('starter');
      const before = { ledger: await ledgerCount(), credits: (await providerRow(provider)).availableCredits };
      const created = await sendWebhook(api.url, intent, { type: 'payment_intent.created' });
      const failed = await sendWebhook(api.url, intent, { type: 'payment_intent.payment_failed' });
      const foreign = await sendWebhook(api.url, succeeded(intent, { id: 'pi_of_another_product', metadata: {} }));
      expect([created.status, failed.status, foreign.status]).toEqual([200, 200, 200]);
      expect(await ledgerCount()).toBe(before.ledger);
      expect((await providerRow(provider)).availableCredits).toBe(before.credits);
    });

    it('the return address /credits?payment_success=true grants nothing', async () => {
      const intent = await startPurchase('starter');
      const before = (await providerRow(provider)).availableCredits;
      await asProvider.get(
        `/credits?payment_success=true&payment_intent=${intent.id}&payment_intent_client_secret=${intent.client_secret}`,
      );
      const summary = await asProvider.get('/api/service-provider/credits');
      expect(summary.body.credits.available).toBe(before);
      expect(await purchaseRowsOf(intent.id)).toHaveLength(0);
    });

    it('keeps JSON routes working beside the raw webhook body (login, validation errors, bad JSON)', async () => {
      const client = new ApiClient(api.url);
      expect(
        (await client.post('/api/auth/login', { emailOrUsername: provider.username, password: provider.password }))
          .status,
      ).toBe(200);
      const bad = await client.request('POST', '/api/create-payment-intent', undefined, {
        'content-type': 'application/json',
      });
      expect(bad.status).toBe(400);
      const notJson = await fetch(`${api.url}/api/create-payment-intent`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: client.cookie! },
        body: '{"creditPackId":',
      });
      expect(notJson.status).toBe(400);
    });
  });
});

describe('payments without Stripe keys', () => {
  let t: TestEnvironment;
  let api: RunningProcess;
  let halfConfigured: RunningProcess;
  let stripe: FakeStripe;

  beforeAll(async () => {
    t = await createTestEnvironment();
    stripe = await FakeStripe.start();
    [api, halfConfigured] = await Promise.all([
      startApi(t.env),
      // A secret key without the webhook secret would take money and never grant credits.
      startApi({ ...t.env, STRIPE_SECRET_KEY: stripe.env.STRIPE_SECRET_KEY, STRIPE_API_BASE: stripe.url }),
    ]);
  });

  afterAll(async () => {
    await Promise.all([api?.stop(), halfConfigured?.stop()]);
    await stripe?.stop();
    await t?.cleanup();
  });

  it.each([
    ['no keys', () => api],
    ['a secret key but no webhook secret', () => halfConfigured],
  ])('with %s: purchases answer 503 "Payments are not configured" and the packs say so', async (_, server) => {
    const provider = await createAccount(t.dataSource, Role.ServiceProvider);
    const client = await signedIn(server().url, provider);
    const res = await client.post('/api/create-payment-intent', { creditPackId: 'starter' });
    expect(res.status).toBe(503);
    expect(res.body.message).toBe(CreditMessages.paymentsNotConfigured);
    expect(stripe.requests).toHaveLength(0);
    const packs = await client.get('/api/credit-packs');
    expect(packs.status).toBe(200);
    expect(packs.body.payments).toEqual({ enabled: false, publishableKey: null });
    expect(packs.body.creditPacks).toHaveLength(3);
  });

  it('the webhook answers 503 and writes nothing', async () => {
    const provider = await createAccount(t.dataSource, Role.ServiceProvider);
    const before = await t.dataSource.getRepository(CreditTransaction).count();
    const intent = {
      id: 'pi_unconfigured',
      object: 'payment_intent',
      amount: 25000,
      amount_received: 25000,
      currency: 'usd',
      status: 'succeeded',
      metadata: {
        serviceProviderId: provider.provider!.id,
        userId: provider.user.id,
        creditPackId: 'starter',
        credits: '5',
      },
    };
    const res = await sendWebhook(api.url, intent);
    expect(res.status).toBe(503);
    expect(res.body.message).toBe(CreditMessages.paymentsNotConfigured);
    expect(await t.dataSource.getRepository(CreditTransaction).count()).toBe(before);
  });
});
