import Redis from 'ioredis';
import { LiveMessage, LiveMessageType, memoryIdOf } from '@memory-wall/contracts';
import { createAccount, makeEventAdmin } from '@memory-wall/testkit/accounts';
import { createEvent } from '@memory-wall/testkit/factories';
import { ApiClient, signedIn } from '@memory-wall/testkit/http';
import { connectLive, LiveClient, settle } from '@memory-wall/testkit/live-client';
import { processed } from '@memory-wall/testkit/memories';
import { RunningProcess, startApi, startWorkers } from '@memory-wall/testkit/processes';
import { createTestEnvironment, TestEnvironment } from '@memory-wall/testkit/test-environment';
import { waitFor } from '@memory-wall/testkit/wait';

const SOCKETS = 200;

/** Every socket gets each approval exactly once, in order, and never anything still pending. */
describe('live fleet: 200 sockets over two API instances', () => {
  let t: TestEnvironment;
  let a: RunningProcess;
  let b: RunningProcess;
  let workers: RunningProcess;
  const fleet: LiveClient[] = [];

  beforeAll(async () => {
    t = await createTestEnvironment();
    [a, b] = await Promise.all([startApi(t.env), startApi(t.env)]);
    workers = startWorkers({ ...t.env, WORKER_CONCURRENCY: '4' });
  });

  afterAll(async () => {
    fleet.forEach((c) => c.close());
    await Promise.all([a?.stop(), b?.stop(), workers?.stop()]);
    await t?.cleanup();
  });

  const approvals = (client: LiveClient) => client.messages.filter((m) => m.type === LiveMessageType.MemoryApproved);
  const ids = (messages: LiveMessage[]) => messages.map(memoryIdOf);

  async function connectFleet(eventId: string, count = SOCKETS) {
    const clients = await Promise.all(
      Array.from({ length: count }, (_, i) =>
        connectLive(`${(i % 2 ? a : b).url.replace('http', 'ws')}/ws?eventId=${eventId}`),
      ),
    );
    fleet.push(...clients);
    await Promise.all(clients.map((client) => client.joined()));
    return clients;
  }

  async function post(eventId: string, n: number, instance = b) {
    const guest = new ApiClient(instance.url);
    const posted = await Promise.all(
      Array.from({ length: n }, (_, i) =>
        guest.post(`/api/events/${eventId}/submissions/message`, { name: `Guest ${i}`, message: `Memory ${i}` }),
      ),
    );
    return posted.map((p) => p.body.memory.id as string);
  }

  function expectEveryoneGot(clients: LiveClient[], expected: string[]) {
    for (const client of clients) {
      const got = approvals(client);
      expect(ids(got).sort()).toEqual([...expected].sort()); // each once, none missing
      const seqs = client.messages.map((m) => m.seq);
      expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => seqs[0] + i)); // in order, no gaps
    }
  }

  it('delivers each approval exactly once and in order to every socket on both instances', async () => {
    const event = await createEvent(t.dataSource);
    const clients = await connectFleet(event.id);
    const posted = await post(event.id, 20);
    await waitFor(
      () => clients.every((c) => approvals(c).length >= posted.length),
      30_000,
      'every socket to receive every approval',
    );
    await settle(300);
    expectEveryoneGot(clients, posted);
  });

  it('never sends pending content to public sockets, while hosts see it', async () => {
    const customer = await createAccount(t.dataSource, 'customer');
    const event = await createEvent(t.dataSource, { moderationType: 'manual_moderation' });
    await makeEventAdmin(t.dataSource, customer.user.id, event.id);
    const host = await signedIn(a.url, customer);
    const publicClients = await connectFleet(event.id, 20);
    const hostClient = await connectLive(
      `${a.url.replace('http', 'ws')}/ws?eventId=${event.id}`,
      undefined,
      host.cookie,
    );
    fleet.push(hostClient);
    await hostClient.joined();

    const [pendingId, approvedId] = await post(event.id, 2);
    await Promise.all([processed(t.dataSource, pendingId), processed(t.dataSource, approvedId)]);
    await hostClient.next((m) => m.type === 'new_memory' && m.memory.id === pendingId);
    await host.post(`/api/submissions/${approvedId}/approve`);
    await waitFor(() => publicClients.every((c) => approvals(c).length === 1), 10_000, 'the approval');
    await settle(300);
    for (const client of publicClients) {
      expect(ids(client.messages)).toEqual([approvedId]);
      expect(JSON.stringify(client.messages)).not.toContain(pendingId);
    }
  });

  it("leaves nothing missing after an instance's Redis subscriber connection is killed during a burst", async () => {
    const event = await createEvent(t.dataSource);
    const clients = await connectFleet(event.id);
    const before = await post(event.id, 5);
    await waitFor(() => clients.every((c) => approvals(c).length === before.length), 20_000, 'the first approvals');

    // Keep killing instance A's subscriber connection (found by its name) while approvals are published.
    const admin = new Redis(t.env.REDIS_URL);
    const name = `name=${t.env.REDIS_PREFIX}-live-subscriber-${a.child.pid}`;
    let kills = 0;
    const burst = post(event.id, 30);
    const deadline = Date.now() + 2000;
    while (Date.now() < deadline) {
      const list = (await admin.call('CLIENT', 'LIST', 'TYPE', 'pubsub')) as string;
      const victim = list.split('\n').find((line) => line.includes(name));
      if (victim) {
        await admin.client('KILL', 'ID', /id=(\d+)/.exec(victim)![1]);
        kills++;
      }
      await new Promise((r) => setTimeout(r, 25));
    }
    const during = await burst;
    admin.disconnect();
    expect(kills).toBeGreaterThan(3);

    const all = [...before, ...during];
    await waitFor(() => clients.every((c) => approvals(c).length >= all.length), 30_000, 'every socket to catch up');
    await settle(300);
    expectEveryoneGot(clients, all);
  });
});
