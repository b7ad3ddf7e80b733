import { randomUUID } from 'node:crypto';
import { Agent, get } from 'node:http';
import { LiveMessageType } from '@memory-wall/contracts';
import { LivePublisher, Memory, RedisKeys, TypeOrmMemoryRepository } from '@memory-wall/core';
import { createEvent } from '@memory-wall/testkit/factories';
import { connectLive } from '@memory-wall/testkit/live-client';
import { freePort, RunningProcess, startApi } from '@memory-wall/testkit/processes';
import { createTestEnvironment, TestEnvironment } from '@memory-wall/testkit/test-environment';

const SCREENS = 2000;
const TOKEN = 'metrics-token-for-the-storm-test-01';

jest.setTimeout(180_000);

/**
 * Issue #30: when a venue's screens all refetch the wall at once (their instance restarted, or the wall
 * just changed), the instance builds each version once: PostgreSQL runs one wall query per version,
 * however many reads ask, and every read gets the same bytes.
 */
describe('a reconnect storm of wall reads', () => {
  let t: TestEnvironment;
  let api: RunningProcess;
  let metricsPort: number;
  // One socket per screen, all opened at once, as reconnecting screens do.
  const agent = new Agent({ keepAlive: false, maxSockets: Infinity });

  beforeAll(async () => {
    t = await createTestEnvironment();
    metricsPort = await freePort();
    api = await startApi({ ...t.env, METRICS_PORT: String(metricsPort), METRICS_TOKEN: TOKEN });
  });
  afterAll(async () => {
    agent.destroy();
    await api?.stop();
    await t?.cleanup();
  });

  const read = (eventId: string) =>
    new Promise<{ status: number; etag: string; body: string }>((resolve, reject) => {
      get(`${api.url}/api/events/${eventId}/memories`, { agent }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode!,
            etag: String(response.headers.etag),
            body: Buffer.concat(chunks).toString(),
          }),
        );
      }).on('error', reject);
    });

  /** Every screen at once: each answered 200 with one and the same body and tag. */
  async function storm(eventId: string) {
    const answers = await Promise.all(Array.from({ length: SCREENS }, () => read(eventId)));
    expect(answers.filter((a) => a.status !== 200)).toEqual([]);
    expect(new Set(answers.map((a) => `${a.etag} ${a.body}`)).size).toBe(1);
    return answers[0];
  }

  /**
   * Scans of the memories table PostgreSQL counted (by index, or sequential: a table this small may be
   * read whole): the wall's query is one, and nothing else reads that table while the storms run.
   * A backend reports its counts when idle, but defers a report for up to PGSTAT_IDLE_INTERVAL (10 s) after
   * one it made in the last second: read until the count has stayed the same for longer than that.
   */
  async function memoryScans(): Promise<number> {
    const reading = async () =>
      Number(
        (
          await t.dataSource.query(
            `SELECT COALESCE(idx_scan, 0) + seq_scan AS n FROM pg_stat_user_tables WHERE relname = 'memories'`,
          )
        )[0].n,
      );
    let count = await reading();
    let changedAt = Date.now();
    while (Date.now() - changedAt < 11_000) {
      await new Promise((r) => setTimeout(r, 1000));
      const now = await reading();
      if (now !== count) [count, changedAt] = [now, Date.now()];
    }
    return count;
  }

  async function wallBuilds(): Promise<number> {
    const text = await (
      await fetch(`http://127.0.0.1:${metricsPort}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })
    ).text();
    const line = text.split('\n').find((l) => l.startsWith('memorywall_wall_builds_total '));
    return Number(line?.split(' ')[1]);
  }

  /** An event whose wall shows 50 messages. */
  async function wallOfFifty() {
    const event = await createEvent(t.dataSource);
    const memories = await t.dataSource.getRepository(Memory).save(
      Array.from({ length: 50 }, (_, i) => ({
        eventId: event.id,
        type: 'message' as const,
        content: `Memory ${i}`,
        author: `Guest ${i}`,
        language: 'en',
        approved: true,
        processingState: 'ready' as const,
      })),
    );
    return { event, memories };
  }

  const publisher = () => new LivePublisher(t.redis, new RedisKeys(t.env.REDIS_PREFIX));

  it('runs one wall query per version for 2,000 concurrent reads, after a restart and after a change', async () => {
    const { event, memories } = await wallOfFifty();
    const scansBefore = await memoryScans();
    const buildsBefore = await wallBuilds();

    // The instance has never seen the event: 2,000 screens reconnect to it at once.
    const first = await storm(event.id);
    expect(JSON.parse(first.body).memories).toHaveLength(50);
    expect(await wallBuilds()).toBe(buildsBefore + 1);
    expect(await memoryScans()).toBe(scansBefore + 1);

    // A change announced on the wall's feed (a new version) that only the database can answer (the removal
    // of a memory the wall shows); once the instance has it (a screen's socket on it got it), every screen
    // refetches.
    const screen = await connectLive(`${api.url.replace('http', 'ws')}/ws?eventId=${event.id}`);
    await screen.joined();
    const removal = { type: LiveMessageType.MemoryDelete, memoryId: memories[7].id } as const;
    await publisher().publish(event.id, { public: removal, hosts: removal });
    await screen.next((m) => m.type === LiveMessageType.MemoryDelete && m.memoryId === removal.memoryId);
    screen.close();
    const second = await storm(event.id);
    expect(second.body).toBe(first.body);
    expect(await wallBuilds()).toBe(buildsBefore + 2);
    expect(await memoryScans()).toBe(scansBefore + 2);
  });

  it('moves a wall it follows on with a heart, and past the removal of a memory it does not show, without the database', async () => {
    const { event, memories } = await wallOfFifty();
    const first = await read(event.id); // built, and from now on the instance follows the wall's feed
    const builds = await wallBuilds();
    const screen = await connectLive(`${api.url.replace('http', 'ws')}/ws?eventId=${event.id}`);
    await screen.joined();

    const hearted = memories[12].id;
    const answer = await fetch(`${api.url}/api/events/${event.id}/memories/${hearted}/hearts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ deviceId: randomUUID() }),
    });
    expect(answer.status).toBe(200);
    await screen.next((m) => m.type === LiveMessageType.MemoryHearts && m.memoryId === hearted);
    const afterHeart = await read(event.id);
    // The bytes the database writes for the wall now, so the tag is the one any other instance gives it.
    const stored = await new TypeOrmMemoryRepository(t.dataSource.getRepository(Memory)).publicWallJson(
      event.id,
      'newest',
      500,
    );
    expect(afterHeart.body).toBe(`{"success":true,"memories":${stored}}`);
    expect(afterHeart.body).not.toBe(first.body);
    expect(afterHeart.etag).not.toBe(first.etag);

    const removal = { type: LiveMessageType.MemoryDelete, memoryId: randomUUID() } as const;
    await publisher().publish(event.id, { public: removal, hosts: removal });
    await screen.next((m) => m.type === LiveMessageType.MemoryDelete && m.memoryId === removal.memoryId);
    screen.close();
    const afterRemoval = await read(event.id);
    expect([afterRemoval.body, afterRemoval.etag]).toEqual([afterHeart.body, afterHeart.etag]);
    expect(await wallBuilds()).toBe(builds);
  });
});
