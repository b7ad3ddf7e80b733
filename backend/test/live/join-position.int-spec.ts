import { LIVE_POSITION_HEADER, LiveMessage, LiveMessageType } from '@memory-wall/contracts';
import { createAccount, makeEventAdmin } from '@memory-wall/testkit/accounts';
import { createEvent, postMessage } from '@memory-wall/testkit/factories';
import { signedIn } from '@memory-wall/testkit/http';
import { connectLive, LiveClient } from '@memory-wall/testkit/live-client';
import { OwnRedis } from '@memory-wall/testkit/own-redis';
import { RunningProcess, startApi, startWorkers } from '@memory-wall/testkit/processes';
import { createTestEnvironment, TestEnvironment } from '@memory-wall/testkit/test-environment';
import { waitFor } from '@memory-wall/testkit/wait';

const isApprovalOf = (id: string) => (m: LiveMessage) =>
  m.type === LiveMessageType.MemoryApproved && m.memory.id === id;

/**
 * A list and a socket start together on a page: the list says which position of the feed it reflects
 * (LIVE_POSITION_HEADER) and the gateway tells the socket where it joined the feed ("joined"), after
 * which the socket gets every message. Comparing the two tells a page whether it missed anything.
 */
describe('live feed positions: the joined answer and the lists', () => {
  let t: TestEnvironment;
  let api: RunningProcess;
  let workers: RunningProcess;
  const clients: LiveClient[] = [];
  const wsUrl = (eventId: string) => `${api.url.replace('http', 'ws')}/ws?eventId=${eventId}`;

  beforeAll(async () => {
    t = await createTestEnvironment();
    api = await startApi(t.env);
    workers = startWorkers(t.env);
  });

  afterAll(async () => {
    clients.forEach((c) => c.close());
    await Promise.all([api?.stop(), workers?.stop()]);
    await t?.cleanup();
  });

  it('tells a socket the position it joined at; the next message follows it, and the wall says the same position', async () => {
    const event = await createEvent(t.dataSource);
    const early = await connectLive(wsUrl(event.id));
    clients.push(early);
    expect(await early.joined()).toEqual({ type: 'joined', eventId: event.id, feed: 'public', seq: 0 });

    for (const name of ['One', 'Two']) {
      const posted = await postMessage(api.url, event.id, { name, message: `From ${name}` });
      await early.next(isApprovalOf(posted.body.memory.id));
    }
    const late = await connectLive(wsUrl(event.id));
    clients.push(late);
    expect(await late.joined()).toMatchObject({ feed: 'public', seq: 2 });

    const wall = await fetch(`${api.url}/api/events/${event.id}/memories`);
    expect(wall.headers.get(LIVE_POSITION_HEADER)).toBe('public:2');
    const unchanged = await fetch(`${api.url}/api/events/${event.id}/memories`, {
      headers: { 'if-none-match': wall.headers.get('etag')! },
    });
    expect(unchanged.status).toBe(304);
    expect(unchanged.headers.get(LIVE_POSITION_HEADER)).toBe('public:2');

    const third = await postMessage(api.url, event.id, { name: 'Three', message: 'From Three' });
    expect(await late.next(isApprovalOf(third.body.memory.id))).toMatchObject({ seq: 3 });
    expect(late.messages.map((m) => m.seq)).toEqual([3]);
  });

  it("tells a host's socket its position on the hosts' feed, the position the host lists carry", async () => {
    const customer = await createAccount(t.dataSource, 'customer');
    const event = await createEvent(t.dataSource, { moderationType: 'manual_moderation' });
    await makeEventAdmin(t.dataSource, customer.user.id, event.id);
    const host = await signedIn(api.url, customer);
    const hostFeed = await connectLive(wsUrl(event.id), undefined, host.cookie);
    clients.push(hostFeed);
    expect(await hostFeed.joined()).toMatchObject({ feed: 'hosts', seq: 0 });

    const posted = await postMessage(api.url, event.id, { name: 'Guest', message: 'Awaiting a host' });
    const announced = await hostFeed.next(
      (m) => m.type === LiveMessageType.NewMemory && m.memory.id === posted.body.memory.id,
    );
    const lists = await Promise.all([
      host.get(`/api/events/${event.id}/memories?approved=false`),
      host.get(`/api/events/${event.id}/submissions/pending`),
    ]);
    for (const list of lists) {
      expect(list.status).toBe(200);
      expect(list.headers.get(LIVE_POSITION_HEADER)).toBe(`hosts:${announced.seq}`);
    }
  });
});

describe('live feed positions when Redis comes back empty', () => {
  let t: TestEnvironment;
  let redis: OwnRedis;
  let api: RunningProcess;
  let workers: RunningProcess;
  let client: LiveClient | undefined;

  beforeAll(async () => {
    t = await createTestEnvironment();
    redis = await OwnRedis.start();
    const env = { ...t.env, REDIS_URL: redis.url };
    api = await startApi(env);
    workers = startWorkers(env);
  }, 60_000);

  afterAll(async () => {
    client?.close();
    await Promise.all([api?.stop(), workers?.stop()]);
    await redis?.destroy();
    await t?.cleanup();
  });

  it('tells the sockets their feed starts over, and delivers what is published after', async () => {
    const event = await createEvent(t.dataSource);
    client = await connectLive(`${api.url.replace('http', 'ws')}/ws?eventId=${event.id}`);
    await client.joined();
    for (const name of ['One', 'Two']) {
      const posted = await postMessage(api.url, event.id, { name, message: `Before: ${name}` });
      await client.next(isApprovalOf(posted.body.memory.id), 20_000);
    }

    await redis.stop();
    await redis.start(); // empty: the feed's sequence starts from 1 again
    await waitFor(() => client!.joins.length >= 2, 20_000, 'a second "joined" answer');
    expect(client.joins[1]).toMatchObject({ feed: 'public', seq: 0 });

    const after = await postMessage(api.url, event.id, { name: 'Three', message: 'After Redis came back' });
    expect(await client.next(isApprovalOf(after.body.memory.id), 20_000)).toMatchObject({ seq: 1 });
  }, 60_000);
});
