import { In } from 'typeorm';
import { ProcessingState } from '@memory-wall/contracts';
import { Memory } from '@memory-wall/core';
import { createAccount } from '@memory-wall/testkit/accounts';
import { useAppStack } from '@memory-wall/testkit/app-stack';
import { createEvent } from '@memory-wall/testkit/factories';
import { ApiClient, signedIn } from '@memory-wall/testkit/http';
import { gpsTaggedJpeg, multipart } from '@memory-wall/testkit/images';
import { processed } from '@memory-wall/testkit/memories';
import { RunningProcess, startWorkers } from '@memory-wall/testkit/processes';

/**
 * docs/operations.md: losing Redis's data loses nothing that was acknowledged (the memory row is the durable
 * record, the workers' outbox sweeper enqueues it again); what is lost is the sessions.
 */
describe("Redis's data lost between a guest's 201 and the workers", () => {
  // Started by the test once Redis's data is gone; stopped before the stack (hooks run in declaration order).
  let workers: RunningProcess | undefined;
  afterAll(() => workers?.stop());
  const app = useAppStack({ workers: false, tempDirs: ['STORAGE_DIR'] });

  /** Every key of this deployment, as on a Redis that came back with an empty data directory. */
  async function loseRedisData() {
    const keys = await app.t.redis.keys(`${app.t.env.REDIS_PREFIX}:*`);
    expect(keys.some((key) => key.includes(':bull:'))).toBe(true);
    await app.t.redis.unlink(...keys);
  }

  it('still puts every acknowledged memory on the wall, and only asks the signed-in to sign in again', async () => {
    const event = await createEvent(app.t.dataSource);
    const host = await signedIn(app.api.url, await createAccount(app.t.dataSource, 'customer'));
    expect((await host.get('/api/auth/me')).status).toBe(200);

    // No workers yet: the jobs wait in Redis when its data is lost.
    const guest = new ApiClient(app.api.url);
    const message = await guest.post(`/api/events/${event.id}/submissions/message`, {
      name: 'Nana',
      message: 'Still here',
    });
    const photo = await guest.post(
      `/api/events/${event.id}/submissions/photo`,
      multipart('photo', await gpsTaggedJpeg(900, 600), 'IMG_7.JPG', { name: 'Lee' }),
    );
    expect([message.status, photo.status]).toEqual([201, 201]);
    const ids = [message.body.memory.id, photo.body.memory.id];
    const stored = await app.t.dataSource.getRepository(Memory).findBy({ id: In(ids) });
    expect(stored.map((m) => m.processingState)).toEqual([ProcessingState.Processing, ProcessingState.Processing]);

    await loseRedisData();
    workers = startWorkers({ ...app.t.env, ...app.dirs });

    for (const id of ids) expect(await processed(app.t.dataSource, id, 40_000)).toMatchObject({ approved: true });
    const wall = await guest.get(`/api/events/${event.id}/memories`);
    expect(wall.body.memories.map((m: { id: string }) => m.id).sort()).toEqual([...ids].sort());

    expect((await host.get('/api/auth/me')).status).toBe(401);
  });
});
