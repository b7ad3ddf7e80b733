import { Agent, get } from 'node:http';
import { LiveMessageType } from '@memory-wall/contracts';
import { LivePublisher, Memory, RedisKeys } from '@memory-wall/core';
import { createEvent } from '@memory-wall/testkit/factories';
import { connectLive } from '@memory-wall/testkit/live-client';
import { freePort, RunningProcess, startApi } from '@memory-wall/testkit/processes';
import { createTestEnvironment, TestEnvironment } from '@memory-wall/testkit/test-environment';

const TOKEN = 'metrics-token-for-the-storm-test-01';

export interface WallAnswer {
  status: number;
  etag: string;
  body: string;
}

/**
 * One API instance whose walls many screens read at once (issue #30), for the integration test (a storm of
 * a few hundred screens, in `npm test`) and fault scenario 12 (2,000 screens, in `npm run test:faults`).
 * Registers beforeAll and afterAll; the fields are filled in before the file's tests run.
 */
export interface WallStorm {
  t: TestEnvironment;
  api: RunningProcess;
  /** One read of the wall, on a connection of its own, as a reconnecting screen makes it. */
  read(eventId: string): Promise<WallAnswer>;
  /** `screens` reads at once: each answered 200 with one and the same body and tag, which it returns. */
  storm(eventId: string, screens: number): Promise<WallAnswer>;
  /** How many times the instance built a wall (its metric). */
  wallBuilds(): Promise<number>;
  /** Scans of the memories table that PostgreSQL counted (by index, or sequential). */
  memoryScans(): Promise<number>;
  /** An event whose wall shows 50 messages. */
  wallOfFifty(): Promise<{ eventId: string; memories: Memory[] }>;
  /**
   * The removal of a memory announced on the wall's feed (a new version); resolves once the instance has it
   * (a screen's socket on it got it).
   */
  announceRemoval(eventId: string, memoryId: string): Promise<void>;
}

export function useWallStorm(): WallStorm {
  let metricsPort: number;
  // One socket per screen, all opened at once, as reconnecting screens do.
  const agent = new Agent({ keepAlive: false, maxSockets: Infinity });
  const s = {} as WallStorm;

  beforeAll(async () => {
    s.t = await createTestEnvironment();
    metricsPort = await freePort();
    s.api = await startApi({ ...s.t.env, METRICS_PORT: String(metricsPort), METRICS_TOKEN: TOKEN });
  });
  afterAll(async () => {
    agent.destroy();
    await s.api?.stop();
    await s.t?.cleanup();
  });

  s.read = (eventId) =>
    new Promise((resolve, reject) => {
      get(`${s.api.url}/api/events/${eventId}/memories`, { agent }, (response) => {
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

  s.storm = async (eventId, screens) => {
    const answers = await Promise.all(Array.from({ length: screens }, () => s.read(eventId)));
    expect(answers.filter((a) => a.status !== 200)).toEqual([]);
    expect(new Set(answers.map((a) => `${a.etag} ${a.body}`)).size).toBe(1);
    return answers[0];
  };

  s.wallBuilds = async () => {
    const text = await (
      await fetch(`http://127.0.0.1:${metricsPort}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })
    ).text();
    const line = text.split('\n').find((l) => l.startsWith('memorywall_wall_builds_total '));
    return Number(line?.split(' ')[1]);
  };

  // A backend reports its counts when idle, but at most once a second, else up to 10 s later; a backend that
  // exits reports them at once. So the other connections to the test's database (the API's pool, which opens
  // new ones) are ended first, waiting for each to exit, and the counts read after that are complete.
  s.memoryScans = async () => {
    await s.t.dataSource.query(
      `SELECT pg_terminate_backend(pid, 10000) FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid()`,
    );
    const [{ n }] = await s.t.dataSource.query(
      `SELECT COALESCE(idx_scan, 0) + seq_scan AS n FROM pg_stat_user_tables WHERE relname = 'memories'`,
    );
    return Number(n);
  };

  s.wallOfFifty = async () => {
    const event = await createEvent(s.t.dataSource);
    const memories = await s.t.dataSource.getRepository(Memory).save(
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
    return { eventId: event.id, memories };
  };

  s.announceRemoval = async (eventId, memoryId) => {
    const screen = await connectLive(`${s.api.url.replace('http', 'ws')}/ws?eventId=${eventId}`);
    try {
      await screen.joined();
      const removal = { type: LiveMessageType.MemoryDelete, memoryId } as const;
      await new LivePublisher(s.t.redis, new RedisKeys(s.t.env.REDIS_PREFIX)).publish(eventId, {
        public: removal,
        hosts: removal,
      });
      await screen.next((m) => m.type === LiveMessageType.MemoryDelete && m.memoryId === memoryId);
    } finally {
      screen.close();
    }
  };
  return s;
}
