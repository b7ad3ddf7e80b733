import { EventMessages, Role } from '@memory-wall/contracts';
import { CreditTransaction, Event, ServiceProvider } from '@memory-wall/core';
import { createAccount } from '@memory-wall/testkit/accounts';
import { signedIn } from '@memory-wall/testkit/http';
import { RunningProcess, startApi } from '@memory-wall/testkit/processes';
import { createTestEnvironment, TestEnvironment } from '@memory-wall/testkit/test-environment';
import { FaultScenario, percentile, pool } from './scenario';

const DRAFTS = 50;
const CREDITS = 3;
const ROUNDS = 3;

const scenario = new FaultScenario({
  id: 6,
  title: 'Publish race: 50 drafts, 3 credits',
  tried:
    `${ROUNDS} rounds, each with a new provider holding ${CREDITS} credits and ${DRAFTS} drafts: all ${DRAFTS} are published at once ` +
    '(PATCH /api/events/{id} {status: live}), alternately through two API instances.',
});

describe('fault 6: the publish race', () => {
  let t: TestEnvironment;
  let a: RunningProcess;
  let b: RunningProcess;

  beforeAll(async () => {
    t = await createTestEnvironment();
    [a, b] = await Promise.all([startApi(t.env), startApi(t.env)]);
  }, 120_000);

  afterAll(async () => {
    scenario.save();
    await Promise.all([a?.stop(), b?.stop()]);
    await t?.cleanup();
  }, 60_000);

  it(
    `exactly ${CREDITS} of ${DRAFTS} parallel publishes succeed, and the ledger sum equals the balance`,
    () =>
      scenario.run(async (s) => {
        const outcomes: string[] = [];
        const latencies: number[] = [];
        for (let round = 1; round <= ROUNDS; round++) {
          const provider = await createAccount(t.dataSource, Role.ServiceProvider);
          const id = provider.provider!.id;
          // 10 welcome credits, then an adjustment (with its ledger row) down to 3.
          await t.dataSource.getRepository(ServiceProvider).update({ id }, { availableCredits: CREDITS });
          await t.dataSource.getRepository(CreditTransaction).save({
            serviceProviderId: id,
            amount: CREDITS - 10,
            transactionType: 'admin_adjustment',
            description: 'fault test: leave 3 credits',
          });
          const onA = await signedIn(a.url, provider);
          const clients = [onA, onA.on(b.url)];
          const drafts = await pool(
            8,
            Array.from({ length: DRAFTS }, (_, i) => async () => {
              const res = await clients[0].post('/api/events', { name: `Race ${round}.${i}`, eventType: 'wedding' });
              expect(res.status).toBe(201);
              return res.body.event.id as string;
            }),
          );

          const results = await Promise.all(
            drafts.map(async (draft, i) => {
              const sentAt = Date.now();
              const res = await clients[i % 2].patch(`/api/events/${draft}`, { status: 'live' });
              latencies.push(Date.now() - sentAt);
              return { draft, status: res.status, message: res.body?.message };
            }),
          );
          const won = results
            .filter((r) => r.status === 200)
            .map((r) => r.draft)
            .sort();
          const refused = results.filter((r) => r.status === 402);
          const other = results.filter((r) => r.status !== 200 && r.status !== 402);
          const row = await t.dataSource.getRepository(ServiceProvider).findOneByOrFail({ id });
          const ledgerSum =
            (await t.dataSource.getRepository(CreditTransaction).sum('amount', { serviceProviderId: id })) ?? 0;
          const charges = await t.dataSource
            .getRepository(CreditTransaction)
            .findBy({ serviceProviderId: id, transactionType: 'event_creation' });
          const live = (await t.dataSource.getRepository(Event).findBy({ serviceProviderId: id, status: 'live' }))
            .map((e) => e.id)
            .sort();
          outcomes.push(
            `round ${round}: ${won.length} published, ${refused.length} refused (402), ${other.length} other; balance ${row.availableCredits}, ledger sum ${ledgerSum}`,
          );

          expect({ published: won.length, refused: refused.length, other: other.map((r) => r.status) }).toEqual({
            published: CREDITS,
            refused: DRAFTS - CREDITS,
            other: [],
          });
          expect(refused.every((r) => r.message === EventMessages.notEnoughCredits)).toBe(true);
          expect({ balance: row.availableCredits, used: row.totalCreditsUsed, ledgerSum }).toEqual({
            balance: 0,
            used: CREDITS,
            ledgerSum: 0,
          });
          expect(charges.map((c) => (c.metadata as { eventId: string }).eventId).sort()).toEqual(won);
          expect(live).toEqual(won);
        }
        s.key('rounds × parallel publishes', `${ROUNDS} × ${DRAFTS}`);
        s.key('published per round', `${CREDITS} (every round)`);
        s.figure('per round', outcomes.join('; '));
        s.figure('publish answer time p50 / max', `${percentile(latencies, 50)} / ${Math.max(...latencies)}`, 'ms');
        s.holds(
          `in each of ${ROUNDS} rounds exactly ${CREDITS} of ${DRAFTS} concurrent publishes succeeded; the other ${DRAFTS - CREDITS} were refused with 402 "${EventMessages.notEnoughCredits}"`,
        );
        s.holds(
          'the balance ended at 0 and equals the sum of the ledger; exactly one event_creation charge per published event, and the live events are exactly the ones answered 200',
        );
      }),
    180_000,
  );
});
