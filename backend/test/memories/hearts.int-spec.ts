import { randomUUID } from 'node:crypto';
import { HeartMessages, LiveMessage, LiveMessageType, MemoryMessages, ModerationType } from '@memory-wall/contracts';
import { Memory } from '@memory-wall/core';
import { createEvent } from '@memory-wall/testkit/factories';
import { hostedEvent } from '@memory-wall/testkit/hosted-event';
import { ApiClient } from '@memory-wall/testkit/http';
import { connectLive, LiveClient } from '@memory-wall/testkit/live-client';
import { RunningProcess, startApi } from '@memory-wall/testkit/processes';
import { createTestEnvironment, TestEnvironment } from '@memory-wall/testkit/test-environment';

/** Instance B allows this many hearts per address and event per minute; A the default. */
const B_HEARTS_PER_MINUTE = 5;

/**
 * Guests' hearts (issue #27): one per device and memory however they arrive (again, at once, on two
 * instances), only on the public wall's memories, and every new count announced on both feeds.
 */
describe('hearts', () => {
  let t: TestEnvironment;
  let apiA: RunningProcess;
  let apiB: RunningProcess;
  const clients: LiveClient[] = [];

  beforeAll(async () => {
    t = await createTestEnvironment();
    [apiA, apiB] = await Promise.all([
      startApi(t.env),
      startApi({ ...t.env, HEARTS_PER_MINUTE: String(B_HEARTS_PER_MINUTE) }),
    ]);
  });

  afterAll(async () => {
    clients.forEach((c) => c.close());
    await Promise.all([apiA?.stop(), apiB?.stop()]);
    await t?.cleanup();
  });

  const memories = () => t.dataSource.getRepository(Memory);
  const newMemory = async (eventId: string, fields: Partial<Memory> = {}) =>
    (
      await memories().save({
        eventId,
        author: 'Guest',
        content: 'Hello',
        approved: true,
        processingState: 'ready',
        ...fields,
      })
    ).id;
  const heart = (apiUrl: string, eventId: string, memoryId: string, deviceId: string = randomUUID()) =>
    new ApiClient(apiUrl).request('POST', `/api/events/${eventId}/memories/${memoryId}/hearts`, { deviceId });
  const heartRows = async (memoryId: string) =>
    Number(
      (
        await t.dataSource.query<Array<{ n: number }>>(
          `SELECT count(*)::int AS n FROM "memory_hearts" WHERE "memoryId" = $1`,
          [memoryId],
        )
      )[0].n,
    );

  it('counts a device once, and the public wall shows the count', async () => {
    const event = await createEvent(t.dataSource);
    const memoryId = await newMemory(event.id);
    const device = randomUUID();

    const first = await heart(apiA.url, event.id, memoryId, device);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ success: true, memoryId, hearts: 1, counted: true });
    const again = await heart(apiB.url, event.id, memoryId, device);
    expect(again.body).toEqual({ success: true, memoryId, hearts: 1, counted: false });
    const other = await heart(apiA.url, event.id, memoryId);
    expect(other.body).toMatchObject({ hearts: 2, counted: true });

    expect(await heartRows(memoryId)).toBe(2);
    const wall = await new ApiClient(apiB.url).request('GET', `/api/events/${event.id}/memories`);
    expect(wall.body.memories).toEqual([expect.objectContaining({ id: memoryId, hearts: 2 })]);
  });

  it('counts every one of many devices hearting at once, and a device hearting at once still once', async () => {
    const event = await createEvent(t.dataSource);
    const memoryId = await newMemory(event.id);
    const devices = Array.from({ length: 60 }, () => randomUUID());
    // Each device twice, all at once: the repeats race their first heart.
    const answers = await Promise.all(
      [...devices, ...devices].map((device) => heart(apiA.url, event.id, memoryId, device)),
    );

    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    expect(answers.filter((a) => a.body.counted)).toHaveLength(devices.length);
    expect(Math.max(...answers.map((a) => a.body.hearts as number))).toBe(devices.length);
    expect((await memories().findOneByOrFail({ id: memoryId })).hearts).toBe(devices.length);
    expect(await heartRows(memoryId)).toBe(devices.length);
  });

  it("announces a new count on the public feed of another instance and on the hosts' feed, once", async () => {
    const { event, host } = await hostedEvent(t.dataSource, apiA.url, ModerationType.AutoApprove);
    const memoryId = await newMemory(event.id, { hearts: 4 });
    const wsA = apiA.url.replace('http', 'ws');
    const guestSocket = await connectLive(`${wsA}/ws?eventId=${event.id}`);
    const hostSocket = await connectLive(`${wsA}/ws?eventId=${event.id}`, undefined, host.cookie);
    clients.push(guestSocket, hostSocket);
    const joined = await Promise.all([guestSocket.joined(), hostSocket.joined()]);
    expect(joined.map((j) => j.feed)).toEqual(['public', 'hosts']);

    const device = randomUUID();
    expect((await heart(apiB.url, event.id, memoryId, device)).body.hearts).toBe(5);
    const isHearts = (m: LiveMessage) => m.type === LiveMessageType.MemoryHearts;
    for (const socket of [guestSocket, hostSocket]) {
      expect(await socket.next(isHearts)).toMatchObject({
        type: 'memory_hearts',
        eventId: event.id,
        memoryId,
        hearts: 5,
      });
    }

    // A repeat changes nothing, so it announces nothing: the next message is the next new heart's.
    await heart(apiB.url, event.id, memoryId, device);
    await heart(apiB.url, event.id, memoryId);
    await guestSocket.next((m) => isHearts(m) && 'hearts' in m && m.hearts === 6);
    expect(guestSocket.messages.filter(isHearts)).toHaveLength(2);
  });

  it("finds no memory that is not on the public wall, nor another event's", async () => {
    const event = await createEvent(t.dataSource);
    const other = await createEvent(t.dataSource);
    const notPublic = await Promise.all([
      newMemory(event.id, { approved: false }),
      newMemory(event.id, { flagged: true }),
      newMemory(event.id, { processingState: 'processing' }),
      newMemory(event.id, { publicAt: new Date(Date.now() + 600_000) }),
      newMemory(other.id),
    ]);

    for (const memoryId of notPublic) {
      const answer = await heart(apiA.url, event.id, memoryId);
      expect(answer.status).toBe(404);
      expect(answer.body.message).toBe(MemoryMessages.memoryNotFound);
      expect(await heartRows(memoryId)).toBe(0);
    }
    expect((await heart(apiA.url, event.id, randomUUID())).status).toBe(404);
    expect(await memories().sum('hearts', { eventId: event.id })).toBe(0);
  });

  it('refuses a device id that is no UUID, and too many hearts from one address', async () => {
    const event = await createEvent(t.dataSource);
    const memoryId = await newMemory(event.id);
    const client = new ApiClient(apiB.url);
    const path = `/api/events/${event.id}/memories/${memoryId}/hearts`;

    const bad = await client.request('POST', path, { deviceId: 'phone-1' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(HeartMessages.deviceIdInvalid);
    expect((await client.request('POST', path, {})).status).toBe(400);

    const answers = [];
    for (let i = 0; i <= B_HEARTS_PER_MINUTE; i++) answers.push(await heart(apiB.url, event.id, memoryId));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 429]);
    const refused = answers[B_HEARTS_PER_MINUTE];
    expect(refused.body.message).toBe(HeartMessages.tooManyHearts);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await memories().findOneByOrFail({ id: memoryId })).hearts).toBe(B_HEARTS_PER_MINUTE);
  });
});
