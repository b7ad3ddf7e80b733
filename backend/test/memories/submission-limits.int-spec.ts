import { randomUUID } from 'node:crypto';
import { PHOTOS_AT_ONCE_MAX, SUBMISSION_ID_HEADER } from '@memory-wall/contracts';
import { createEvent } from '@memory-wall/testkit/factories';
import { ApiClient } from '@memory-wall/testkit/http';
import { multipart, pngOf } from '@memory-wall/testkit/images';
import { RunningProcess, startApi } from '@memory-wall/testkit/processes';
import { createTestEnvironment, TestEnvironment } from '@memory-wall/testkit/test-environment';

/** Submissions per client address and event are limited across instances; a spoofed header gets nothing. */
describe('submission rate limits across two API instances', () => {
  let t: TestEnvironment;
  let a: RunningProcess;
  let b: RunningProcess;

  beforeAll(async () => {
    t = await createTestEnvironment();
    // No proxy in front: X-Forwarded-For comes from the client and must be ignored.
    const env = { ...t.env, SUBMISSIONS_PER_MINUTE: '5', TRUST_PROXY: '0' };
    [a, b] = await Promise.all([startApi(env), startApi(env)]);
  });

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await t?.cleanup();
  });

  const submit = (instance: RunningProcess, eventId: string, spoof?: string) =>
    new ApiClient(instance.url).post(
      `/api/events/${eventId}/submissions/message`,
      { name: 'Flood', message: 'again' },
      spoof ? { 'x-forwarded-for': spoof } : {},
    );

  it('refuses the 6th submission within a minute, on either instance, whatever X-Forwarded-For claims', async () => {
    const event = await createEvent(t.dataSource);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await submit(i % 2 ? a : b, event.id, `198.51.100.${i}`)).status);
    expect(statuses).toEqual([201, 201, 201, 201, 201]);
    for (const instance of [a, b]) {
      const res = await submit(instance, event.id, '203.0.113.99');
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(res.body.message).toBe('Too many memories from this connection. Please wait a moment and try again.');
    }
  });

  it('counts each event separately', async () => {
    const [one, two] = await Promise.all([createEvent(t.dataSource), createEvent(t.dataSource)]);
    for (let i = 0; i < 5; i++) await submit(a, one.id);
    expect((await submit(a, one.id)).status).toBe(429);
    expect((await submit(a, two.id)).status).toBe(201);
  });
});

/** A guest's photos picked at once go as one submission each: the default limit lets them all through. */
describe('photos picked at once, under the default submission limit', () => {
  let t: TestEnvironment;
  let api: RunningProcess;

  beforeAll(async () => {
    t = await createTestEnvironment();
    api = await startApi({ ...t.env, TRUST_PROXY: '0' });
  });

  afterAll(async () => {
    await api?.stop();
    await t?.cleanup();
  });

  it(`takes ${PHOTOS_AT_ONCE_MAX} photos in a row from one address, each with its own submission id`, async () => {
    const event = await createEvent(t.dataSource);
    const photo = await pngOf(64, 48);
    const statuses: number[] = [];
    for (let i = 0; i < PHOTOS_AT_ONCE_MAX; i++) {
      const res = await new ApiClient(api.url).post(
        `/api/events/${event.id}/submissions/photo`,
        multipart('photo', photo, `IMG_${i}.png`, { name: 'Aunt May' }),
        { [SUBMISSION_ID_HEADER]: randomUUID() },
      );
      statuses.push(res.status);
    }
    expect(statuses).toEqual(Array.from({ length: PHOTOS_AT_ONCE_MAX }, () => 201));
  });
});
