import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import sharp from 'sharp';
import { EventAdmin, LocalDiskStorage, mediaUrl, Memory, originalKey, renditionKey } from '@memory-wall/core';
import { createAccount, makeEventAdmin, TestAccount } from '@memory-wall/testkit/accounts';
import { createEvent } from '@memory-wall/testkit/factories';
import { ApiClient, signedIn } from '@memory-wall/testkit/http';
import { gpsTaggedJpeg } from '@memory-wall/testkit/images';
import { RunningProcess, startApi } from '@memory-wall/testkit/processes';
import { createTestEnvironment, TestEnvironment } from '@memory-wall/testkit/test-environment';

/** A GET sent byte for byte as written: fetch() would resolve `..` and `%2e%2e` before sending. */
function rawGet(
  baseUrl: string,
  path: string,
  cookie?: string,
): Promise<{ status: number; body: Buffer; cacheControl?: string }> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = request({ host: hostname, port, path, method: 'GET', headers: cookie ? { cookie } : {} }, (res) => {
      buffer(res).then(
        (body) => resolve({ status: res.statusCode!, body, cacheControl: res.headers['cache-control'] }),
        reject,
      );
    });
    req.on('error', reject);
    req.end();
  });
}

describe('GET /api/media/public/*', () => {
  let t: TestEnvironment;
  let api: RunningProcess;
  let storageDir: string;
  let storage: LocalDiskStorage;
  let customer: TestAccount;
  let host: ApiClient;
  let eventId: string;
  let original: Buffer;

  beforeAll(async () => {
    t = await createTestEnvironment();
    storageDir = mkdtempSync(join(tmpdir(), 'mw-media-route-'));
    storage = new LocalDiskStorage(storageDir);
    api = await startApi({ ...t.env, STORAGE_DIR: storageDir });
    const provider = await createAccount(t.dataSource, 'service_provider');
    customer = await createAccount(t.dataSource, 'customer');
    eventId = (
      await createEvent(t.dataSource, { serviceProviderId: provider.provider!.id, moderationType: 'manual_moderation' })
    ).id;
    await makeEventAdmin(t.dataSource, customer.user.id, eventId);
    host = await signedIn(api.url, customer);
    original = await gpsTaggedJpeg(200, 150);
  });

  afterAll(async () => {
    await api?.stop();
    await t?.cleanup();
    rmSync(storageDir, { recursive: true, force: true });
  });

  /** A processed photo as the workers leave it: its private original and its card rendition. */
  async function photo(state: Partial<Pick<Memory, 'approved' | 'flagged'>>) {
    const repo = t.dataSource.getRepository(Memory);
    const memory = await repo.save(
      repo.create({ eventId, type: 'photo', content: '', author: 'Guest', processingState: 'ready', ...state }),
    );
    await storage.put(originalKey(eventId, memory.id), original, 'image/jpeg');
    const card = renditionKey(eventId, memory.id, 'card');
    await storage.put(card, await sharp(original).webp().toBuffer(), 'image/webp');
    return { memory, url: mediaUrl(card) };
  }

  describe('renditions of memories not on the public wall', () => {
    it.each([
      ['pending', { approved: false }],
      ['flagged', { approved: true, flagged: true }],
    ])("a %s photo is the event's moderators' only, and never cached", async (_, state) => {
      const { url } = await photo(state);
      expect((await rawGet(api.url, url)).status).toBe(404);
      const stranger = await signedIn(api.url, await createAccount(t.dataSource, 'service_provider'));
      expect((await rawGet(api.url, url, stranger.cookie)).status).toBe(404);

      const asHost = await rawGet(api.url, url, host.cookie);
      expect(asHost.status).toBe(200);
      expect(asHost.cacheControl).toBe('private, no-store');
    });

    it('turns public, cacheable by anyone, once approved', async () => {
      const { memory, url } = await photo({ approved: false });
      expect((await rawGet(api.url, url)).status).toBe(404);
      expect((await host.post(`/api/submissions/${memory.id}/approve`)).status).toBe(200);
      const served = await rawGet(api.url, url);
      expect(served.status).toBe(200);
      expect(served.cacheControl).toBe('public, max-age=31536000, immutable');
    });

    it('stays hidden under any other spelling of its path (M6)', async () => {
      const { memory } = await photo({ approved: false });
      const tail = `${eventId}/${memory.id}-card.webp`;
      const spellings = [
        `public//memories/${tail}`,
        `public/./memories/${tail}`,
        `public/memories//${tail}`,
        `public/memories/./${tail}`,
        `public%2Fmemories%2F${tail}`,
        `public/memories%2F${tail}`,
        `public%2F%2Fmemories/${tail}`,
        `public/%2E/memories/${tail}`,
        `public/featured/../memories/${tail}`,
      ];
      for (const spelling of spellings) {
        const res = await rawGet(api.url, `/api/media/${spelling}`);
        expect({ spelling, status: res.status }).toEqual({ spelling, status: 404 });
        expect(res.cacheControl ?? '').not.toContain('public');
      }
    });

    it('is not shown to a host whose permissions say canModerate: false', async () => {
      const other = await createAccount(t.dataSource, 'customer');
      await makeEventAdmin(t.dataSource, other.user.id, eventId);
      await t.dataSource
        .getRepository(EventAdmin)
        .update(
          { eventId, userId: other.user.id },
          { permissions: { canModerate: false, canEditTheme: true, canEditDetails: false } },
        );
      const { url } = await photo({ approved: false });
      expect((await rawGet(api.url, url, (await signedIn(api.url, other)).cookie)).status).toBe(404);
    });
  });

  it('never serves an original, however the way to it is encoded', async () => {
    const { memory } = await photo({ approved: true });
    const to = `originals/${eventId}/${memory.id}`;
    const tails = [
      `../${to}`,
      `..%2f${to}`,
      `..%2F${to}`,
      `%2e%2e/${to}`,
      `%2e%2e%2f${to}`,
      `%2E%2E%2F${to}`,
      `.%2e/${to}`,
      `memories/${eventId}/..%2f..%2f..%2f${to}`,
      `%252e%252e%252f${to}`,
      `..%252f${to}`,
      `%25252e%25252e%25252f${to}`,
      `..%5c${to}`,
      `..%c0%af${to}`,
    ];
    for (const tail of tails) {
      for (const cookie of [undefined, host.cookie]) {
        const res = await rawGet(api.url, `/api/media/public/${tail}`, cookie);
        // 404, or 400 for bytes that are not UTF-8 once decoded: refused either way, never a 5xx.
        expect({ tail, refused: [400, 404].includes(res.status) ? true : res.status }).toEqual({ tail, refused: true });
        expect(res.body.includes(original.subarray(0, 64))).toBe(false);
      }
    }
    // The original is there, and the route serves the photo's own rendition: only the way out is shut.
    expect(await storage.get(to)).not.toBeNull();
    expect((await rawGet(api.url, mediaUrl(renditionKey(eventId, memory.id, 'card')))).status).toBe(200);
  });
});
