import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { Memory } from '@memory-wall/core';
import { RequestMessages } from '@memory-wall/contracts';
import { createAccount } from '@memory-wall/testkit/accounts';
import { countMemories, createEvent, postMessage } from '@memory-wall/testkit/factories';
import { ApiClient } from '@memory-wall/testkit/http';
import { multipart } from '@memory-wall/testkit/images';
import { testVoice, TusClient } from '@memory-wall/testkit/videos';
import { RunningProcess, startApi } from '@memory-wall/testkit/processes';
import { createTestEnvironment, TestEnvironment } from '@memory-wall/testkit/test-environment';

/** An object of `count` keys `field0`, `field1`, … on top of `base`: the shape class-transformer de-duplicates slowly. */
function manyKeys(count: number, base: Record<string, unknown> = {}) {
  const body: Record<string, unknown> = { ...base };
  for (let i = 0; i < count; i++) body[`field${i}`] = 0;
  return body;
}

/** An error answer small enough to be a complaint, not an echo of the request. */
const SMALL_ANSWER = 2_000;

/** What the API accepts of a request before a route sees it: size, key count, nesting, NUL characters. */
describe('request limits', () => {
  let t: TestEnvironment;
  let api: RunningProcess;
  let guest: ApiClient;
  let eventId: string;

  beforeAll(async () => {
    t = await createTestEnvironment();
    api = await startApi({ ...t.env, SUBMISSIONS_PER_MINUTE: '100000' });
    guest = new ApiClient(api.url);
    eventId = (await createEvent(t.dataSource)).id;
  });

  afterAll(async () => {
    await api?.stop();
    await t?.cleanup();
  });

  it('refuses a body of 150,000 keys that fits the drawing route with a short 400, while other requests are answered', async () => {
    const drawing = manyKeys(150_000, { name: 'Flood', content: 'data:image/png;base64,AAAA' });
    expect(JSON.stringify(drawing).length).toBeGreaterThan(2 * 1024 * 1024);
    const [attack, ...others] = await Promise.all([
      guest.post(`/api/events/${eventId}/submissions/drawing`, drawing),
      guest.get('/api/health'),
      guest.get(`/api/events/${eventId}/memories`),
      postMessage(api.url, eventId, { name: 'Concurrent', message: 'still here' }),
    ]);
    expect(attack).toMatchObject({ status: 400, body: { statusCode: 400, message: RequestMessages.tooManyFields } });
    expect(attack.text.length).toBeLessThan(SMALL_ANSWER);
    expect(others.map((r) => r.status)).toEqual([200, 200, 201]);
  });

  it('refuses a body over 100 kB on a route that does not ask for more, without reading it', async () => {
    const res = await postMessage(api.url, eventId, manyKeys(20_000, { name: 'Big', message: 'x' }));
    expect(res).toMatchObject({ status: 413, body: { statusCode: 413, message: RequestMessages.bodyTooLarge } });
  });

  it('still accepts a drawing of more than a megabyte', async () => {
    const noise = await sharp(randomBytes(600 * 600 * 3), { raw: { width: 600, height: 600, channels: 3 } })
      .png()
      .toBuffer();
    expect(noise.length).toBeGreaterThan(1024 * 1024);
    const res = await guest.post(`/api/events/${eventId}/submissions/drawing`, {
      name: 'Big drawing',
      content: `data:image/png;base64,${noise.toString('base64')}`,
    });
    expect(res.status).toBe(201);
  });

  it('answers unknown fields with a few of them, not an echo of all of them', async () => {
    const res = await postMessage(api.url, eventId, manyKeys(1_500, { name: 'Keys', message: 'x' }));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('property field0 should not exist');
    expect(Object.keys(res.body.fields).length).toBeLessThanOrEqual(20);
    expect(res.text.length).toBeLessThan(SMALL_ANSWER);
  });

  it('answers an unknown field with a huge name with a bounded message', async () => {
    const res = await postMessage(api.url, eventId, { name: 'Key', message: 'x', ['k'.repeat(50_000)]: 1 });
    expect(res.status).toBe(400);
    expect(res.text.length).toBeLessThan(SMALL_ANSWER);
  });

  it.each([
    ['an array', (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`],
    ['an object', (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`],
  ])('refuses JSON nested 10,000 deep in %s with 400', async (_, nested) => {
    const res = await postMessage(
      api.url,
      eventId,
      undefined,
      `{"name":"Deep","message":"x","extra":${nested(10_000)}}`,
    );
    expect(res).toMatchObject({ status: 400, body: { message: RequestMessages.nestedTooDeeply } });
  });

  it('still accepts a form nested as deep as the forms go', async () => {
    const owner = await createAccount(t.dataSource, 'owner');
    const client = new ApiClient(api.url);
    await client.login(owner.username, owner.password);
    const res = await client.patch(`/api/users/${owner.user.id}/profile`, { profileData: { fullName: 'Nested Fine' } });
    expect(res.status).toBe(200);
  });

  it.each([
    ['GET /api/events/by-code/:eventCode', 'GET', '/api/events/by-code/AB%00CD'],
    ['GET /api/events/by-slug/:eventSlug', 'GET', '/api/events/by-slug/wedding%00x'],
    ['GET /api/media/public/*', 'GET', '/api/media/public/featured/a%00b.webp'],
    ['GET /api/events/public/:id', 'GET', '/api/events/public/%00'],
    ['a query parameter', 'GET', `/api/events/by-code/ABCDEF?x=%00`],
    ['an unknown route', 'GET', '/api/nope%00'],
  ])('refuses a NUL character in the URL (%s) with 400', async (_, method, path) => {
    const res = await guest.request(method, path);
    expect(res).toMatchObject({ status: 400, body: { statusCode: 400, message: RequestMessages.nulCharacter } });
  });

  it.each([
    ['a field', { name: 'Nul\u0000Name', message: 'x' }],
    ['a field name', { name: 'Nul', message: 'x', ['bad\u0000key']: 1 }],
    ['a nested value', { name: 'Nul', message: 'x', extra: [{ deep: 'a\u0000' }] }],
  ])('refuses a NUL character in %s of a JSON body with 400, storing nothing', async (_, body) => {
    const before = await countMemories(t.dataSource, eventId);
    const res = await postMessage(api.url, eventId, body);
    expect(res).toMatchObject({ status: 400, body: { message: RequestMessages.nulCharacter } });
    expect(await countMemories(t.dataSource, eventId)).toBe(before);
    expect(await t.dataSource.getRepository(Memory).countBy({ author: 'Nul' })).toBe(0);
  });

  it.each([
    [
      'a photo',
      'photo',
      async () =>
        sharp({ create: { width: 40, height: 30, channels: 3, background: '#888' } })
          .jpeg()
          .toBuffer(),
      'p.jpg',
    ],
    ['a voice message', 'voice', async () => testVoice(1, 'webm'), 'voice.webm'],
  ])('refuses a NUL character in a field of %s form with 400, storing nothing (L4b)', async (_, kind, file, name) => {
    const before = await countMemories(t.dataSource, eventId);
    for (const fields of [{ name: 'Nul\u0000Name' }, { name: 'Nul', ['title\u0000']: 'x' }] as Record<
      string,
      string
    >[]) {
      const res = await guest.post(
        `/api/events/${eventId}/submissions/${kind}`,
        multipart(kind, await file(), name, fields),
      );
      expect(res).toMatchObject({ status: 400, body: { message: RequestMessages.nulCharacter } });
    }
    expect(await countMemories(t.dataSource, eventId)).toBe(before);
  });

  it("refuses a NUL character in a clip's tus metadata with 400 (L4b)", async () => {
    const clips = await createEvent(t.dataSource, { allowVideo: true });
    const res = await new TusClient(api.url).create(clips.id, 1000, { name: 'Nul\u0000Name' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: RequestMessages.nulCharacter });
  });
});
