import { RedisKeys } from '@memory-wall/core';
import { EventFeeds } from './event-feeds';
import { createEvent } from './factories';
import { RunningProcess, startApi, startWorkers } from './processes';
import { OwnRedisCluster } from './redis-cluster';
import { createTestEnvironment, TestEnvironment } from './test-environment';

/** API instances and the workers on a Redis Cluster of the test's own (REDIS_CLUSTER_NODES). */
export interface ClusterStack {
  cluster: OwnRedisCluster;
  t: TestEnvironment;
  apis: RunningProcess[];
  workers: RunningProcess;
  /** The deployment's key names, as the processes use them on a cluster. */
  keys: RedisKeys;
  /** Creates `count` live, auto-approved events and opens a screen of each on every instance. */
  watchNewEvents(count: number): Promise<EventFeeds>;
  /** Closes the screens, stops the processes, drops the database and the cluster. */
  stop(): Promise<void>;
}

/**
 * Starts a Redis Cluster (3 masters with replicas, `nodeTimeoutMs` as OwnRedisCluster), `instances` API
 * instances and the workers on it; guests may post without a rate limit.
 */
export async function startClusterStack({ instances = 3, nodeTimeoutMs = 2000 } = {}): Promise<ClusterStack> {
  const cluster = await OwnRedisCluster.start({ nodeTimeoutMs });
  const t = await createTestEnvironment();
  const env = { ...t.env, REDIS_CLUSTER_NODES: cluster.startupNodes, SUBMISSIONS_PER_MINUTE: '100000' };
  const apis = await Promise.all(Array.from({ length: instances }, () => startApi(env)));
  const workers = startWorkers({ ...env, MODERATION_CONCURRENCY: '32' });
  const opened: EventFeeds[] = [];
  return {
    cluster,
    t,
    apis,
    workers,
    keys: new RedisKeys(t.env.REDIS_PREFIX, true),
    async watchNewEvents(count) {
      const events = await Promise.all(Array.from({ length: count }, () => createEvent(t.dataSource)));
      const feeds = await EventFeeds.open(
        apis,
        events.map((e) => e.id),
      );
      opened.push(feeds);
      return feeds;
    },
    async stop() {
      opened.forEach((feeds) => feeds.close());
      await Promise.all([...apis.map((api) => api.stop()), workers.stop()]);
      await t.cleanup();
      await cluster.destroy();
    },
  };
}
