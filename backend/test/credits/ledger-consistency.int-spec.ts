import { CREDIT_PACKS, Role } from '@memory-wall/contracts';
import { CreditTransaction, Event, ServiceProvider } from '@memory-wall/core';
import { createAccount, TestAccount } from '@memory-wall/testkit/accounts';
import { createEvent } from '@memory-wall/testkit/factories';
import { FakePaymentIntent, FakeStripe, sendWebhook, succeeded } from '@memory-wall/testkit/fake-stripe';
import { ApiClient, signedIn } from '@memory-wall/testkit/http';
import { RunningProcess, startApi } from '@memory-wall/testkit/processes';
import { createTestEnvironment, TestEnvironment } from '@memory-wall/testkit/test-environment';
import { seededRandom } from '@memory-wall/testkit/seeded-random';

const tally = (statuses: number[]) =>
  statuses.reduce<Record<number, number>>((c, s) => ({ ...c, [s]: (c[s] ?? 0) + 1 }), {});
const SEEDS = process.env.LEDGER_SEED ? [Number(process.env.LEDGER_SEED)] : [1, 20251122, 424242];
const ROUNDS = 14;
const PROVIDERS = 3;
const DRAFTS_PER_PROVIDER = 40;

interface Actor {
  account: TestAccount;
  client: ApiClient;
  drafts: string[];
}

/**
 * Random interleavings of purchases (signed webhooks: duplicated, concurrent, late and out of order),
 * event publishes and owner adjustments. All random choices are drawn while planning a round, before
 * anything runs, so a seed fixes the plan; the timing of the concurrent requests is left to the machine.
 */
