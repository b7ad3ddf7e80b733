import { LiveMessageType } from '@memory-wall/contracts';
import { Memory, RedisKeys } from '@memory-wall/core';
import { createAccount, makeEventAdmin } from '@memory-wall/testkit/accounts';
import { createEvent } from '@memory-wall/testkit/factories';
import { ApiClient, signedIn } from '@memory-wall/testkit/http';
import { connectLive, settle } from '@memory-wall/testkit/live-client';
import { processed } from '@memory-wall/testkit/memories';
import { RunningProcess, startApi, startWorkers } from '@memory-wall/testkit/processes';
import { createTestEnvironment, TestEnvironment } from '@memory-wall/testkit/test-environment';
import { waitFor } from '@memory-wall/testkit/wait';

const CACHE_MAX_AGE_MS = 2000;

describe('the public wall read: versioned by the live feed, 304 when unchanged', () => {
  let t: TestEnvironment;
  let api: RunningProcess;
  let workers: RunningProcess;

  beforeAll(async () => {
    t = await createTestEnvironment();
    [api] = await Promise.all([startApi({ ...t.env, WALL_CACHE_MAX_AGE_MS: String(CACHE_MAX_AGE_MS) })]);
    workers = startWorkers(t.env);
  });

  afterAll(async () => {
    await Promise.all([api?.stop(), workers?.stop()]);
    await t?.cleanup();
  });

  const read = (eventId: string, etag?: string, query = '') =>
    fetch(`${api.url}/api/events/${eventId}/memories${query}`, { headers: etag ? { 'if-none-match': etag } : {} });

  /** The Redis commands naming the event while the wall is read 10 times (Redis MONITOR). */
  async function redisCommandsOfTenReads(eventId: string): Promise<string[]> {
    const monitor = await t.redis.monitor();
    const commands: string[] = [];
    monitor.on('monitor', (_time: string, args: string[]) => commands.push(args.join(' ')));
    for (let i = 0; i < 10; i++) expect((await read(eventId)).status).toBe(200);
    await settle(100);
    monitor.disconnect();
    return commands.filter((command) => command.includes(eventId));
  }

  it('answers 304 for the current tag, and a new tag with the new memory after a change', async () => {
    const event = await createEvent(t.dataSource);
    const first = await read(event.id);
    const etag = first.headers.get('etag')!;
    expect(first.status).toBe(200);
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers.get('cache-control')).toBe('no-cache');
    expect(await first.json()).toEqual({ success: true, memories: [] });

    const unchanged = await read(event.id, etag);
    expect(unchanged.status).toBe(304);
    expect(await unchanged.text()).toBe('');

    const viewer = await connectLive(`${api.url.replace('http', 'ws')}/ws?eventId=${event.id}`);
    await viewer.joined();
    const posted = await new ApiClient(api.url).post(`/api/events/${event.id}/submissions/message`, {
      name: 'New',
      message: 'Fresh',
    });
    await viewer.next((m) => m.type === LiveMessageType.MemoryApproved && m.memory.id === posted.body.memory.id);
    viewer.close();
    const changed = await read(event.id, etag);
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect((await changed.json()).memories.map((m: Memory) => m.id)).toEqual([posted.body.memory.id]);
  });

  it('shows a change that was stored but never announced once its cached body is WALL_CACHE_MAX_AGE_MS old', async () => {
    const event = await createEvent(t.dataSource);
    const memories = t.dataSource.getRepository(Memory);
    const memory = await memories.save({
      eventId: event.id,
      type: 'message',
      content: 'Soon removed',
      author: 'Aunt May',
      language: 'en',
      approved: true,
      processingState: 'ready',
    });
    const first = await read(event.id);
    const etag = first.headers.get('etag')!;
    expect((await first.json()).memories.map((m: Memory) => m.id)).toEqual([memory.id]);

    // A removal whose announcement was lost (the API died, or Redis was away, right after the DELETE).
    await memories.delete({ id: memory.id });
    expect((await read(event.id, etag)).status).toBe(304); // the cached body, as the version did not move

    await new Promise((r) => setTimeout(r, CACHE_MAX_AGE_MS + 200));
    const fresh = await read(event.id, etag);
    expect(fresh.status).toBe(200);
    expect(fresh.headers.get('etag')).not.toBe(etag);
    expect((await fresh.json()).memories).toEqual([]);
  });

  it('reads the version of a wall this instance has viewers of from its subscription, without a Redis round trip', async () => {
    const event = await createEvent(t.dataSource);
    const viewer = await connectLive(`${api.url.replace('http', 'ws')}/ws?eventId=${event.id}`);
    await viewer.joined(); // the API follows the event's feed from now on
    expect(await redisCommandsOfTenReads(event.id)).toEqual([]);
    viewer.close();
  });

  it('follows the feed of a wall it served again lately: later reads cost no Redis round trip, even without a viewer', async () => {
    const event = await createEvent(t.dataSource);
    expect((await read(event.id)).status).toBe(200);
    expect((await read(event.id)).status).toBe(200); // read again: from now on the API follows the event's feed
    await settle();
    expect(await redisCommandsOfTenReads(event.id)).toEqual([]);
  });

  it('stops following the feed of a wall WALL_WATCH_MS after its last read, when it has no viewer', async () => {
    const watcher = await startApi({ ...t.env, WALL_WATCH_MS: '1000' });
    try {
      const event = await createEvent(t.dataSource);
      const channel = new RedisKeys(t.env.REDIS_PREFIX).liveChannel(event.id);
      const subscribers = async () => Number(((await t.redis.pubsub('NUMSUB', channel)) as [string, number])[1]);
      for (let i = 0; i < 2; i++)
        expect((await fetch(`${watcher.url}/api/events/${event.id}/memories`)).status).toBe(200);
      await waitFor(async () => (await subscribers()) === 1, 5_000, 'the instance to follow the feed');
      const followedAt = Date.now();
      await waitFor(async () => (await subscribers()) === 0, 5_000, 'the instance to leave the feed');
      // Swept every WALL_WATCH_MS / 2: gone between 1 and 1.5 s after the last read, not at once.
      expect(Date.now() - followedAt).toBeGreaterThanOrEqual(500);
    } finally {
      await watcher.stop();
    }
  });

  it('answers a read from its cache with the same bytes and headers as the read that filled it', async () => {
    const event = await createEvent(t.dataSource);
    await t.dataSource.getRepository(Memory).save({
      eventId: event.id,
      type: 'message',
      content: 'Cheers',
      author: 'Ann',
      language: 'en',
      approved: true,
      processingState: 'ready',
    });
    const built = await read(event.id);
    await settle();
    const cached = await read(event.id);
    const same = [
      'etag',
      'x-live-position',
      'cache-control',
      'content-type',
      'content-security-policy',
      'x-content-type-options',
    ];
    for (const name of same) expect([name, cached.headers.get(name)]).toEqual([name, built.headers.get(name)]);
    expect(cached.headers.get('x-request-id')).toMatch(/^[\w-]{36}$/);
    expect(await cached.text()).toBe(await built.text());
  });

  it("shows, on an instance without viewers, a change announced while it follows the wall's feed", async () => {
    // Its own instance: the cache's maximum age (30 s here) must not be what makes the change appear.
    const other = await startApi(t.env);
    try {
      const event = await createEvent(t.dataSource);
      for (let i = 0; i < 2; i++) {
        const before = await fetch(`${other.url}/api/events/${event.id}/memories`);
        expect(await before.json()).toEqual({ success: true, memories: [] });
      }
      await settle(); // read again: the instance follows the wall's feed
      const posted = await new ApiClient(api.url).post(`/api/events/${event.id}/submissions/message`, {
        name: 'New',
        message: 'Fresh',
      });
      let memories: Memory[] = [];
      for (const until = Date.now() + 5000; Date.now() < until && memories.length === 0; await settle(50)) {
        memories = (await (await fetch(`${other.url}/api/events/${event.id}/memories`)).json()).memories;
      }
      expect(memories.map((m) => m.id)).toEqual([posted.body.memory.id]);
    } finally {
      await other.stop();
    }
  });

  it('versions each order separately, and never tags a random order', async () => {
    const event = await createEvent(t.dataSource);
    const newest = (await read(event.id, undefined, '?order=newest')).headers.get('etag');
    const oldest = (await read(event.id, undefined, '?order=oldest')).headers.get('etag');
    expect(newest).not.toBe(oldest);
    expect((await read(event.id, undefined, '?order=random')).headers.get('etag')).toBeNull();
  });

  it("serves the event's hosts fresh, uncached lists", async () => {
    const customer = await createAccount(t.dataSource, 'customer');
    const event = await createEvent(t.dataSource, { moderationType: 'manual_moderation' });
    await makeEventAdmin(t.dataSource, customer.user.id, event.id);
    const host = await signedIn(api.url, customer);
    const posted = await new ApiClient(api.url).post(`/api/events/${event.id}/submissions/message`, {
      name: 'G',
      message: 'Pending',
    });
    await processed(t.dataSource, posted.body.memory.id);
    const res = await host.get(`/api/events/${event.id}/memories?approved=false`);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('etag')).toBeNull();
    expect(res.body.memories).toEqual([expect.objectContaining({ id: posted.body.memory.id, approved: false })]);
  });
});
