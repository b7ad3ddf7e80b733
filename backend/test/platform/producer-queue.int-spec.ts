import { once } from 'node:events';
import type { Queue } from 'bullmq';
import type Redis from 'ioredis';
import { QueueName } from '@memory-wall/contracts';
import { createRedis, producerQueue } from '@memory-wall/core';
import { TcpProxy } from '@memory-wall/testkit/tcp-proxy';
import { TEST_REDIS_URL } from '@memory-wall/testkit/test-environment';
import { waitFor } from '@memory-wall/testkit/wait';

/**
 * A producer's queue (the API's enqueues, the workers' outbox relay) is made on a connection that fails fast.
 * Made in the moment that connection drops, it works again once the connection is back: it used to keep
 * failing for the life of the process ("Stream isn't writeable"), and the relay never relayed again.
 */
describe('a producer queue made as its Redis connection drops', () => {
  let proxy: TcpProxy;
  let connection: Redis;
  let queue: Queue | undefined;

  beforeAll(async () => {
    const redis = new URL(TEST_REDIS_URL);
    proxy = new TcpProxy([{ port: Number(redis.port || 6379), host: redis.hostname }]);
    await proxy.start();
    connection = createRedis(`redis://127.0.0.1:${proxy.port}`, { failFast: true });
    connection.on('error', () => undefined);
    await once(connection, 'ready');
  });

  afterAll(async () => {
    await queue?.obliterate({ force: true }).catch(() => undefined);
    await queue?.close();
    connection.disconnect();
    await proxy.stop();
  });

  it('takes jobs once the connection is back', async () => {
    const prefix = `producer-queue-${Date.now().toString(36)}`;
    // Made when the connection has seen the drop but not yet closed (its state still says ready).
    const made = new Promise<Queue>((resolve) =>
      connection.stream.once('end', () => resolve(producerQueue(QueueName.DomainEvents, connection, { prefix }))),
    );
    proxy.drop();
    queue = await made;
    proxy.restore();

    await waitFor(
      () =>
        queue!.add('probe', {}).then(
          () => true,
          () => false,
        ),
      15_000,
      'a job added once Redis is back',
    );
    expect(await queue.getJobCounts('waiting')).toEqual({ waiting: 1 });
  });
});
