import { createRedis, isCluster, LiveChange, LivePublisher, RedisKeys } from '@memory-wall/core';
import { atFixedRate } from '../lib/ticker';
import type { FanoutRun } from './fanout-run';

/**
 * The product's message source in the fan-out case: the workers' LivePublisher (its Lua script, on a
 * connection set up as the workers' is), in a process of its own as the workers are. The load side's core
 * then holds only the fleet, as it does for the baseline, which makes its frames inside its own server.
 * Driven over IPC like the baseline: {cmd:'run', rate, durationMs, eventIds, changes}.
 */

interface RunCommand extends FanoutRun {
  /** Per event: what an approval tells its feeds. */
  changes: LiveChange[];
}

/**
 * LivePublisher stamps `ts` with Date.now() before its first await. While it is called, Date.now() gives
 * the time the message was due instead, as the baseline stamps it: a publisher running late adds its delay
 * to the measured latency rather than hiding it.
 */
function publishDueAt(dueAt: number, publish: () => Promise<void>): Promise<void> {
  const now = Date.now;
  Date.now = () => Math.floor(dueAt);
  try {
    return publish();
  } finally {
    Date.now = now;
  }
}

// Connected as the workers are: to the single Redis, or to the cluster REDIS_CLUSTER_NODES lists.
const target = {
  REDIS_URL: process.env.REDIS_URL!,
  REDIS_CLUSTER_NODES: process.env.REDIS_CLUSTER_NODES?.split(',').filter(Boolean) ?? [],
};
const redis = createRedis(target, { failFast: true, autoPipelining: true });
const publisher = new LivePublisher(redis, new RedisKeys(process.env.REDIS_PREFIX!, isCluster(target)));

process.on('message', (message: RunCommand) => void run(message));

async function run(message: RunCommand) {
  if (message.cmd !== 'run') return;
  const published = message.eventIds.map(() => 0);
  const pending: Array<Promise<void>> = [];
  let failed = 0;
  const fired = await atFixedRate(message.rate, message.durationMs, (i, dueAt) => {
    const e = i % message.eventIds.length;
    published[e]++;
    pending.push(
      publishDueAt(dueAt, () => publisher.publish(message.eventIds[e], message.changes[e])).catch(() => void failed++),
    );
  });
  await Promise.all(pending);
  process.send!({ cmd: 'done', fired, published, failed });
}

redis.once('ready', () => process.send!({ cmd: 'ready' }));
process.on('SIGTERM', () => {
  redis.disconnect();
  process.exit(0);
});
