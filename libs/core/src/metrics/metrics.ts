import type { RedisClient } from '../redis/redis.module';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** Every series starts with this, so they are easy to tell from other services' in one Prometheus. */
const PREFIX = 'memorywall_';

/** Seconds: from a cached read (~0.1 ms) to a slow upload (10 s). */
const LATENCY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Seconds a job waits or runs: the targets are about a second from submission to wall. */
const JOB_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300];

/** A reading taken when Prometheus scrapes, never on the paths it describes. */
export type Reading = () => number;

/**
 * The one definition of every metric of the API and the workers, each process with a registry of its own
 * (so several apps in one test process do not collide). Processes register what they can read at scrape
 * time (sockets open, pool use, queue depth) with the watch* methods; the paths being measured only
 * increment counters or observe histograms.
 */
export class Metrics {
  readonly registry = new Registry();

  readonly httpRequestDuration = new Histogram({
    name: `${PREFIX}http_request_duration_seconds`,
    help: 'API request latency by route pattern (not URL), method and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });

  readonly liveJoins = new Counter({
    name: `${PREFIX}live_joins_total`,
    help: 'Sockets that joined a live feed on this instance, by feed (public or hosts)',
    labelNames: ['feed'] as const,
    registers: [this.registry],
  });

  readonly liveBroadcastLag = new Histogram({
    name: `${PREFIX}live_broadcast_lag_seconds`,
    help: 'From a live message published (its ts) to its write to this instance’s sockets',
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });

  readonly liveGapFills = new Counter({
    name: `${PREFIX}live_gap_fills_total`,
    help: 'Gaps in a live feed (a lost subscription, a reconnect) filled from the feed’s log',
    registers: [this.registry],
  });

  readonly liveGapFillMessages = new Counter({
    name: `${PREFIX}live_gap_fill_messages_total`,
    help: 'Live messages delivered from the feed’s log rather than from pub/sub',
    registers: [this.registry],
  });

  readonly wallBuilds = new Counter({
    name: `${PREFIX}wall_builds_total`,
    help: 'Public wall bodies built from the database (one per event, order and version, however many read it)',
    registers: [this.registry],
  });

  readonly jobWait = new Histogram({
    name: `${PREFIX}job_wait_seconds`,
    help: 'From a job due (added, or its delay over) to a worker starting it, by queue and job',
    labelNames: ['queue', 'job'] as const,
    buckets: JOB_BUCKETS,
    registers: [this.registry],
  });

  readonly jobDuration = new Histogram({
    name: `${PREFIX}job_duration_seconds`,
    help: 'Processing time of one job attempt, by queue, job and outcome (completed or failed)',
    labelNames: ['queue', 'job', 'outcome'] as const,
    buckets: JOB_BUCKETS,
    registers: [this.registry],
  });

  readonly jobFailures = new Counter({
    name: `${PREFIX}job_failures_total`,
    help: 'Job attempts that failed for good (no attempts left), by queue and job',
    labelNames: ['queue', 'job'] as const,
    registers: [this.registry],
  });

  readonly jobRetries = new Counter({
    name: `${PREFIX}job_retries_total`,
    help: 'Job attempts that failed and will be tried again, by queue and job',
    labelNames: ['queue', 'job'] as const,
    registers: [this.registry],
  });

  readonly moderationOutcomes = new Counter({
    name: `${PREFIX}moderation_outcomes_total`,
    help: 'Memories finished by the workers, by the event’s moderation mode and the outcome',
    labelNames: ['mode', 'outcome'] as const,
    registers: [this.registry],
  });

  readonly aiModerationDuration = new Histogram({
    name: `${PREFIX}ai_moderation_duration_seconds`,
    help: 'OpenAI moderation calls, by outcome (clean, flagged or unavailable)',
    labelNames: ['outcome'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });

  private readonly openSockets = this.readings(`${PREFIX}live_sockets_open`, 'Open live sockets on this instance', []);
  private readonly queueJobs = this.readings(
    `${PREFIX}queue_jobs`,
    'Jobs in a queue by state (waiting, active, delayed, failed…)',
    ['queue', 'state'],
  );
  private readonly dbPool = this.readings(
    `${PREFIX}db_pool_connections`,
    'PostgreSQL pool connections by state (total, idle, waiting clients)',
    ['state'],
  );
  private readonly redisPending = this.readings(
    `${PREFIX}redis_commands_pending`,
    'Commands sent to Redis and not yet answered, plus those queued while offline, by connection',
    ['connection'],
  );
  private readonly redisConnected = this.readings(
    `${PREFIX}redis_connected`,
    '1 while the Redis connection is ready, by connection',
    ['connection'],
  );

  constructor() {
    collectDefaultMetrics({ register: this.registry, prefix: PREFIX });
  }

  watchOpenSockets(count: Reading) {
    this.openSockets.sources.set('', () => [[{}, count()]]);
  }

  /** `counts` is asked at scrape time: BullMQ's getJobCounts, one round trip per queue. */
  watchQueue(queue: string, counts: () => Promise<Record<string, number>>) {
    this.queueJobs.sources.set(queue, async () =>
      Object.entries(await counts()).map(([state, n]) => [{ queue, state }, n]),
    );
  }

  watchDatabasePool(pool: { totalCount: number; idleCount: number; waitingCount: number }) {
    this.dbPool.sources.set('', () => [
      [{ state: 'total' }, pool.totalCount],
      [{ state: 'idle' }, pool.idleCount],
      [{ state: 'waiting' }, pool.waitingCount],
    ]);
  }

  /** ioredis keeps the commands awaiting replies and those held while offline in these two queues. */
  watchRedis(connection: string, redis: RedisClient) {
    const queues = redis as unknown as { commandQueue?: { length: number }; offlineQueue?: { length: number } };
    this.redisPending.sources.set(connection, () => [
      [{ connection }, (queues.commandQueue?.length ?? 0) + (queues.offlineQueue?.length ?? 0)],
    ]);
    this.redisConnected.sources.set(connection, () => [[{ connection }, redis.status === 'ready' ? 1 : 0]]);
  }

  /** The text Prometheus scrapes. */
  exposition(): Promise<string> {
    return this.registry.metrics();
  }

  /** A gauge whose values are read from its sources when scraped (a source that fails is left out). */
  private readings<L extends string>(name: string, help: string, labelNames: L[]) {
    type Values = Array<[Partial<Record<L, string>>, number]>;
    const sources = new Map<string, () => Values | Promise<Values>>();
    new Gauge<L>({
      name,
      help,
      labelNames,
      registers: [this.registry],
      async collect() {
        this.reset();
        const read = await Promise.all(
          [...sources.values()].map((source) =>
            Promise.resolve()
              .then(source)
              .catch(() => [] as Values),
          ),
        );
        for (const [labels, value] of read.flat()) this.set(labels, value);
      },
    });
    return { sources };
  }
}
