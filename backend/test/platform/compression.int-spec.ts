import { existsSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join, resolve } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Memory } from '@memory-wall/core';
import { createEvent } from '@memory-wall/testkit/factories';
import { RunningProcess, startApi } from '@memory-wall/testkit/processes';
import { createTestEnvironment, TestEnvironment } from '@memory-wall/testkit/test-environment';

/** The front end as `npm run build` leaves it (npm test builds it first). */
const DIST = resolve(__dirname, '../../../frontend/dist');

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The bytes as they came over the wire, not decoded. */
  body: Buffer;
}

/** A GET that sends exactly the Accept-Encoding given (fetch would add its own and decode). */
function rawGet(baseUrl: string, path: string, acceptEncoding?: string): Promise<RawResponse> {
  return new Promise((done, fail) => {
    const req = request(
      `${baseUrl}${path}`,
      { headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', fail);
      },
    );
    req.on('error', fail);
    req.end();
  });
}

function decoded({ headers, body }: RawResponse): Buffer {
  if (headers['content-encoding'] === 'br') return brotliDecompressSync(body);
  if (headers['content-encoding'] === 'gzip') return gunzipSync(body);
  return body;
}

/** What a phone on a slow network gets: fewer bytes, and nothing fetched twice (issue #24 item 6). */
describe('compressed and cached responses', () => {
  let t: TestEnvironment;
  let api: RunningProcess;
  let mainScript: string;

  beforeAll(async () => {
    if (!existsSync(join(DIST, 'index.html'))) throw new Error(`${DIST} is missing: run npm run build first`);
    mainScript = /<script type="module" crossorigin src="([^"]+)"/.exec(
      readFileSync(join(DIST, 'index.html'), 'utf8'),
    )![1];
    t = await createTestEnvironment();
    api = await startApi({ ...t.env, FRONTEND_DIST: DIST });
  });

  afterAll(async () => {
    await api?.stop();
    await t?.cleanup();
  });

  describe('the built front end', () => {
    it.each([
      ['br', 'gzip, deflate, br, zstd', 'br'],
      ['gzip', 'gzip, deflate', 'gzip'],
      ['nothing', undefined, undefined],
      ['identity only', 'identity', undefined],
    ])(
      'sends the main bundle precompressed at build time, as %s when the browser accepts that',
      async (_what, accept, encoding) => {
        const res = await rawGet(api.url, mainScript, accept);

        expect(res.status).toBe(200);
        expect(res.headers['content-encoding']).toBe(encoding);
        expect(res.headers.vary).toMatch(/accept-encoding/i);
        expect(res.headers['content-type']).toMatch(/javascript/);
        // The very bytes the build wrote beside the bundle, which decode to the bundle.
        const onDisk = join(DIST, `${mainScript}${encoding === 'br' ? '.br' : encoding === 'gzip' ? '.gz' : ''}`);
        expect(res.body.equals(readFileSync(onDisk))).toBe(true);
        expect(decoded(res).equals(readFileSync(join(DIST, mainScript)))).toBe(true);
      },
    );

    it('caches fingerprinted assets for a year as immutable, in every encoding', async () => {
      for (const accept of ['br', 'gzip', undefined]) {
        const res = await rawGet(api.url, mainScript, accept);
        expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      }
    });

    it('has index.html revalidated on every visit, at / and on a client-side route', async () => {
      for (const path of ['/', '/contribute/some-event']) {
        const res = await rawGet(api.url, path, 'br, gzip');
        expect(res.status).toBe(200);
        expect(res.headers['cache-control']).toBe('no-cache');
        expect(decoded(res).toString()).toContain(mainScript);
      }
    });
  });

  describe('JSON', () => {
    it.each([
      ['br', 'gzip, deflate, br', 'br'],
      ['gzip', 'gzip', 'gzip'],
      ['as it is', undefined, undefined],
    ])(
      'compresses a large API answer (the OpenAPI document) %s by Accept-Encoding',
      async (_what, accept, encoding) => {
        const res = await rawGet(api.url, '/api/docs-json', accept);

        expect(res.status).toBe(200);
        expect(res.headers['content-encoding']).toBe(encoding);
        expect(JSON.parse(decoded(res).toString()).info.title).toBe('Memory Wall API');
      },
    );

    it('leaves an answer under 1 kB as it is', async () => {
      const res = await rawGet(api.url, '/api/health', 'br, gzip');
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(JSON.parse(res.body.toString())).toMatchObject({ status: 'ok' });
    });

    it('compresses the public wall, whether built or answered from its cached version', async () => {
      const event = await createEvent(t.dataSource);
      const memories = t.dataSource.getRepository(Memory);
      await memories.save(
        Array.from({ length: 30 }, (_, i) =>
          memories.create({
            eventId: event.id,
            author: `Guest ${i}`,
            content: `A long message from guest ${i} `.repeat(4),
            approved: true,
            processingState: 'ready',
          }),
        ),
      );
      const path = `/api/events/${event.id}/memories`;

      // The first read builds and caches the wall; later ones are answered from the cache before Nest.
      const reads = [];
      for (const accept of ['br', 'br', 'gzip', 'br', 'gzip', undefined])
        reads.push({ accept, res: await rawGet(api.url, path, accept) });

      const identity = reads.at(-1)!.res;
      expect(identity.headers['content-encoding']).toBeUndefined();
      expect(JSON.parse(identity.body.toString()).memories).toHaveLength(30);
      for (const { accept, res } of reads) {
        expect(res.status).toBe(200);
        expect(res.headers['content-encoding']).toBe(accept);
        expect(res.headers.vary).toMatch(/accept-encoding/i);
        expect(res.headers.etag).toBe(identity.headers.etag);
        expect(decoded(res).equals(identity.body)).toBe(true);
        if (accept) expect(res.body.length).toBeLessThan(identity.body.length / 3);
      }
    });
  });
});
