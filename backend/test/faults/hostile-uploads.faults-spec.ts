import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { Memory } from '@memory-wall/core';
import { countMemories, createEvent } from '@memory-wall/testkit/factories';
import { gpsTaggedJpeg, multipart, pixelFloodPng, truncatedJpeg } from '@memory-wall/testkit/images';
import { processed } from '@memory-wall/testkit/memories';
import { mib, readProcessMemory, sampleProcessMemory } from '@memory-wall/testkit/process-memory';
import { RunningProcess, startApi, startWorkers } from '@memory-wall/testkit/processes';
import { createTestEnvironment, TestEnvironment } from '@memory-wall/testkit/test-environment';
import { FaultScenario } from './scenario';

type Outcome = 'refused' | 'webp' | 'failed';

interface Item {
  name: string;
  /** The request body: a multipart form, or a raw body with its content type. */
  body: () => Promise<FormData | { raw: Buffer | string; contentType: string }>;
  /** What is acceptable for it; anything else (a 5xx above all) fails the scenario. */
  allowed: Outcome[];
  /** The exact status when it is refused, where the product promises one. */
  status?: number;
}

const GPS = { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' };
const SCRIPT = '<html><script>alert(document.cookie)</script></html>';
const ANY_SAFE: Outcome[] = ['refused', 'webp', 'failed'];

const jpeg = (width = 640, height = 480) =>
  sharp({ create: { width, height, channels: 3, background: '#468' } })
    .jpeg()
    .toBuffer();

/** A real JPEG whose frame header (SOF0) claims width × height pixels. */
async function jpegClaiming(width: number, height: number) {
  const data = Buffer.from(await jpeg(64, 64));
  for (let i = 2; i < data.length - 9; i++) {
    if (data[i] === 0xff && (data[i + 1] === 0xc0 || data[i + 1] === 0xc2)) {
      data.writeUInt16BE(height, i + 5);
      data.writeUInt16BE(width, i + 7);
      return data;
    }
  }
  throw new Error('no SOF marker');
}

/** The top-level RIFF chunks of a WebP file. */
function webpChunks(data: Buffer): string[] {
  if (data.toString('ascii', 0, 4) !== 'RIFF' || data.toString('ascii', 8, 12) !== 'WEBP') return ['not a WebP'];
  const chunks: string[] = [];
  for (let at = 12; at + 8 <= data.length;) {
    chunks.push(data.toString('ascii', at, at + 4));
    at += 8 + data.readUInt32LE(at + 4) + (data.readUInt32LE(at + 4) % 2);
  }
  return chunks;
}

let smallGpsJpeg: Buffer | undefined;
const gpsJpeg = () => smallGpsJpeg!;

const form = (fill: (f: FormData) => void) => {
  const f = new FormData();
  fill(f);
  return f;
};
const blob = (data: Buffer | string, type?: string) =>
  new Blob([typeof data === 'string' ? data : new Uint8Array(data)], type ? { type } : undefined);

const CORPUS: Item[] = [
  {
    name: 'HTML renamed cat.jpg',
    body: async () => multipart('photo', Buffer.from(SCRIPT), 'cat.jpg', { name: 'X' }),
    allowed: ['refused'],
    status: 400,
  },
  {
    name: 'ELF binary renamed a.png',
    body: async () =>
      multipart(
        'photo',
        Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(4096, 0x90)]),
        'a.png',
        { name: 'X' },
      ),
    allowed: ['refused'],
    status: 400,
  },
  {
    name: 'SVG with a script',
    body: async () =>
      multipart(
        'photo',
        Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>`),
        'a.svg',
        { name: 'X' },
      ),
    allowed: ['refused'],
    status: 400,
  },
  {
    name: 'SVG renamed photo.jpg',
    body: async () =>
      multipart(
        'photo',
        Buffer.from(
          `<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="4000" height="4000" onload="alert(1)"><rect width="10" height="10"/></svg>`,
        ),
        'photo.jpg',
        { name: 'X' },
      ),
    allowed: ['refused'],
    status: 400,
  },
  {
    name: 'HTML with a JPEG after it',
    body: async () => multipart('photo', Buffer.concat([Buffer.from(SCRIPT), await jpeg()]), 'a.jpg', { name: 'X' }),
    allowed: ['refused'],
    status: 400,
  },
  {
    name: 'JPEG+HTML polyglot (valid JPEG, <html><script> appended)',
    body: async () => multipart('photo', Buffer.concat([await jpeg(), Buffer.from(SCRIPT)]), 'poly.jpg', { name: 'X' }),
    allowed: ['refused', 'webp'],
  },
  {
    name: 'TIFF (a real image, not an accepted format)',
    body: async () =>
      multipart(
        'photo',
        await sharp({ create: { width: 64, height: 64, channels: 3, background: '#888' } })
          .tiff()
          .toBuffer(),
        'a.jpg',
        { name: 'X' },
      ),
    allowed: ['refused'],
    status: 400,
  },
  {
    name: 'truncated JPEG',
    body: async () => multipart('photo', await truncatedJpeg(), 'cut.jpg', { name: 'X' }),
    allowed: ['refused', 'failed'],
  },
  {
    name: '30000×30000 pixel flood (PNG)',
    body: async () => multipart('photo', await pixelFloodPng(), 'flood.png', { name: 'X' }),
    allowed: ['refused', 'failed'],
  },
  {
    name: '30000×30000 pixel flood (JPEG header)',
    body: async () => multipart('photo', await jpegClaiming(30000, 30000), 'flood.jpg', { name: 'X' }),
    allowed: ['refused', 'failed'],
  },
  {
    name: '6000×6000 PNG (36 MP, just under the limit, 1 colour)',
    body: async () =>
      multipart(
        'photo',
        await sharp({ create: { width: 6000, height: 6000, channels: 3, background: '#123456' } })
          .png({ compressionLevel: 9 })
          .toBuffer(),
        'big.png',
        { name: 'X' },
      ),
    allowed: ANY_SAFE,
  },
  {
    name: 'GPS-tagged JPEG',
    body: async () => multipart('photo', await gpsTaggedJpeg(1600, 1200), 'IMG_0001.JPG', { name: 'X' }),
    allowed: ['webp'],
  },
  {
    name: 'GPS-tagged WebP',
    body: async () =>
      multipart(
        'photo',
        await sharp({ create: { width: 900, height: 600, channels: 3, background: '#963' } })
          .webp()
          .withExif({ IFD0: { Make: 'PhoneCo' }, IFD3: GPS })
          .toBuffer(),
        'a.webp',
        { name: 'X' },
      ),
    allowed: ['webp'],
  },
  {
    name: 'GPS-tagged PNG',
    body: async () =>
      multipart(
        'photo',
        await sharp({ create: { width: 900, height: 600, channels: 3, background: '#396' } })
          .png()
          .withExif({ IFD0: { Make: 'PhoneCo' }, IFD3: GPS })
          .toBuffer(),
        'a.png',
        { name: 'X' },
      ),
    allowed: ['webp'],
  },
  {
    name: 'JPEG with a script in its EXIF description',
    body: async () =>
      multipart(
        'photo',
        await sharp({ create: { width: 640, height: 480, channels: 3, background: '#333' } })
          .jpeg()
          .withExif({ IFD0: { ImageDescription: SCRIPT, Copyright: SCRIPT }, IFD3: GPS })
          .toBuffer(),
        'a.jpg',
        { name: 'X' },
      ),
    allowed: ['webp'],
  },
  {
    name: 'a path-traversing file name',
    body: async () => multipart('photo', await jpeg(), '../../../../../tmp/evil.html', { name: 'X' }),
    allowed: ['webp'],
  },
  {
    name: 'a GPS-tagged JPEG declared as text/html (evil.html)',
    body: async () =>
      form((f) => (f.append('name', 'X'), f.append('photo', blob(gpsJpeg(), 'text/html'), 'evil.html'))),
    allowed: ['webp'],
  },
  {
    name: '10 MB + 1 byte',
    body: async () =>
      multipart(
        'photo',
        Buffer.concat([await jpeg(), Buffer.alloc(10 * 1024 * 1024 + 1 - (await jpeg()).length, 0)]),
        'big.jpg',
        { name: 'X' },
      ),
    allowed: ['refused'],
    status: 413,
  },
  {
    name: 'zero bytes',
    body: async () => multipart('photo', Buffer.alloc(0), 'empty.jpg', { name: 'X' }),
    allowed: ['refused'],
    status: 400,
  },
  {
    name: "wrong field name 'image'",
    body: async () => multipart('image', await jpeg(), 'a.jpg', { name: 'X' }),
    allowed: ['refused'],
    status: 400,
  },
  {
    name: "wrong field name 'file'",
    body: async () => multipart('file', await jpeg(), 'a.jpg', { name: 'X' }),
    allowed: ['refused'],
    status: 400,
  },
  {
    name: 'the photo as a text field',
    body: async () => form((f) => (f.append('name', 'X'), f.append('photo', 'data:image/jpeg;base64,/9j/4AAQ'))),
    allowed: ['refused'],
    status: 400,
  },
  {
    name: "two files in 'photo'",
    body: async () => {
      const j = await jpeg();
      return form(
        (f) => (
          f.append('name', 'X'),
          f.append('photo', blob(j), 'a.jpg'),
          f.append('photo', blob(Buffer.from(SCRIPT)), 'b.jpg')
        ),
      );
    },
    allowed: ['refused', 'webp'],
  },
  {
    name: 'a missing name',
    body: async () => multipart('photo', await jpeg(), 'a.jpg'),
    allowed: ['refused'],
    status: 400,
  },
  {
    name: 'an unknown extra field',
    body: async () => multipart('photo', await jpeg(), 'a.jpg', { name: 'X', approved: 'true' }),
    allowed: ['refused'],
    status: 400,
  },
  {
    name: 'JSON instead of multipart',
    body: async () => ({ raw: JSON.stringify({ name: 'X', photo: 'x' }), contentType: 'application/json' }),
    allowed: ['refused'],
    status: 400,
  },
  {
    name: 'a multipart body cut off mid-file',
    body: async () => ({
      raw: Buffer.concat([
        Buffer.from(
          '--XYZ\r\nContent-Disposition: form-data; name="name"\r\n\r\nX\r\n--XYZ\r\nContent-Disposition: form-data; name="photo"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n',
        ),
        (await jpeg()).subarray(0, 500),
      ]),
      contentType: 'multipart/form-data; boundary=XYZ',
    }),
    allowed: ['refused'],
  },
];

const scenario = new FaultScenario({
  id: 8,
  title: 'Hostile upload corpus',
  tried:
    `${CORPUS.length} hostile photo uploads, one event each: renamed HTML, ELF and SVG files, HTML before a JPEG, a JPEG+HTML polyglot, a TIFF, ` +
    'a truncated JPEG, 30000×30000 pixel floods (PNG and JPEG headers), a 36-megapixel PNG, GPS-tagged JPEG/WebP/PNG, a script in EXIF, a ' +
    'path-traversing file name, a JPEG declared as text/html, 10 MB + 1 byte, zero bytes, wrong multipart field names, two files, ' +
    'a text field for the file, JSON, a cut-off multipart body; then a good photo. The workers process is sampled for memory throughout.',
  ifBroken:
    'Known cause of a 500 for "a multipart body cut off mid-file": busboy rejects the body with a plain ' +
    '`Error: Unexpected end of multipart data`, which `receiveFile` (backend/src/modules/uploads/upload-file.ts) rethrows and the exception ' +
    'filter maps to 500. Fix: in its catch block, turn busboy\'s malformed-multipart errors (plain Errors without a statusCode: "Unexpected end ' +
    'of multipart data", "Malformed part header", "Boundary not found", "Part terminated early") into a BadRequestException. Nothing is ' +
    'stored in that case either way.',
});

describe('fault 8: the hostile upload corpus', () => {
  let t: TestEnvironment;
  let api: RunningProcess;
  let workers: RunningProcess;
  let storageDir: string;

  beforeAll(async () => {
    t = await createTestEnvironment();
    storageDir = mkdtempSync(join(tmpdir(), 'mw-fault-hostile-'));
    const env = { ...t.env, STORAGE_DIR: storageDir, SUBMISSIONS_PER_MINUTE: '100000' };
    api = await startApi(env);
    workers = startWorkers(env);
    smallGpsJpeg = await gpsTaggedJpeg(640, 480);
  }, 120_000);

  afterAll(async () => {
    scenario.save();
    await Promise.all([api?.stop(), workers?.stop()]);
    await t?.cleanup();
    if (storageDir) rmSync(storageDir, { recursive: true, force: true });
  }, 60_000);

  const filesUnder = (dir: string): string[] =>
    existsSync(join(storageDir, dir)) ? (readdirSync(join(storageDir, dir), { recursive: true }) as string[]) : [];

  it(
    'accepts nothing unsanitised, never crashes the worker, and leaks no GPS',
    () =>
      scenario.run(async (s) => {
        const workerPid = workers.child.pid!;
        const apiPid = api.child.pid!;
        // Let the workers process finish starting before measuring.
        await new Promise((r) => setTimeout(r, 3000));
        const baseline = readProcessMemory(workerPid)!;
        const workerSampler = sampleProcessMemory(workerPid);
        const apiSampler = sampleProcessMemory(apiPid);
        // 'unsafe': something kept or served that must not be; 'server error': a 5xx where a 4xx is owed.
        const results: Array<{
          name: string;
          status: number;
          outcome: Outcome | 'unsafe' | 'server error';
          detail: string;
        }> = [];

        for (const item of CORPUS) {
          const event = await createEvent(t.dataSource);
          const body = await item.body();
          const res =
            body instanceof FormData
              ? await fetch(`${api.url}/api/events/${event.id}/submissions/photo`, { method: 'POST', body })
              : await fetch(`${api.url}/api/events/${event.id}/submissions/photo`, {
                  method: 'POST',
                  headers: { 'content-type': body.contentType },
                  body: typeof body.raw === 'string' ? body.raw : new Uint8Array(body.raw),
                });
          const text = await res.text();
          let outcome: Outcome | 'unsafe' | 'server error';
          let detail: string;
          if (res.status >= 400 && res.status < 500) {
            outcome = 'refused';
            detail = (JSON.parse(text) as { message?: string }).message ?? '';
            // Refused means nothing kept: no memory, no stored original.
            if ((await countMemories(t.dataSource, event.id)) !== 0 || filesUnder(`originals/${event.id}`).length) {
              outcome = 'unsafe';
              detail += ' (but something was stored)';
            }
          } else if (res.status === 201) {
            const memory = await processed(
              t.dataSource,
              (JSON.parse(text) as { memory: { id: string } }).memory.id,
              60_000,
            );
            const wall = (await (await fetch(`${api.url}/api/events/${event.id}/memories`)).json()) as {
              memories: Array<{ id: string }>;
            };
            if (memory.processingState === 'failed') {
              const made = filesUnder(`public/memories/${event.id}`);
              outcome = made.length === 0 && wall.memories.length === 0 ? 'failed' : 'unsafe';
              detail = `failed: ${memory.moderation?.reason}${made.length ? `, yet ${made.length} public files` : ''}`;
            } else {
              const problems = await inspectRenditions(memory);
              outcome = problems.length === 0 && memory.processingState === 'ready' ? 'webp' : 'unsafe';
              detail = problems.length
                ? problems.join('; ')
                : `WebP ${memory.media!.full.width}×${memory.media!.full.height}`;
            }
          } else {
            outcome = res.status >= 500 ? 'server error' : 'unsafe';
            // What the API logged for it (its error log line names the cause).
            const errorLine =
              api
                .output()
                .split('\n')
                .filter((l) => l.includes('"level":"error"'))
                .at(-1) ?? '';
            const logged = /(Error: [^"\\]{0,160})/.exec(errorLine)?.[1];
            detail = `answered ${res.status}: ${text.slice(0, 120)}${logged ? `; API log: ${logged}` : ''}`;
          }
          if (outcome === 'refused' && item.status && res.status !== item.status)
            detail += ` (expected ${item.status})`;
          results.push({ name: item.name, status: res.status, outcome, detail });
        }

        // Whatever came before, the same workers process is alive and makes a good photo into WebPs.
        const good = await createEvent(t.dataSource);
        const res = await fetch(`${api.url}/api/events/${good.id}/submissions/photo`, {
          method: 'POST',
          body: multipart('photo', await gpsTaggedJpeg(2400, 1800), 'good.jpg', { name: 'Good guest' }),
        });
        expect(res.status).toBe(201);
        const goodMemory = await processed(
          t.dataSource,
          ((await res.json()) as { memory: { id: string } }).memory.id,
          60_000,
        );
        const workerPeak = workerSampler.stop();
        const apiPeak = apiSampler.stop();

        for (const r of results)
          s.figure(
            `#${results.indexOf(r) + 1} ${r.name}`,
            `${r.status} → ${r.outcome}${r.detail ? `: ${r.detail}` : ''}`,
          );
        const count = (o: string) => results.filter((r) => r.outcome === o).length;
        s.key(
          'uploads (refused 4xx / re-encoded WebP / failed cleanly / 5xx / unsafe)',
          `${results.length} (${count('refused')} / ${count('webp')} / ${count('failed')} / ${count('server error')} / ${count('unsafe')})`,
        );
        s.key('workers peak memory (VmHWM)', mib(workerPeak.hwmKiB), 'MiB');
        s.figure('workers memory before the corpus (VmRSS)', mib(baseline.rssKiB), 'MiB');
        s.figure('workers peak VmRSS seen by sampling every 50 ms', mib(workerPeak.peakRssKiB), 'MiB');
        s.figure('API peak memory (VmHWM)', mib(apiPeak.hwmKiB), 'MiB');

        expect(results.filter((r) => r.outcome === 'unsafe')).toEqual([]);
        s.holds(
          'no upload was accepted unsanitised: none stored anything when refused, none served anything but a metadata-free WebP, none that failed left public files or reached the wall',
        );
        expect(workers.child.exitCode).toBeNull();
        expect(workers.child.pid).toBe(workerPid);
        expect(goodMemory).toMatchObject({ processingState: 'ready', approved: true });
        s.holds(`the same workers process (pid ${workerPid}) survived the corpus and then processed a good photo`);

        // No GPS (nor any EXIF or XMP) in any output in storage.
        const outputs = filesUnder('public').filter((f) => f.endsWith('.webp'));
        const leaks = outputs.filter((f) => {
          const data = readFileSync(join(storageDir, 'public', f));
          return (
            webpChunks(data).some((c) => c === 'EXIF' || c === 'XMP ') ||
            data.includes('GPS') ||
            data.includes('<script') ||
            data.includes('PhoneCo')
          );
        });
        s.key('WebP outputs in storage / with EXIF, XMP, GPS or script bytes', `${outputs.length} / ${leaks.length}`);
        expect(outputs.length).toBeGreaterThan(0);
        expect(leaks).toEqual([]);
        s.holds(`no GPS tag, EXIF or XMP in any of the ${outputs.length} WebP outputs in storage`);
        expect(filesUnder('public').every((f) => /\.webp(\.type)?$/.test(f) || !f.includes('.'))).toBe(true);
        expect(existsSync('/tmp/evil.html')).toBe(false);
        s.holds('storage holds nothing public but WebP renditions; no file was written where a file name pointed');

        // Each upload ended the way it must (a 5xx never does: a hostile body is the client's fault).
        const unexpected = results.filter(
          (r) =>
            !CORPUS.find((i) => i.name === r.name)!.allowed.includes(r.outcome as Outcome) ||
            /expected \d+/.test(r.detail),
        );
        expect(unexpected).toEqual([]);
        s.holds(
          'each upload ended the way it must: non-images and formats other than JPEG/PNG/GIF/WebP refused with 400, 10 MB + 1 byte with 413, malformed multipart with a 4xx, pixel floods refused or failed, GPS-tagged photos re-encoded',
        );
      }),
    420_000,
  );

  /** Fetches a memory's renditions as a screen would and lists what is wrong with them. */
  async function inspectRenditions(memory: Memory): Promise<string[]> {
    const problems: string[] = [];
    if (!memory.media?.card || !memory.media?.full) return ['no renditions'];
    for (const rendition of [memory.media.card, memory.media.full]) {
      const res = await fetch(`${api.url}${rendition.url}`);
      const data = Buffer.from(await res.arrayBuffer());
      if (res.headers.get('content-type') !== 'image/webp')
        problems.push(`served as ${res.headers.get('content-type')}`);
      if (res.headers.get('x-content-type-options') !== 'nosniff') problems.push('no nosniff');
      const chunks = webpChunks(data);
      if (chunks.includes('not a WebP')) problems.push('not a WebP');
      if (chunks.includes('EXIF') || chunks.includes('XMP ')) problems.push(`metadata chunks ${chunks.join(',')}`);
      if ((await sharp(data).metadata()).exif) problems.push('EXIF readable');
      if (data.includes('GPS') || data.includes('<script') || data.includes('<html'))
        problems.push('GPS or script bytes');
    }
    const original = await fetch(`${api.url}/api/media/originals/${memory.eventId}/${memory.id}`);
    if (original.status !== 404) problems.push(`original served (${original.status})`);
    return problems;
  }
});
