import Redis from 'ioredis';
import { In } from 'typeorm';
import { LiveMessageType, memoryIdOf } from '@memory-wall/contracts';
import { Memory } from '@memory-wall/core';
import { createAccount, makeEventAdmin } from '@memory-wall/testkit/accounts';
import { createEvent } from '@memory-wall/testkit/factories';
import { ApiClient, signedIn } from '@memory-wall/testkit/http';
import { connectLive, LiveClient, settle } from '@memory-wall/testkit/live-client';
import { RunningProcess, startApi, startWorkers } from '@memory-wall/testkit/processes';
import { createTestEnvironment, TestEnvironment } from '@memory-wall/testkit/test-environment';
import { waitFor } from '@memory-wall/testkit/wait';
import { FaultScenario, pool, sleep } from './scenario';

const MEMORIES = 120;
const SOCKETS = 40;

const scenario = new FaultScenario({
  id: 4,
  title: "An instance's Redis subscriber connection killed repeatedly during approvals",
  tried:
    `Two API instances with ${SOCKETS} public screens (sockets) of one event, half on each; a host approves ${MEMORIES} held memories ` +
    '(4 at a time, 100-300 ms apart, through both instances) while the live-subscriber connections of both instances are killed by name ' +
    '(`CLIENT KILL ID`, found with `CLIENT LIST TYPE pubsub`) every 100-250 ms. Twice: on a feed that has already delivered 5 ' +
    'approvals, and on a fresh feed where the kills start before its first approval.',
  ifBroken:
    "Known cause of the fresh-feed failure: LiveSubscriber (backend/src/live/live-subscriber.ts) learns where a room's feed stands only " +
    'from the first message it delivers (`lastSeq` starts undefined). Messages published while its subscriber connection is down before ' +
    'that first delivery are never filled from the log (`fillFromLog` returns when `lastSeq` is undefined), and the next message sets ' +
    '`lastSeq` without seeing the gap: every screen of the instance silently misses them (and the front end, which also resets its ' +
    "sequence on connect, does not notice either). Fix: in `onFirstViewer`, read the feed's current sequence (GET liveSequence / " +
    'hostLiveSequence) before SUBSCRIBE and start `lastSeq` there, then fill from the log once the subscription is active, all inside the ' +
    "room's delivery queue so no delivery runs before it.",
});

