import S3rver from '@20minutes/s3rver';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { mediaUrl, Memory, originalKey, renditionKey, S3Storage } from '@memory-wall/core';
import { createAccount, makeEventAdmin } from '@memory-wall/testkit/accounts';
import { createEvent } from '@memory-wall/testkit/factories';
import { ApiClient, signedIn } from '@memory-wall/testkit/http';
import { gpsTaggedJpeg } from '@memory-wall/testkit/images';
import { freePort, RunningProcess, startApi } from '@memory-wall/testkit/processes';
import { createTestEnvironment, TestEnvironment } from '@memory-wall/testkit/test-environment';

const BUCKET = 'memory-wall-edge';
const PRESIGN_SECONDS = 600;
const CDN = 'https://cdn.example.test/wall';

/**
 * With S3, public renditions reach browsers from the bucket (a presigned redirect, the default) or a CDN
 * (MEDIA_PUBLIC_BASE_URL), not through the API; what is not public is still the API's to refuse or stream.
 */
describe('media at the edge (S3 through s3rver)', () => {
  let t: TestEnvironment;
  let s3: S3rver;
  let s3Port: number;
  let s3Dir: string;
  let storage: S3Storage;
  let presigning: RunningProcess;
  let viaCdn: RunningProcess;
  let host: ApiClient;
  let eventId: string;
  let webp: Buffer;

  beforeAll(async () => {
    t = await createTestEnvironment();
    s3Dir = mkdtempSync(join(tmpdir(), 'mw-edge-'));
    s3Port = await freePort();
    s3 = new S3rver({ port: s3Port, address: '127.0.0.1', directory: s3Dir, silent: true });
    await s3.run();
    const s3Env = {
      S3_ENDPOINT: '127.0.0.1',
      S3_PORT: String(s3Port),
      S3_ACCESS_KEY: 'S3RVER',
      S3_SECRET_KEY: 'S3RVER',
      S3_BUCKET: BUCKET,
    };
    storage = new S3Storage({
      endPoint: '127.0.0.1',
      port: s3Port,
      useSSL: false,
      accessKey: 'S3RVER',
      secretKey: 'S3RVER',
      bucket: BUCKET,
      region: 'us-east-1',
    });
    // One after the other: two API processes starting at once on a busy machine may outlast startApi's wait.
    presigning = await startApi({ ...t.env, ...s3Env, MEDIA_PRESIGN_SECONDS: String(PRESIGN_SECONDS) });
    viaCdn = await startApi({ ...t.env, ...s3Env, MEDIA_PUBLIC_BASE_URL: CDN });
    const provider = await createAccount(t.dataSource, 'service_provider');
    const customer = await createAccount(t.dataSource, 'customer');
    eventId = (
      await createEvent(t.dataSource, { serviceProviderId: provider.provider!.id, moderationType: 'manual_moderation' })
    ).id;
    await makeEventAdmin(t.dataSource, customer.user.id, eventId);
    host = await signedIn(presigning.url, customer);
    webp = await sharp(await gpsTaggedJpeg(120, 90))
      .webp()
      .toBuffer();
  }, 120_000);

  afterAll(async () => {
    await Promise.all([presigning?.stop(), viaCdn?.stop()]);
    await s3?.close();
    rmSync(s3Dir, { recursive: true, force: true });
    await t?.cleanup();
  });

  /** A processed photo in the bucket as the workers leave it: its private original and its card rendition. */
  async function photo(state: Partial<Pick<Memory, 'approved' | 'flagged'>>) {
    const repo = t.dataSource.getRepository(Memory);
    const memory = await repo.save(
      repo.create({ eventId, type: 'photo', content: '', author: 'Guest', processingState: 'ready', ...state }),
    );
    await storage.put(originalKey(eventId, memory.id), Buffer.from('the private original'), 'image/jpeg');
    const card = renditionKey(eventId, memory.id, 'card');
    await storage.put(card, webp, 'image/webp');
    return { memory, key: card, path: mediaUrl(card) };
  }

  const get = (base: string, path: string, cookie?: string) =>
    fetch(`${base}${path}`, { redirect: 'manual', headers: cookie ? { cookie } : {} });

  it("redirects an approved photo's rendition to a presigned URL of the bucket, cached no longer than it lives", async () => {
    const { path, key } = await photo({ approved: true });
    const answer = await get(presigning.url, path);
    expect(answer.status).toBe(302);
    expect(await answer.arrayBuffer()).toHaveProperty('byteLength', 0);

    const location = new URL(answer.headers.get('location')!);
    expect(`${location.origin}${location.pathname}`).toBe(`http://127.0.0.1:${s3Port}/${BUCKET}/${key}`);
    expect(location.searchParams.get('X-Amz-Expires')).toBe(String(PRESIGN_SECONDS));
    const signedAt = Date.parse(
      location.searchParams
        .get('X-Amz-Date')!
        .replace(/^(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z$/, '$1-$2-$3T$4:$5:$6Z'),
    );
    const urlLivesFor = (signedAt + PRESIGN_SECONDS * 1000 - Date.now()) / 1000;
    const maxAge = Number(/^public, max-age=(\d+)$/.exec(answer.headers.get('cache-control') ?? '')?.[1]);
    expect(maxAge).toBeGreaterThan(0);
    expect(maxAge).toBeLessThan(urlLivesFor);

    // Followed, the bucket gives the bytes, with a cache lifetime within the URL's.
    const image = await fetch(location);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/webp');
    expect(Buffer.from(await image.arrayBuffer()).equals(webp)).toBe(true);
    expect(image.headers.get('cache-control')).toBe(`public, max-age=${PRESIGN_SECONDS / 2}, immutable`);

    // Every request of the same window gets the same URL, so the browser's cache of the image keeps working.
    expect((await get(presigning.url, path)).headers.get('location')).toBe(location.toString());
  });

  it('redirects it to the CDN, cacheable for a year, when MEDIA_PUBLIC_BASE_URL is set', async () => {
    const { path, key } = await photo({ approved: true });
    const answer = await get(viaCdn.url, path);
    expect(answer.status).toBe(302);
    expect(answer.headers.get('location')).toBe(`${CDN}/${key}`);
    expect(answer.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it("neither redirects nor serves an unapproved photo's rendition to anyone but its moderators, who get it streamed", async () => {
    const { path } = await photo({ approved: false });
    for (const api of [presigning, viaCdn]) {
      const answer = await get(api.url, path);
      expect(answer.status).toBe(404);
      expect(answer.headers.get('location')).toBeNull();
    }
    const asHost = await get(presigning.url, path, host.cookie);
    expect(asHost.status).toBe(200);
    expect(asHost.headers.get('location')).toBeNull();
    expect(asHost.headers.get('cache-control')).toBe('private, no-store');
    expect(Buffer.from(await asHost.arrayBuffer()).equals(webp)).toBe(true);
  });

  it('never redirects to an original, however the way to it is encoded', async () => {
    const { memory } = await photo({ approved: true });
    const to = `originals/${eventId}/${memory.id}`;
    for (const tail of [`..%2f${to}`, `%2e%2e%2f${to}`, `memories/${eventId}/..%2f..%2f..%2f${to}`]) {
      const answer = await get(presigning.url, `/api/media/public/${tail}`, host.cookie);
      expect({ tail, status: answer.status, location: answer.headers.get('location') }).toEqual({
        tail,
        status: 404,
        location: null,
      });
    }
  });
});
