import { Memory } from '@memory-wall/core';
import { createEvent } from '@memory-wall/testkit/factories';
import { ApiClient } from '@memory-wall/testkit/http';
import { BalancedApis, startBalancedApis } from '@memory-wall/testkit/balanced-apis';
import { Screen } from '@memory-wall/testkit/screen';
import { createTestEnvironment, TestEnvironment } from '@memory-wall/testkit/test-environment';
import { waitFor } from '@memory-wall/testkit/wait';

const SCREENS = 40;

/**
 * A deploy stops an API instance while screens watch an event through a load balancer and approvals keep
 * coming: the stopping instance asks its screens to move (LIVE_MOVE) and keeps their feed going meanwhile;
 * each opens a socket to the other instance and leaves the old one once the new one carries the feed. No
 * screen is ever off its feed (no close reaches its lists), and each gets every approval once, in order.
 */
describe('live sockets moving off a stopping instance', () => {
  let t: TestEnvironment;
  let fleet: BalancedApis;
  const screens: Screen[] = [];

  beforeAll(async () => {
    t = await createTestEnvironment();
    const env = { ...t.env, TRUST_PROXY: '0', LIVE_CONNECTIONS_PER_ADDRESS: '1000', SUBMISSIONS_PER_MINUTE: '10000' };
    fleet = await startBalancedApis(env);
  }, 120_000);

  afterAll(async () => {
    screens.forEach((screen) => screen.stop());
    await fleet?.stop();
    await t?.cleanup();
  }, 60_000);

  it('moves every screen of the stopping instance to the other one without a moment off its feed', async () => {
    const {
      proxy,
      apis: [a, b],
    } = fleet;
    const event = await createEvent(t.dataSource);
    for (let i = 0; i < SCREENS; i++) {
      const screen = new Screen(proxy.url, proxy.wsUrl, event.id, { catchUpOnlyWhenBehind: true });
      await screen.start();
      screens.push(screen);
    }
    const onA = screens.filter((screen) => proxy.backendOf(screen.localPort!) === a.port);
    expect(onA.length).toBeGreaterThan(0);

    // Approvals keep coming (posted to the instance that stays) while A stops.
    const guest = new ApiClient(b.url);
    const posted: string[] = [];
    let posting = true;
    const stream = (async () => {
      for (let i = 0; posting; i++) {
        const res = await guest.post(`/api/events/${event.id}/submissions/message`, {
          name: 'Guest',
          message: `#${i}`,
        });
        expect(res.status).toBe(201);
        posted.push(res.body.memory.id as string);
        await new Promise((r) => setTimeout(r, 100));
      }
    })();
    await waitFor(() => posted.length >= 5, 30_000, 'approvals flowing');
    await a.stop('SIGTERM');
    expect(a.child.signalCode).not.toBe('SIGKILL');
    await new Promise((r) => setTimeout(r, 1000));
    posting = false;
    await stream;

    await waitFor(
      async () =>
        (await t.dataSource.getRepository(Memory).countBy({ eventId: event.id, processingState: 'processing' })) === 0,
      60_000,
      'every memory processed',
    );
    await waitFor(
      () => screens.every((screen) => posted.every((id) => screen.shown.has(id))),
      30_000,
      'every screen to show every approval',
    );
    for (const screen of onA) {
      expect(screen.stats).toMatchObject({ moves: 1, movesAbandoned: 0, sentAway: 0, uncleanCloses: 0, gaps: 0 });
      expect(proxy.backendOf(screen.localPort!)).toBe(b.port);
    }
    for (const screen of screens) {
      // Never off the feed: the lists saw no close, so nothing waited for a reconnect.
      expect(screen.withoutLiveMs).toEqual([]);
      expect(screen.connected).toBe(true);
      expect(screen.stats.outOfOrder).toBe(0);
      expect([...screen.approvals.values()].every((count) => count === 1)).toBe(true);
      expect(posted.every((id) => screen.approvals.get(id) === 1)).toBe(true);
    }
  }, 180_000);
});
