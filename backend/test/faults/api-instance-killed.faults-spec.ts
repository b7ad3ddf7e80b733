import { Memory } from '@memory-wall/core';
import { createEvent } from '@memory-wall/testkit/factories';
import { submitThrough } from '@memory-wall/testkit/balanced-apis';
import { Screen } from '@memory-wall/testkit/screen';
import { everyMemoryProcessed, useBalancedFleet } from './balanced-fleet';
import { waitFor } from '@memory-wall/testkit/wait';
import { FaultScenario, percentile, sleep } from './scenario';

const SCREENS = 24;
const BEFORE = 10;
const DURING = 20;
const AFTER = 10;

const scenario = new FaultScenario({
  id: 3,
  title: 'One of two API instances killed while screens are connected',
  tried:
    `Two API instances behind a round-robin TCP load balancer; ${SCREENS} screens (WebSocket clients behaving as the front end: reconnect ` +
    `1 s doubling, fetch the wall on every connect and on a sequence gap) connect through it; ${BEFORE} memories are approved, one instance ` +
    `is killed with SIGKILL 1 s into a stream of ${DURING} submissions (one every 100 ms) that goes on while its screens reconnect; then ${AFTER} more.`,
});

describe('fault 3: one of two API instances killed while screens are connected', () => {
  const stack = useBalancedFleet(scenario, {}, { WORKER_CONCURRENCY: '4' });
  const { screens } = stack;

  const submit = (eventId: string, i: number, retries: { count: number }) =>
    submitThrough(stack.fleet.proxy, eventId, i, retries, 300);

  const approvedIds = async (eventId: string) =>
    (
      await stack.t.dataSource
        .getRepository(Memory)
        .find({ select: { id: true }, where: { eventId, approved: true, flagged: false } })
    )
      .map((m) => m.id)
      .sort();

  it(
    'the screens reconnect to the survivor and show everything approved meanwhile',
    () =>
      scenario.run(async (s) => {
        const {
          proxy,
          apis: [a, b],
        } = stack.fleet;
        const event = await createEvent(stack.t.dataSource);
        const retries = { count: 0 };
        for (let i = 0; i < SCREENS; i++) {
          const screen = new Screen(proxy.url, proxy.wsUrl, event.id);
          await screen.start();
          screens.push(screen);
        }
        const onA = screens.filter((sc) => proxy.backendOf(sc.localPort!) === a.port);
        const onB = screens.filter((sc) => proxy.backendOf(sc.localPort!) === b.port);
        s.key('screens (on the killed instance / on the survivor)', `${SCREENS} (${onA.length} / ${onB.length})`);
        expect(onA.length).toBeGreaterThanOrEqual(SCREENS / 4);
        expect(onA.length + onB.length).toBe(SCREENS);

        const first: string[] = [];
        for (let i = 0; i < BEFORE; i++) first.push(await submit(event.id, i, retries));
        await waitFor(
          () => screens.every((sc) => first.every((id) => sc.shown.has(id))),
          60_000,
          'every screen to show the first memories',
        );

        // Guests keep submitting, one every 100 ms, across the kill: instance A dies at once, without a goodbye
        // to its sockets, 1 s into the stream.
        const opensBefore = new Map(screens.map((sc) => [sc, sc.stats.opens]));
        const failoversBefore = proxy.stats.failovers;
        const during: string[] = [];
        const stream = (async () => {
          for (let i = 0; i < DURING; i++) {
            during.push(await submit(event.id, BEFORE + i, retries));
            await sleep(100);
          }
        })();
        await sleep(1000);
        await a.stop('SIGKILL');
        const killedAt = Date.now();
        await waitFor(
          () => onA.every((sc) => sc.connected && sc.stats.opens > opensBefore.get(sc)!),
          60_000,
          'every screen of the killed instance to reconnect',
        );
        const reconnected = Date.now();
        await stream;
        for (let i = 0; i < AFTER; i++) during.push(await submit(event.id, BEFORE + DURING + i, retries));

        // The database is the truth: every approved memory of the event (a retried submission is stored once).
        await everyMemoryProcessed(stack.t, event.id);
        const expected = await approvedIds(event.id);
        expect(expected.length).toBeGreaterThanOrEqual(BEFORE + DURING + AFTER);
        expect([...first, ...during].every((id) => expected.includes(id))).toBe(true);
        const converged = () => screens.every((sc) => expected.every((id) => sc.shown.has(id)));
        await waitFor(converged, 60_000, 'every screen to show every approved memory').catch((err) => {
          const short = screens.map((sc) => expected.length - expected.filter((id) => sc.shown.has(id)).length);
          s.figure('memories missing per screen at the time-out', short.join(', '));
          throw err;
        });
        const allShown = Date.now();

        // The reconnected screens did miss approvals live while away: the wall fetch brought them.
        const fromFetchOnly = onA.map((sc) => expected.filter((id) => !sc.approvals.has(id)).length);
        s.figure(
          'approvals a reconnected screen missed live and got from the wall fetch, min / max',
          `${Math.min(...fromFetchOnly)} / ${Math.max(...fromFetchOnly)}`,
        );
        expect(Math.min(...fromFetchOnly)).toBeGreaterThan(0);
        s.holds('approvals published while a screen was away reached it through its wall fetch on reconnecting');

        const approved = await approvedIds(event.id);
        expect(approved).toEqual(expected);
        for (const sc of screens) expect(sc.ids().sort()).toEqual(approved);
        s.key(
          'approved memories (before / across the kill / after)',
          `${approved.length} (${BEFORE} / ${DURING} / ${AFTER})`,
        );
        s.key('screens showing all of them', screens.filter((sc) => sc.ids().length === approved.length).length);
        s.holds(`every one of the ${SCREENS} screens ends showing exactly the ${approved.length} approved memories`);

        expect(onA.every((sc) => sc.stats.uncleanCloses >= 1 && sc.stats.opens >= 2)).toBe(true);
        expect(onB.every((sc) => sc.stats.opens === 1 && sc.stats.uncleanCloses === 0)).toBe(true);
        expect(screens.every((sc) => proxy.backendOf(sc.localPort!) === b.port)).toBe(true);
        s.holds(
          `the ${onA.length} screens of the killed instance reconnected, all to the survivor; the ${onB.length} others never noticed`,
        );
        expect(screens.every((sc) => !sc.stats.gaveUp)).toBe(true);

        const reconnectMs = onA.flatMap((sc) => sc.reconnectMs);
        s.figure(
          'time from close to reconnection, p50 / max',
          `${percentile(reconnectMs, 50)} / ${Math.max(...reconnectMs)}`,
          'ms',
        );
        s.key(
          'all screens of the killed instance reconnected after the kill',
          Math.round((reconnected - killedAt) / 100) / 10,
          's',
        );
        s.figure('every screen complete after the kill', Math.round((allShown - killedAt) / 100) / 10, 's');
        s.figure(
          'wall fetches by the screens (on connect and on gaps)',
          screens.reduce((n, sc) => n + sc.stats.refetches, 0),
        );
        s.figure(
          'sequence gaps noticed by screens',
          screens.reduce((n, sc) => n + sc.stats.gaps, 0),
        );
        s.figure(
          'load-balancer failovers (connections refused by the dead instance)',
          proxy.stats.failovers - failoversBefore,
        );
        s.figure('guest submissions tried again after a broken connection', retries.count);
        const duplicates = screens.reduce((n, sc) => n + [...sc.approvals.values()].filter((c) => c > 1).length, 0);
        s.figure('live approvals a screen received twice', duplicates);
      }),
    300_000,
  );
});
