import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { connect, Socket } from 'node:net';
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

  /** The drawings' sockets, closed after each test (an instance stopping would wait for their bodies). */
  const sockets: Socket[] = [];
  afterEach(() => sockets.splice(0).forEach((socket) => socket.destroy()));

  /** Sends a drawing's head announcing 3 MB of JSON, and a few bytes of the body, never the rest. */
  function drawingHead(instance: RunningProcess, eventId: string): { socket: Socket; answer: () => string } {
    const { hostname, port } = new URL(instance.url);
    const socket = connect(Number(port), hostname).setEncoding('utf8');
    sockets.push(socket);
    let answer = '';
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.write(
      `POST /api/events/${eventId}/submissions/drawing HTTP/1.1\r\nHost: ${hostname}:${port}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${3 * 1024 * 1024 - 1}\r\n\r\n{"name":"Flood",`,
    );
    return { socket, answer: () => answer };
  }

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

  it('answers drawings past the limit with 429 before reading their bodies, whatever event they name (B1)', async () => {
    // Five drawings to events that need not exist: each is counted as it arrives, then waits for its body.
    const waiting = [];
    for (let i = 0; i < 5; i++) {
      waiting.push(drawingHead(b, randomUUID()));
      // A message through the same instance after it: once it is answered, the drawing's head was read.
      await submit(b, randomUUID());
    }
    expect(waiting.map((drawing) => drawing.answer())).toEqual(Array(5).fill(''));

    // The sixth is refused at once, its body unread.
    const sixth = drawingHead(b, randomUUID());
    await once(sixth.socket, 'data');
    expect(sixth.answer()).toMatch(/^HTTP\/1\.1 429 /);
    expect(sixth.answer().toLowerCase()).toMatch(/\r\nretry-after: [1-9]/);
    expect(sixth.answer()).toContain('Too many memories from this connection');
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