describe('the credit ledger stays the truth under random interleavings', () => {
  let t: TestEnvironment;
  let stripe: FakeStripe;
  let api: RunningProcess;
  let owner: ApiClient;

  beforeAll(async () => {
    t = await createTestEnvironment();
    stripe = await FakeStripe.start();
    api = await startApi({ ...t.env, ...stripe.env });
    owner = await signedIn(api.url, await createAccount(t.dataSource, Role.Owner));
  });

  afterAll(async () => {
    await api?.stop();
    await stripe?.stop();
    await t?.cleanup();
  });

  const reached: Array<{
    seed: number;
    publish: Record<number, number>;
    adjust: Record<number, number>;
    deliveries: number;
    paid: number;
  }> = [];

  it.each(SEEDS)(
    'seed %i: availableCredits = SUM(ledger) for every provider; each paid PaymentIntent granted once',
    async (seed) => {
      const rand = seededRandom(seed);
      const int = (min: number, max: number) => min + Math.floor(rand() * (max - min + 1));
      const pick = <T>(items: readonly T[]) => items[Math.floor(rand() * items.length)];

      const actors: Actor[] = [];
      for (let i = 0; i < PROVIDERS; i++) {
        const account = await createAccount(t.dataSource, Role.ServiceProvider);
        const drafts: string[] = [];
        for (let d = 0; d < DRAFTS_PER_PROVIDER; d++) {
          drafts.push(
            (
              await createEvent(t.dataSource, {
                serviceProviderId: account.provider!.id,
                status: 'draft',
                isPublished: false,
              })
            ).id,
          );
        }
        actors.push({ account, client: await signedIn(api.url, account), drafts });
      }

      // What the API answered, from which the balances are predicted.
      const intents = new Map<number, FakePaymentIntent>(); // purchase plan id -> its PaymentIntent
      const intentOwner = new Map<string, Actor>();
      const undelivered = new Set<number>(); // paid, but Stripe has not delivered the webhook yet
      const delivered = new Set<string>();
      const published = new Map<Actor, Set<string>>(actors.map((a) => [a, new Set()]));
      const adjusted = new Map<Actor, number>(actors.map((a) => [a, 0]));
      const statuses = { webhook: [] as number[], publish: [] as number[], adjust: [] as number[] };
      let nextPlanId = 0;

      // Start near zero, where refusals happen.
      for (const actor of actors) {
        const res = await owner.post('/api/admin/adjust-credits', {
          serviceProviderId: actor.account.provider!.id,
          amount: -8,
          reason: 'start low',
        });
        expect(res.status).toBe(200);
        adjusted.set(actor, -8);
      }

      const deliver = async (planId: number, copies: number) => {
        const intent = intents.get(planId)!;
        const results = await Promise.all(
          Array.from({ length: copies }, () => sendWebhook(api.url, succeeded(intent))),
        );
        for (const res of results) statuses.webhook.push(res.status);
        delivered.add(intent.id);
      };

      for (let round = 0; round < ROUNDS; round++) {
        const ops: Array<() => Promise<void>> = [];
        const opCount = int(3, 8);
        for (let i = 0; i < opCount; i++) {
          const actor = pick(actors);
          const roll = rand();
          if (roll < 0.2) {
            const planId = nextPlanId++;
            const pack = pick(CREDIT_PACKS.map((p) => p.id));
            const copies = int(1, 4);
            const late = rand() < 0.4;
            ops.push(async () => {
              const res = await actor.client.post('/api/create-payment-intent', { creditPackId: pack });
              expect(res.status).toBe(200);
              const intent = stripe.paymentIntents.get(res.body.paymentIntentId)!;
              intents.set(planId, intent);
              intentOwner.set(intent.id, actor);
              if (late) undelivered.add(planId);
              else await deliver(planId, copies);
            });
          } else if (roll < 0.3 && intents.size > 0) {
            // Stripe delivers an earlier payment now: late ones for the first time, others again.
            const planId = pick([...intents.keys()].sort((a, b) => a - b));
            const copies = int(1, 3);
            ops.push(async () => {
              undelivered.delete(planId);
              await deliver(planId, copies);
            });
          } else if (roll < 0.7 && actor.drafts.length > 0) {
            const draft = actor.drafts.shift()!;
            const copies = rand() < 0.2 ? 2 : 1; // a double click
            ops.push(async () => {
              const results = await Promise.all(
                Array.from({ length: copies }, () => actor.client.patch(`/api/events/${draft}`, { status: 'live' })),
              );
              for (const res of results) statuses.publish.push(res.status);
              if (results.some((res) => res.status === 200)) published.get(actor)!.add(draft);
            });
          } else {
            const amount = pick([-12, -8, -5, -3, -1, 1, 2, 4]);
            ops.push(async () => {
              const res = await owner.post('/api/admin/adjust-credits', {
                serviceProviderId: actor.account.provider!.id,
                amount,
                reason: `round ${round}`,
              });
              statuses.adjust.push(res.status);
              if (res.status === 200) adjusted.set(actor, adjusted.get(actor)! + amount);
            });
          }
        }
        await Promise.all(ops.map((op) => op()));
      }
      // Stripe eventually delivers everything, some twice at once.
      const late = [...undelivered].sort((a, b) => a - b);
      const lateCopies = late.map(() => int(1, 2));
      await Promise.all(late.map((planId, i) => deliver(planId, lateCopies[i])));

      expect(new Set(statuses.webhook)).toEqual(new Set([200]));
      expect(statuses.publish.every((s) => s === 200 || s === 402)).toBe(true);
      expect(statuses.adjust.every((s) => s === 200 || s === 409)).toBe(true);
      reached.push({
        seed,
        publish: tally(statuses.publish),
        adjust: tally(statuses.adjust),
        deliveries: statuses.webhook.length,
        paid: delivered.size,
      });

      const ledger = t.dataSource.getRepository(CreditTransaction);
      for (const actor of actors) {
        const id = actor.account.provider!.id;
        const row = await t.dataSource.getRepository(ServiceProvider).findOneByOrFail({ id });
        const rows = await ledger.findBy({ serviceProviderId: id });
        const sum = (type?: string) =>
          rows.filter((r) => !type || r.transactionType === type).reduce((total, r) => total + r.amount, 0);

        expect(row.availableCredits).toBe(sum());
        expect(row.availableCredits).toBeGreaterThanOrEqual(0);
        expect(row.totalCreditsPurchased).toBe(sum('purchase'));
        expect(row.totalCreditsUsed).toBe(-sum('event_creation'));

        // Against what the API answered: welcome 10 + packs paid - events published + adjustments accepted.
        const paid = [...delivered].filter((pi) => intentOwner.get(pi) === actor);
        const bought = paid.reduce((total, pi) => total + Number(stripe.paymentIntents.get(pi)!.metadata.credits), 0);
        expect(row.availableCredits).toBe(10 + bought - published.get(actor)!.size + adjusted.get(actor)!);
        expect(row.totalCreditsUsed).toBe(published.get(actor)!.size);
        const live = await t.dataSource.getRepository(Event).countBy({ serviceProviderId: id, status: 'live' });
        expect(live).toBe(published.get(actor)!.size);
      }

      // Credits granted = distinct paid PaymentIntents, each for its own pack.
      const purchases = await ledger.findBy({ transactionType: 'purchase' });
      const mine = purchases.filter((p) => intentOwner.has(p.stripePaymentIntentId!));
      expect(mine.map((p) => p.stripePaymentIntentId).sort()).toEqual([...delivered].sort());
      for (const purchase of mine) {
        const intent = stripe.paymentIntents.get(purchase.stripePaymentIntentId!)!;
        const pack = CREDIT_PACKS.find((p) => p.id === intent.metadata.creditPackId)!;
        expect(purchase).toMatchObject({
          amount: pack.credits,
          metadata: { amountPaidCents: pack.price },
          serviceProviderId: intent.metadata.serviceProviderId,
        });
      }
    },
  );

  it('the plans reached the edges they are here to test: refused publishes and adjustments, duplicate deliveries', () => {
    const sum = (key: 'publish' | 'adjust', status: number) =>
      reached.reduce((total, r) => total + (r[key][status] ?? 0), 0);
    expect(reached).toHaveLength(SEEDS.length);
    expect(sum('publish', 402)).toBeGreaterThan(0);
    expect(sum('adjust', 409)).toBeGreaterThan(0);
    expect(reached.reduce((total, r) => total + r.deliveries - r.paid, 0)).toBeGreaterThan(0);
  });
});
