import { CREDIT_PACKS, CreditMessages, Role } from '@memory-wall/contracts';
import { CreditTransaction, ServiceProvider } from '@memory-wall/core';
import { createAccount, TestAccount } from '@memory-wall/testkit/accounts';
import {
  FakePaymentIntent,
  FakeStripe,
  signedWebhook,
  succeeded,
  webhookSignature,
} from '@memory-wall/testkit/fake-stripe';
import { signedIn } from '@memory-wall/testkit/http';
import { RunningProcess, startApi } from '@memory-wall/testkit/processes';
import { createTestEnvironment, TestEnvironment } from '@memory-wall/testkit/test-environment';
import { FaultScenario, percentile, pool } from './scenario';
import { seededRandom } from '@memory-wall/testkit/seeded-random';

const PROVIDERS = 3;
const INTENTS_PER_PROVIDER = 4;
const COPIES = 5;
const SEED = Number(process.env.FAULT_SEED ?? Date.now() % 1_000_000);

type Kind =
  'genuine' | 'forged' | 'stale' | 'tampered' | 'unsigned' | 'garbage signature' | 'signature of another body';
interface Delivery {
  kind: Kind;
  intentId: string;
  payload: string;
  signature?: string;
}

const scenario = new FaultScenario({
  id: 5,
  title: 'Stripe webhook chaos',
  tried:
    `${PROVIDERS} providers start ${PROVIDERS * INTENTS_PER_PROVIDER} credit-pack purchases through the API; three in four are paid. Every genuine ` +
    `event (succeeded, created, payment_failed) is delivered ${COPIES} times (some copies re-signed later, as Stripe's retries are), mixed with ` +
    'forged (wrong secret), stale (signed 10 minutes ago), tampered (body changed after signing: other provider, bigger pack), unsigned, ' +
    'garbage-signature and borrowed-signature deliveries; all shuffled and sent 25 at a time, alternately to two API instances.',
});