describe('fault 4: the Redis subscriber connection of an instance killed repeatedly during a burst of approvals', () => {
  let t: TestEnvironment;
  let a: RunningProcess;
  let b: RunningProcess;
  let workers: RunningProcess;
  let admin: Redis;
  const allSockets: LiveClient[] = [];

  beforeAll(async () => {
    t = await createTestEnvironment();
    const env = { ...t.env, SUBMISSIONS_PER_MINUTE: '100000' };
    [a, b] = await Promise.all([startApi(env), startApi(env)]);
    workers = startWorkers({ ...env, WORKER_CONCURRENCY: '4' });
    admin = new Redis(t.env.REDIS_URL);
  }, 120_000);

  afterAll(async () => {
    scenario.save();
    allSockets.forEach((c) => c.close());
    admin?.disconnect();
    await Promise.all([a?.stop(), b?.stop(), workers?.stop()]);
    await t?.cleanup();
  }, 60_000);

  const approvalsOf = (client: LiveClient) => client.messages.filter((m) => m.type === LiveMessageType.MemoryApproved);
  const idOf = memoryIdOf;

  /**
   * Approves MEMORIES held memories of a new event while both instances' subscriber connections are killed
   * again and again. With `warmUp`, WARM_UP of them are approved (and reach every screen) before the kills
   * start, so each instance has already delivered on the feed; without, the kills start before the first
   * approval of a fresh feed.
   */
  async function burst(s: FaultScenario, label: string, warmUp: number) {
    const customer = await createAccount(t.dataSource, 'customer');
    const event = await createEvent(t.dataSource, { moderationType: 'manual_moderation' });
    await makeEventAdmin(t.dataSource, customer.user.id, event.id);
    const hosts = [await signedIn(a.url, customer), await signedIn(b.url, customer)];

    // The memories arrive and wait for the host.
    const guest = new ApiClient(a.url);
    const ids = await pool(
      8,
      Array.from({ length: MEMORIES }, (_, i) => async () => {
        const res = await guest.post(`/api/events/${event.id}/submissions/message`, {
          name: `Guest ${i}`,
          message: `Held ${i}`,
        });
        expect(res.status).toBe(201);
        return res.body.memory.id as string;
      }),
    );
    const repo = t.dataSource.getRepository(Memory);
    await waitFor(
      async () => (await repo.countBy({ id: In(ids), processingState: 'ready' })) === MEMORIES,
      60_000,
      'the memories to be processed',
    );

    // The screens, half on each instance.
    const sockets: LiveClient[] = [];
    for (let i = 0; i < SOCKETS; i++)
      sockets.push(await connectLive(`${(i % 2 ? a : b).url.replace('http', 'ws')}/ws?eventId=${event.id}`));
    allSockets.push(...sockets);
    await settle(800);
    for (const [i, id] of ids.slice(0, warmUp).entries())
      expect((await hosts[i % 2].post(`/api/submissions/${id}/approve`)).status).toBe(200);
    if (warmUp)
      await waitFor(() => sockets.every((c) => approvalsOf(c).length === warmUp), 20_000, 'the warm-up approvals');

    // The killer: both instances' subscriber connections, found by name, from before the first approval.
    const names = new Map([
      [`${t.env.REDIS_PREFIX}-live-subscriber-${a.child.pid}`, 'A'],
      [`${t.env.REDIS_PREFIX}-live-subscriber-${b.child.pid}`, 'B'],
    ]);
    const kills = { A: 0, B: 0 } as Record<string, number>;
    let approving = true;
    const killer = (async () => {
      const deadline = Date.now() + 120_000;
      while (approving && Date.now() < deadline) {
        const list = (await admin.call('CLIENT', 'LIST', 'TYPE', 'pubsub')) as string;
        for (const line of list.split('\n')) {
          const name = /\bname=(\S+)/.exec(line)?.[1];
          const instance = name && names.get(name);
          if (!instance) continue;
          await admin.call('CLIENT', 'KILL', 'ID', /\bid=(\d+)/.exec(line)![1]).catch(() => undefined);
          kills[instance]++;
        }
        await sleep(100 + Math.floor(Math.random() * 150));
      }
    })();
    await sleep(30);

    // The burst: the host approves the rest, 4 at a time, alternating instances, 100-300 ms apart.
    const started = Date.now();
    const statuses = await pool(
      4,
      ids.slice(warmUp).map((id, i) => async () => {
        const res = await hosts[i % 2].post(`/api/submissions/${id}/approve`);
        await sleep(100 + Math.floor(Math.random() * 200));
        return res.status;
      }),
    );
    const approvedAt = Date.now();
    approving = false;
    await killer;
    expect(statuses.every((st) => st === 200)).toBe(true);
    s.key(`${label}: approvals during the kills`, MEMORIES - warmUp);
    s.key(`${label}: subscriber connections killed (A / B)`, `${kills.A + kills.B} (${kills.A} / ${kills.B})`);
    s.figure(`${label}: approval burst`, Math.round((approvedAt - started) / 100) / 10, 's');
    expect(kills.A).toBeGreaterThan(5);
    expect(kills.B).toBeGreaterThan(5);

    // Every screen ends with every approved memory.
    const complete = () => sockets.filter((c) => new Set(approvalsOf(c).map(idOf)).size === MEMORIES).length;
    await waitFor(() => complete() === SOCKETS, 45_000, 'every screen to have every approval').catch(() => undefined);
    await settle(500);
    const done = Date.now();
    const counts = sockets.map((c) => new Set(approvalsOf(c).map(idOf)).size);
    const missing = sockets.map((c) => ids.filter((id) => !approvalsOf(c).some((m) => idOf(m) === id)));
    const duplicates = sockets.reduce((n, c) => n + approvalsOf(c).length - new Set(approvalsOf(c).map(idOf)).size, 0);
    const gaps = sockets.filter((c) => c.messages.some((m, i) => i > 0 && m.seq !== c.messages[i - 1].seq + 1)).length;
    s.key(`${label}: screens with every approved memory`, `${complete()} of ${SOCKETS}`);
    s.figure(
      `${label}: approved memories per screen, min / max`,
      `${Math.min(...counts)} / ${Math.max(...counts)} of ${MEMORIES}`,
    );
    s.figure(
      `${label}: memories missing, summed over screens`,
      missing.reduce((n, m) => n + m.length, 0),
    );
    s.figure(
      `${label}: screens whose feed did not start at seq 1`,
      sockets.filter((c) => c.messages[0]?.seq !== 1).length,
    );
    s.figure(`${label}: screens with a sequence gap or reordering`, gaps);
    s.figure(`${label}: duplicate approvals, summed over screens`, duplicates);
    s.figure(
      `${label}: last screen complete after the last approval`,
      complete() === SOCKETS ? `${Math.round((done - approvedAt) / 100) / 10} s` : 'never',
    );

    const allIds = [...ids].sort();
    for (const [i, c] of sockets.entries()) {
      expect({ screen: i, ids: approvalsOf(c).map(idOf).sort() }).toEqual({ screen: i, ids: allIds });
    }
    s.holds(`${label}: every one of the ${SOCKETS} screens received all ${MEMORIES} approvals, none twice`);
    for (const c of sockets) {
      const seqs = c.messages.map((m) => m.seq);
      expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => i + 1));
    }
    s.holds(`${label}: on every screen the feed ran 1, 2, 3 … without a gap: nothing lost, doubled or reordered`);
  }

  it(
    'established feed (5 approvals delivered first): every screen ends with every approved memory, each once, in order',
    () => scenario.run((s) => burst(s, 'established feed', 5), 'established feed'),
    300_000,
  );

  it(
    'fresh feed (the kills start before its first approval): every screen ends with every approved memory, each once, in order',
    () => scenario.run((s) => burst(s, 'fresh feed', 0), 'fresh feed'),
    300_000,
  );
});
