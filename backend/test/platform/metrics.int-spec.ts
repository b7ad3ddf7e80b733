import { JobName, LiveMessage, LiveMessageType, QueueName } from '@memory-wall/contracts';
import { RedisKeys } from '@memory-wall/core';
import { createEvent } from '@memory-wall/testkit/factories';
import { FakeOpenAi } from '@memory-wall/testkit/fake-openai';
import { ApiClient } from '@memory-wall/testkit/http';
import { connectLive, settle } from '@memory-wall/testkit/live-client';
import { useAppStack } from '@memory-wall/testkit/app-stack';
import { freePort } from '@memory-wall/testkit/processes';
import { waitFor } from '@memory-wall/testkit/wait';

const TOKEN = 'metrics-token-for-this-test-0123';

/** One scrape as series → value, e.g. `memorywall_live_joins_total{feed="public"}` → 1. */
async function scrape(port: number): Promise<Map<string, number>> {
  const response = await fetch(`http://127.0.0.1:${port}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  const series = new Map<string, number>();
  for (const line of (await response.text()).split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const at = line.lastIndexOf(' ');
    series.set(line.slice(0, at), Number(line.slice(at + 1)));
  }
  return series;
}

/** The value of `name` summed over its series whose labels include every one of `labels`. */
function total(series: Map<string, number>, name: string, labels: Record<string, string> = {}): number {
  let sum = 0;
  for (const [key, value] of series) {
    const brace = key.indexOf('{');
    if ((brace < 0 ? key : key.slice(0, brace)) !== name) continue;
    if (Object.entries(labels).every(([label, wanted]) => key.includes(`${label}="${wanted}"`))) sum += value;
  }
  return sum;
}

jest.setTimeout(60_000);

describe('metrics (/metrics on a port of its own, with a bearer token)', () => {
  const openai = new FakeOpenAi();
  let apiMetrics: number;
  let workerMetrics: number;
  const app = useAppStack({
    env: async () => {
      [apiMetrics, workerMetrics] = [await freePort(), await freePort()];
      return { METRICS_PORT: String(apiMetrics), METRICS_TOKEN: TOKEN };
    },
    openai: { fake: openai, workersOnly: true },
    workersEnv: () => ({ METRICS_PORT: String(workerMetrics), AI_RETRY_DELAY_MS: '200' }),
  });

  beforeAll(() =>
    waitFor(
      () =>
        fetch(`http://127.0.0.1:${workerMetrics}/metrics`).then(
          () => true,
          () => false,
        ),
      20_000,
      'the workers’ metrics port',
    ),
  );

  it('refuses a scrape without the token, or with another one', async () => {
    for (const port of [apiMetrics, workerMetrics]) {
      const without = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(without.status).toBe(401);
      expect(await without.text()).not.toContain('memorywall_');
      const wrong = await fetch(`http://127.0.0.1:${port}/metrics`, {
        headers: { authorization: `Bearer ${TOKEN.replace('0', '1')}` },
      });
      expect(wrong.status).toBe(401);
    }
    // Nor is it on the public port.
    expect((await fetch(`${app.api.url}/metrics`)).status).toBe(404);
  });

  it('counts requests by route, sockets and joins, broadcast lag, gap fills, jobs, moderation and the pools after real traffic', async () => {
    const event = await createEvent(app.t.dataSource, { moderationType: 'ai_moderation' });
    const screen = await connectLive(`${app.api.url.replace('http', 'ws')}/ws?eventId=${event.id}`);
    app.sockets.push(screen);
    await screen.joined();
    await settle();
    const guest = new ApiClient(app.api.url);
    const approvedIs = (id: string) => (m: LiveMessage) =>
      m.type === LiveMessageType.MemoryApproved && 'memory' in m && m.memory.id === id;

    const first = await guest.post(`/api/events/${event.id}/submissions/message`, {
      name: 'Guest',
      message: 'Congratulations',
    });
    expect(first.status).toBe(201);
    await screen.next(approvedIs(first.body.memory.id));

    // A message lost on its way to this instance (its pub/sub delivery never came): the next one shows the
    // gap, which is filled from the feed's log.
    const keys = new RedisKeys(app.t.env.REDIS_PREFIX);
    const lostSeq = await app.t.redis.incr(keys.liveSequence(event.id));
    await app.t.redis.rpush(
      keys.liveLog(event.id, false),
      `{"seq":${lostSeq},"type":"memory_delete","memoryId":"lost","eventId":"${event.id}","ts":${Date.now()}}`,
    );
    const second = await guest.post(`/api/events/${event.id}/submissions/message`, { name: 'Guest', message: 'Again' });
    await screen.next(approvedIs(second.body.memory.id));
    expect(screen.messages.some((m) => m.type === LiveMessageType.MemoryDelete && m.memoryId === 'lost')).toBe(true);

    // OpenAI down: held for a human, and the AI re-review job fails and is retried.
    openai.down = true;
    await guest.post(`/api/events/${event.id}/submissions/message`, { name: 'Guest', message: 'While OpenAI is away' });

    await waitFor(
      async () =>
        total(await scrape(workerMetrics), 'memorywall_job_retries_total', { job: JobName.ReviewWithAi }) >= 1,
      20_000,
      'a retried job',
    );
    openai.down = false;

    const apiSeries = await scrape(apiMetrics);
    const submissions = { method: 'POST', route: '/api/events/:eventId/submissions/message', status_code: '201' };
    expect(total(apiSeries, 'memorywall_http_request_duration_seconds_count', submissions)).toBe(3);
    expect(total(apiSeries, 'memorywall_http_request_duration_seconds_bucket', { ...submissions, le: '+Inf' })).toBe(3);
    expect(total(apiSeries, 'memorywall_live_sockets_open')).toBe(1);
    expect(total(apiSeries, 'memorywall_live_joins_total', { feed: 'public' })).toBe(1);
    expect(total(apiSeries, 'memorywall_live_broadcast_lag_seconds_count')).toBeGreaterThanOrEqual(2);
    expect(total(apiSeries, 'memorywall_live_gap_fills_total')).toBe(1);
    expect(total(apiSeries, 'memorywall_live_gap_fill_messages_total')).toBe(1);
    expect(total(apiSeries, 'memorywall_db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
    expect(total(apiSeries, 'memorywall_redis_connected', { connection: 'commands' })).toBe(1);
    expect(total(apiSeries, 'memorywall_redis_connected', { connection: 'live-subscriber' })).toBe(1);
    expect(total(apiSeries, 'memorywall_process_cpu_seconds_total')).toBeGreaterThan(0);

    const workerSeries = await scrape(workerMetrics);
    const processMemory = { queue: QueueName.Moderation, job: JobName.ProcessMemory };
    expect(total(workerSeries, 'memorywall_job_wait_seconds_count', processMemory)).toBe(3);
    expect(
      total(workerSeries, 'memorywall_job_duration_seconds_count', { ...processMemory, outcome: 'completed' }),
    ).toBe(3);
    expect(total(workerSeries, 'memorywall_queue_jobs', { queue: QueueName.Moderation, state: 'completed' })).toBe(3);
    expect(
      [...workerSeries.keys()].filter(
        (key) => key.startsWith('memorywall_queue_jobs{') && key.includes(`queue="${QueueName.Media}"`),
      ),
    ).toContain(`memorywall_queue_jobs{queue="${QueueName.Media}",state="waiting"}`);
    expect(
      total(workerSeries, 'memorywall_moderation_outcomes_total', { mode: 'ai_moderation', outcome: 'approved' }),
    ).toBe(2);
    expect(
      total(workerSeries, 'memorywall_moderation_outcomes_total', { mode: 'ai_moderation', outcome: 'ai_unavailable' }),
    ).toBe(1);
    expect(total(workerSeries, 'memorywall_ai_moderation_duration_seconds_count', { outcome: 'clean' })).toBe(2);
    expect(
      total(workerSeries, 'memorywall_ai_moderation_duration_seconds_count', { outcome: 'unavailable' }),
    ).toBeGreaterThanOrEqual(2);
    expect(total(workerSeries, 'memorywall_job_failures_total')).toBe(0);
    expect(total(workerSeries, 'memorywall_db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
  });
});
