import { OwnRedis } from '@memory-wall/testkit/own-redis';
import { RunningProcess, startApi } from '@memory-wall/testkit/processes';
import { createTestEnvironment, TestEnvironment } from '@memory-wall/testkit/test-environment';
import { waitFor } from '@memory-wall/testkit/wait';

/** How many screens behind one venue address might ask at once after a drop. */
const SCREENS = 300;

/**
 * GET /api/health/live, what a venue screen asks before it opens its live socket again: it answers while
 * the process serves HTTP, even with Redis gone, is never cached and never throttled.
 */
describe('the liveness probe', () => {
  let t: TestEnvironment;
  let redis: OwnRedis;
  let api: RunningProcess;

  beforeAll(async () => {
    t = await createTestEnvironment();
    redis = await OwnRedis.start();
    api = await startApi({ ...t.env, REDIS_URL: redis.url });
  }, 60_000);

  afterAll(async () => {
    await api?.stop();
    await redis?.destroy();
    await t?.cleanup();
  });

  const live = () => fetch(`${api.url}/api/health/live`, { signal: AbortSignal.timeout(5000) });

  it('answers 200, not to be cached', async () => {
    const response = await live();
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it(`answers ${SCREENS} screens of one address at once, none refused`, async () => {
    const statuses = await Promise.all(Array.from({ length: SCREENS }, () => live().then((r) => r.status)));
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
  });

  it('answers at once while Redis is gone (it reads nothing), where the full health check reports it down', async () => {
    await redis.stop();
    await waitFor(
      async () => (await fetch(`${api.url}/api/health`)).status === 503,
      15_000,
      'the API to report Redis down',
    );
    expect((await live()).status).toBe(200);
  });
});