describe('fault 5: Stripe webhook chaos', () => {
  let t: TestEnvironment;
  let stripe: FakeStripe;
  let api: RunningProcess;
  let other: RunningProcess;

  beforeAll(async () => {
    t = await createTestEnvironment();
    stripe = await FakeStripe.start();
    [api, other] = await Promise.all([startApi({ ...t.env, ...stripe.env }), startApi({ ...t.env, ...stripe.env })]);
  }, 120_000);

  afterAll(async () => {
    scenario.save();
    await Promise.all([api?.stop(), other?.stop()]);
    await stripe?.stop();
    await t?.cleanup();
  }, 60_000);

  it(
    'grants credits once per paid PaymentIntent and accepts no forgery',
    () =>
      scenario.run(async (s) => {
        const rand = seededRandom(SEED);
        s.figure('shuffle seed (FAULT_SEED)', SEED);
        const providers: TestAccount[] = [];
        const intents: Array<{ intent: FakePaymentIntent; owner: TestAccount; paid: boolean }> = [];
        for (let p = 0; p < PROVIDERS; p++) {
          const account = await createAccount(t.dataSource, Role.ServiceProvider);
          providers.push(account);
          const client = await signedIn(api.url, account);
          for (let i = 0; i < INTENTS_PER_PROVIDER; i++) {
            const pack = CREDIT_PACKS[(p + i) % CREDIT_PACKS.length].id;
            const res = await client.post('/api/create-payment-intent', { creditPackId: pack });
            expect(res.status).toBe(200);
            intents.push({
              intent: stripe.paymentIntents.get(res.body.paymentIntentId)!,
              owner: account,
              paid: i !== 0,
            });
          }
        }
        const paid = intents.filter((i) => i.paid);

        const now = Math.floor(Date.now() / 1000);
        const deliveries: Delivery[] = [];
        const genuine = (object: unknown, type: string, intentId: string) => {
          const { payload, signature } = signedWebhook(object, { type });
          for (let c = 0; c < COPIES; c++) {
            // Stripe's retries sign the same event again, at a later time.
            const resigned = c >= 3 ? webhookSignature(payload, { timestamp: now + c * 7 }) : signature;
            deliveries.push({ kind: 'genuine', intentId, payload, signature: resigned });
          }
        };
        for (const { intent, paid: isPaid } of intents) {
          genuine(intent, 'payment_intent.created', intent.id);
          if (isPaid) genuine(succeeded(intent), 'payment_intent.succeeded', intent.id);
          else genuine(intent, 'payment_intent.payment_failed', intent.id);
        }
        const otherProvider = providers[1].provider!.id;
        for (const { intent, owner } of intents) {
          const paidIntent = succeeded(intent);
          // Forged: a "succeeded" event for this PaymentIntent signed with a key that is not the webhook secret.
          deliveries.push({
            kind: 'forged',
            intentId: intent.id,
            ...pick(signedWebhook(paidIntent, { secret: 'whsec_attacker' })),
          });
          // Stale: a genuine signature made 10 minutes ago (a captured delivery replayed).
          deliveries.push({
            kind: 'stale',
            intentId: intent.id,
            ...pick(signedWebhook(paidIntent, { timestamp: now - 600 })),
          });
          // Tampered: signed for this body, then the body changed to pay another provider a bigger pack.
          const { payload, signature } = signedWebhook(paidIntent);
          const event = JSON.parse(payload);
          const target = owner.provider!.id === otherProvider ? providers[0].provider!.id : otherProvider;
          event.data.object.metadata = {
            ...event.data.object.metadata,
            serviceProviderId: target,
            creditPackId: 'pro',
            credits: '20',
          };
          event.data.object.id = `${intent.id}_x`;
          deliveries.push({ kind: 'tampered', intentId: `${intent.id}_x`, payload: JSON.stringify(event), signature });
          deliveries.push({ kind: 'unsigned', intentId: intent.id, payload: signedWebhook(paidIntent).payload });
          deliveries.push({
            kind: 'garbage signature',
            intentId: intent.id,
            payload: signedWebhook(paidIntent).payload,
            signature: `t=${now},v1=${'ab'.repeat(32)}`,
          });
          // A valid signature, but of another body (an event of another PaymentIntent).
          const borrowed = signedWebhook(
            succeeded(
              intents[(intents.indexOf(intents.find((i) => i.intent === intent)!) + 1) % intents.length].intent,
            ),
          );
          deliveries.push({
            kind: 'signature of another body',
            intentId: intent.id,
            payload: signedWebhook(paidIntent).payload,
            signature: borrowed.signature,
          });
        }
        // Shuffled (Fisher-Yates on the seed), then sent 25 at a time.
        for (let i = deliveries.length - 1; i > 0; i--) {
          const j = Math.floor(rand() * (i + 1));
          [deliveries[i], deliveries[j]] = [deliveries[j], deliveries[i]];
        }
        const started = Date.now();
        const results = await pool(
          25,
          deliveries.map((d, i) => async () => {
            const sentAt = Date.now();
            // As behind the load balancer: deliveries alternate between the two API instances.
            const res = await fetch(`${(i % 2 ? other : api).url}/api/stripe/webhook`, {
              method: 'POST',
              headers: {
                'content-type': 'application/json; charset=utf-8',
                ...(d.signature ? { 'stripe-signature': d.signature } : {}),
              },
              body: d.payload,
            });
            const body = (await res.json().catch(() => ({}))) as { message?: string };
            return { ...d, status: res.status, message: body.message, ms: Date.now() - sentAt };
          }),
        );
        const elapsed = Date.now() - started;
        const byKind = (kind: Kind) => results.filter((r) => r.kind === kind);
        const attacks = results.filter((r) => r.kind !== 'genuine');
        s.key('deliveries (genuine / hostile)', `${results.length} (${byKind('genuine').length} / ${attacks.length})`);
        s.figure(
          'hostile deliveries by kind',
          (['forged', 'stale', 'tampered', 'unsigned', 'garbage signature', 'signature of another body'] as Kind[])
            .map((k) => `${k} ${byKind(k).length}`)
            .join(', '),
        );
        s.figure(
          'answer time p50 / max',
          `${percentile(
            results.map((r) => r.ms),
            50,
          )} / ${Math.max(...results.map((r) => r.ms))}`,
          'ms',
        );
        s.figure('all deliveries answered in', elapsed, 'ms');

        const genuineStatuses = [...new Set(byKind('genuine').map((r) => r.status))];
        const acceptedAttacks = attacks.filter((r) => r.status < 400);
        s.figure('genuine deliveries answered', genuineStatuses.join(', '));
        s.key('hostile deliveries accepted', acceptedAttacks.length);
        expect(genuineStatuses).toEqual([200]);
        s.holds(`every genuine delivery, duplicates included, was acknowledged with 200 (${byKind('genuine').length})`);
        expect(acceptedAttacks.map((r) => `${r.kind} ${r.status}`)).toEqual([]);
        expect(attacks.every((r) => r.status === 400 && r.message === CreditMessages.invalidWebhookSignature)).toBe(
          true,
        );
        s.holds(
          `every one of the ${attacks.length} forged, stale, tampered or unsigned deliveries was refused with 400`,
        );

        // The ledger: one purchase row per paid PaymentIntent, for its own provider and pack; nothing else.
        const ledger = t.dataSource.getRepository(CreditTransaction);
        const purchases = (await ledger.findBy({ transactionType: 'purchase' })).filter((r) =>
          intents.some((i) => r.serviceProviderId === i.owner.provider!.id),
        );
        s.key('distinct paid PaymentIntents', paid.length);
        s.key('purchases granted', purchases.length);
        expect(purchases.map((r) => r.stripePaymentIntentId).sort()).toEqual(paid.map((i) => i.intent.id).sort());
        s.holds(
          `credits granted = distinct paid PaymentIntents: ${purchases.length} purchases for ${paid.length} paid, none for the ${intents.length - paid.length} unpaid`,
        );
        let granted = 0;
        for (const account of providers) {
          const mine = paid.filter((i) => i.owner === account);
          const credits = mine.reduce(
            (n, i) => n + CREDIT_PACKS.find((p) => p.id === i.intent.metadata.creditPackId)!.credits,
            0,
          );
          granted += credits;
          const row = await t.dataSource.getRepository(ServiceProvider).findOneByOrFail({ id: account.provider!.id });
          const sum = (await ledger.sum('amount', { serviceProviderId: account.provider!.id })) ?? 0;
          expect({ available: row.availableCredits, purchased: row.totalCreditsPurchased, ledger: sum }).toEqual({
            available: 10 + credits,
            purchased: credits,
            ledger: 10 + credits,
          });
        }
        s.key('credits granted', granted);
        s.holds(
          'each provider holds 10 + the credits of its own paid packs, and its balance equals the sum of its ledger',
        );
      }),
    240_000,
  );
});

function pick(webhook: { payload: string; signature: string }) {
  return { payload: webhook.payload, signature: webhook.signature };
}
