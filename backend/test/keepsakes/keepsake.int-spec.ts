import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import yauzl from 'yauzl';
import {
  KEEPSAKE_KINDS,
  KeepsakeKind,
  KeepsakeMessages,
  KeepsakeStatus,
  KeepsakeView,
  LiveMessage,
  LiveMessageType,
  ModerationType,
} from '@memory-wall/contracts';
import { Event, Keepsake, loadConfig, originalKey, ServiceProvider } from '@memory-wall/core';
import { createAccount, makeEventAdmin, TestAccount } from '@memory-wall/testkit/accounts';
import { createEvent, postMessage } from '@memory-wall/testkit/factories';
import { ApiClient, signedIn } from '@memory-wall/testkit/http';
import { cameraLikeJpeg, multipart, pngOf } from '@memory-wall/testkit/images';
import { connectLive, LiveClient } from '@memory-wall/testkit/live-client';
import { processed } from '@memory-wall/testkit/memories';
import { readPdf } from '@memory-wall/testkit/pdf';
import { RunningProcess, startApi, startWorkers } from '@memory-wall/testkit/processes';
import { createTestEnvironment, TestEnvironment } from '@memory-wall/testkit/test-environment';
import { testClip, testVoice, TusClient } from '@memory-wall/testkit/videos';
import { waitFor } from '@memory-wall/testkit/wait';

/** The entries of a ZIP, read back with yauzl: name to content. */
function unzip(zip: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true }, (err, archive) => {
      if (err) return reject(err);
      const entries = new Map<string, Buffer>();
      archive.on('entry', (entry: yauzl.Entry) =>
        archive.openReadStream(entry, (openErr, stream) => {
          if (openErr) return reject(openErr);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            archive.readEntry();
          });
        }),
      );
      archive.on('end', () => resolve(entries));
      archive.on('error', reject);
      archive.readEntry();
    });
  });
}

const MESSAGE = 'Congratulations <Ana & Li>, may your days be bright!';
const CHINESE = '祝你们百年好合，永结同心';
const LUCY = '=HYPERLINK("http://evil.test","Lucy")';

/** A 1200×900 phone photo stored sideways (EXIF orientation 6), with its GPS position and camera. */
const phonePhoto = async () =>
  sharp(await cameraLikeJpeg(1200, 900))
    .withExif({
      IFD0: { Make: 'PhoneCo', Model: 'Phone 15' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' },
    })
    .withMetadata({ orientation: 6 })
    .jpeg()
    .toBuffer();

describe('keepsakes: the ZIP and the memory books of an event', () => {
  let t: TestEnvironment;
  let api: RunningProcess;
  let workers: RunningProcess;
  let storageDir: string;
  let provider: TestAccount;
  let customer: TestAccount;
  let asProvider: ApiClient;
  let asCustomer: ApiClient;
  let eventId: string;
  let hostsFeed: LiveClient;
  let missingPhoto: string;
  let keepsakes: KeepsakeView[];

  const keepsakeOf = (kind: KeepsakeKind) => keepsakes.find((k) => k.kind === kind)!;
  /** A ready keepsake's bytes, through a download link as the dashboard gets one. */
  async function download(client: ApiClient, kind: KeepsakeKind, headers: Record<string, string> = {}) {
    const link = await client.post(`/api/events/${eventId}/keepsakes/${keepsakeOf(kind).id}/link`);
    expect(link.status).toBe(201);
    const res = await fetch(`${api.url}${link.body.url}`, { headers: { cookie: client.cookie!, ...headers } });
    return { res, body: Buffer.from(await res.arrayBuffer()), url: link.body.url as string };
  }

  beforeAll(async () => {
    t = await createTestEnvironment();
    storageDir = await mkdtemp(join(tmpdir(), 'mw-keepsake-test-'));
    const env = { ...t.env, STORAGE_DIR: storageDir };
    workers = startWorkers(env);
    api = await startApi(env);
    provider = await createAccount(t.dataSource, 'service_provider');
    customer = await createAccount(t.dataSource, 'customer');
    asProvider = await signedIn(api.url, provider);
    asCustomer = await signedIn(api.url, customer);
    eventId = (
      await createEvent(t.dataSource, {
        name: 'Ana & Li 婚礼',
        eventDate: new Date('2026-06-20T15:00:00Z'),
        serviceProviderId: provider.provider!.id,
        moderationType: ModerationType.AutoApprove,
        allowVideo: true,
        allowVoice: true,
      })
    ).id;
    await makeEventAdmin(t.dataSource, customer.user.id, eventId);
    const featured = await asProvider.post(
      `/api/upload/featured-image/${eventId}`,
      multipart('image', await pngOf(800, 600)),
    );
    expect(featured.status).toBe(200);

    // In order: two messages (one titled), three photos (one titled), a drawing, a voice message, a clip.
    const ids: string[] = [];
    for (const [name, message, title] of [
      ['Maria', MESSAGE, 'For the couple'],
      ['王芳', CHINESE, undefined],
    ]) {
      ids.push((await postMessage(api.url, eventId, { name, message, title })).body.memory.id);
    }
    // Tom's phone tags where and with what (and turns it: EXIF orientation 6); Lucy writes like a formula.
    const photos: Array<[Buffer, Record<string, string>]> = [
      [await phonePhoto(), { name: 'Tom', title: 'Dance floor' }],
      [await cameraLikeJpeg(1200, 900), { name: LUCY, photoCaption: '+1 from Lucy' }],
      [await cameraLikeJpeg(1200, 900), { name: 'Ravi' }],
    ];
    for (const [photo, fields] of photos) {
      const res = await new ApiClient(api.url).post(
        `/api/events/${eventId}/submissions/photo`,
        multipart('photo', photo, 'photo.jpg', fields),
      );
      expect(res.status).toBe(201);
      ids.push(res.body.memory.id);
    }
    const drawing = await pngOf(600, 400);
    const drawn = await new ApiClient(api.url).post(`/api/events/${eventId}/submissions/drawing`, {
      name: 'Kid',
      content: `data:image/png;base64,${drawing.toString('base64')}`,
    });
    expect(drawn.status).toBe(201);
    ids.push(drawn.body.memory.id);
    // No transcript (no OpenAI here): the guestbook and the book still say what it is.
    const voice = await new ApiClient(api.url).post(
      `/api/events/${eventId}/submissions/voice`,
      multipart('voice', testVoice(2, 'webm'), 'voice.webm', { name: '小明' }),
    );
    expect(voice.status).toBe(201);
    ids.push(voice.body.memory.id);
    const clip = await new TusClient(api.url).upload(eventId, testClip({ seconds: 2, width: 640, height: 360 }), {
      name: 'Aunt May',
      photoCaption: 'First dance',
    });
    expect(clip.status).toBe(200);
    ids.push(clip.body.memory.id);
    for (const id of ids) expect((await processed(t.dataSource, id)).approved).toBe(true);

    // Storage lost one photo's original: the archive lists it and delivers the rest.
    missingPhoto = originalKey(eventId, ids[4]);
    await rm(join(storageDir, missingPhoto));

    hostsFeed = await connectLive(
      `${api.url.replace('http', 'ws')}/ws?eventId=${eventId}`,
      undefined,
      asProvider.cookie,
    );
    await hostsFeed.joined();
    expect((await asProvider.patch(`/api/events/${eventId}`, { status: 'completed' })).status).toBe(200);
    await waitFor(
      async () => {
        const rows = await t.dataSource.getRepository(Keepsake).findBy({ eventId });
        return rows.length === KEEPSAKE_KINDS.length && rows.every((k) => k.status === KeepsakeStatus.Ready);
      },
      120_000,
      'the keepsakes built',
    );
    keepsakes = (await asCustomer.get(`/api/events/${eventId}/keepsakes`)).body.keepsakes;
  }, 240_000);

  afterAll(async () => {
    hostsFeed?.close();
    await Promise.all([api?.stop(), workers?.stop()]);
    await t?.cleanup();
    if (storageDir) await rm(storageDir, { recursive: true, force: true });
  });

  it('builds all three when the event is completed, and tells the hosts live how far it got', () => {
    expect(keepsakes.map((k) => [k.kind, k.status])).toEqual(
      KEEPSAKE_KINDS.map((kind) => [kind, KeepsakeStatus.Ready]),
    );
    const updates = hostsFeed.messages.filter(
      (m): m is Extract<LiveMessage, { type: 'keepsake_updated' }> => m.type === LiveMessageType.KeepsakeUpdated,
    );
    for (const kind of KEEPSAKE_KINDS) {
      const statuses = updates.filter((m) => m.keepsake.kind === kind).map((m) => m.keepsake.status);
      expect(statuses[0]).toBe(KeepsakeStatus.Building);
      expect(statuses[statuses.length - 1]).toBe(KeepsakeStatus.Ready);
    }
  });

  it("tells the hosts from when the media are deleted: the provider's retention from completion, a week after a late warning", async () => {
    const DAY_MS = 24 * 3600_000;
    const deletesAt = async () => (await asCustomer.get(`/api/events/${eventId}/keepsakes`)).body.mediaDeletesAt;
    const { completedAt } = await t.dataSource.getRepository(Event).findOneByOrFail({ id: eventId });
    const providers = t.dataSource.getRepository(ServiceProvider);

    expect(await deletesAt()).toBe(
      new Date(completedAt!.getTime() + loadConfig(t.env).RETENTION_DAYS * DAY_MS).toISOString(),
    );
    await providers.update({ id: provider.provider!.id }, { retentionDays: 30 });
    expect(await deletesAt()).toBe(new Date(completedAt!.getTime() + 30 * DAY_MS).toISOString());
    // Warned on day 28 (the sweep ran late): never sooner than a week after the warning.
    const warnedAt = new Date(completedAt!.getTime() + 28 * DAY_MS);
    await t.dataSource.getRepository(Event).update({ id: eventId }, { retentionWarnedAt: warnedAt });
    expect(await deletesAt()).toBe(new Date(warnedAt.getTime() + 7 * DAY_MS).toISOString());
    await t.dataSource.getRepository(Event).update({ id: eventId }, { retentionWarnedAt: null });
    await providers.update({ id: provider.provider!.id }, { retentionDays: null });

    // A live event has no deletion date.
    const live = await createEvent(t.dataSource, { serviceProviderId: provider.provider!.id });
    expect((await asProvider.get(`/api/events/${live.id}/keepsakes`)).body).toEqual({
      keepsakes: [],
      mediaDeletesAt: null,
    });
  });

  it('zips the originals by type with a guestbook of every memory, the CSV and a report of what storage lacked', async () => {
    const { res, body } = await download(asCustomer, KeepsakeKind.Archive);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toContain('memories.zip');
    const entries = await unzip(body);
    const names = [...entries.keys()].sort();
    expect(names.filter((n) => n.startsWith('photos/'))).toHaveLength(2);
    expect(names.filter((n) => n.startsWith('drawings/'))).toHaveLength(1);
    // A file name keeps the guest's name in any script.
    expect(names.filter((n) => n.startsWith('voices/'))).toEqual([
      expect.stringMatching(/^voices\/0007-小明-[0-9a-f]{8}\.m4a$/),
    ]);
    // The clip, with the poster frame the screens showed.
    expect(names.filter((n) => n.startsWith('videos/'))).toEqual([
      expect.stringMatching(/^videos\/0008-Aunt-May-[0-9a-f]{8}-poster\.webp$/),
      expect.stringMatching(/^videos\/0008-Aunt-May-[0-9a-f]{8}\.mp4$/),
    ]);
    expect(names.filter((n) => !n.includes('/'))).toEqual(['guestbook.html', 'memories.csv', 'report.txt']);
    expect(names).toHaveLength(9);
    const tomsPhoto = names.find((n) => n.startsWith('photos/'))!;
    expect(tomsPhoto).toMatch(/^photos\/0003-Tom-[0-9a-f]{8}\.jpg$/);

    // Every memory in the guestbook, with its title and its picture, clip or recording beside it.
    const guestbook = entries.get('guestbook.html')!.toString('utf8');
    const guestbookEntries = guestbook.match(/<article>/g) ?? [];
    expect(guestbookEntries).toHaveLength(8);
    expect(guestbook).toContain(
      '<h3>For the couple</h3><p>Congratulations &lt;Ana &amp; Li&gt;, may your days be bright!</p>',
    );
    expect(guestbook).toContain(CHINESE);
    // A photo's title without a caption stands in for it, as on the cards.
    expect(guestbook).toContain(`<h2>Tom</h2><img src="${tomsPhoto}" alt=""><p>Dance floor</p>`);
    expect(guestbook).toMatch(/<img src="drawings\/0006-Kid-[0-9a-f]{8}\.png"/);
    expect(guestbook).toMatch(/<p class="kind">Voice message \(0:0[12]\)<\/p><audio src="voices\/0007-小明-/);
    expect(guestbook).toMatch(
      /<video src="videos\/0008-Aunt-May-[0-9a-f]{8}\.mp4" controls preload="none" poster="videos\/0008-Aunt-May-[0-9a-f]{8}-poster\.webp">/,
    );

    // The photo as the host keeps it: upright, full size, nothing of where or with what it was taken (K2).
    const tom = await sharp(entries.get(names.find((n) => n.startsWith('photos/0003-Tom-'))!)).metadata();
    expect([tom.format, tom.width, tom.height]).toEqual(['jpeg', 900, 1200]);
    expect([tom.exif, tom.orientation, tom.xmp, tom.iptc]).toEqual([undefined, undefined, undefined, undefined]);

    const csv = entries.get('memories.csv')!.toString('utf8').trim().split('\n');
    expect(csv).toHaveLength(9);
    expect(csv[0]).toBe('number,type,name,title,message,file,submitted_at,id');
    expect(csv[1]).toMatch(/^1,message,Maria,For the couple,"Congratulations <Ana & Li>, may your days be bright!",,/);
    // A guest's text that starts like a formula is text to a spreadsheet (K1).
    expect(csv[4]).toMatch(/^4,photo,"'=HYPERLINK\(""http:\/\/evil\.test"",""Lucy""\)",,'\+1 from Lucy,photos\//);

    const report = entries.get('report.txt')!.toString('utf8');
    expect(report).toContain(missingPhoto);
    expect(keepsakeOf(KeepsakeKind.Archive).missing).toEqual([expect.stringContaining(missingPhoto)]);
    expect(keepsakeOf(KeepsakeKind.Archive).size).toBe(body.length);
  });

  it.each([
    [KeepsakeKind.BookA4, 595.28],
    [KeepsakeKind.BookLetter, 612],
  ])(
    'prints the %s memory book: cover, every memory with its title (Chinese too), an image per photo, drawing and clip, a voice message named as one',
    async (kind, width) => {
      const { res, body } = await download(asProvider, kind);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      expect(body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const pages = await readPdf(body);
      expect(pages.length).toBeGreaterThanOrEqual(2);
      expect(pages[0].text).toContain('Ana & Li 婚礼');
      expect(pages[0].text).toContain('2026-06-20');
      const all = pages
        .map((p) => p.text)
        .join('\n')
        .replace(/\s+/g, ' ');
      expect(all).toContain('Congratulations <Ana & Li>, may your days be bright!');
      expect(all).toContain(CHINESE);
      for (const name of ['Maria', '王芳', 'Tom', 'Lucy', 'Ravi', 'Kid', '小明', 'Aunt May'])
        expect(all).toContain(name);
      for (const title of ['For the couple', 'Dance floor']) expect(all).toContain(title);
      expect(all).toMatch(/小明 Voice message \(0:0[12]\)/);
      expect(pages[0].images).toBe(1); // the featured image on the cover
      // The cover, three photos, one drawing and the clip's poster.
      expect(pages.reduce((sum, p) => sum + p.images, 0)).toBe(1 + 3 + 1 + 1);
      // The paper size of every page (points), read from the file.
      expect(body.toString('latin1')).toContain(`/MediaBox [0 0 ${width}`);
    },
  );

  it('serves byte ranges, so a browser resumes a download where it stopped', async () => {
    const whole = await download(asProvider, KeepsakeKind.Archive);
    const size = whole.body.length;
    expect(whole.res.headers.get('accept-ranges')).toBe('bytes');
    const first = await download(asProvider, KeepsakeKind.Archive, { range: 'bytes=0-999' });
    expect(first.res.status).toBe(206);
    expect(first.res.headers.get('content-range')).toBe(`bytes 0-999/${size}`);
    const rest = await fetch(`${api.url}${first.url}`, {
      headers: { cookie: asProvider.cookie!, range: 'bytes=1000-' },
    });
    expect(rest.status).toBe(206);
    expect(rest.headers.get('content-range')).toBe(`bytes 1000-${size - 1}/${size}`);
    expect(Buffer.concat([first.body, Buffer.from(await rest.arrayBuffer())]).equals(whole.body)).toBe(true);
    const beyond = await fetch(`${api.url}${first.url}`, {
      headers: { cookie: asProvider.cookie!, range: `bytes=${size}-` },
    });
    expect(beyond.status).toBe(416);
  });

  it('never lets a guest, a stranger or a link without its signature in', async () => {
    const { url } = await download(asProvider, KeepsakeKind.Archive);
    const guest = await signedIn(api.url, await createAccount(t.dataSource, 'guest'));
    const otherProvider = await signedIn(api.url, await createAccount(t.dataSource, 'service_provider'));
    const anonymous = new ApiClient(api.url);
    for (const [client, status] of [
      [anonymous, 401],
      [guest, 403],
      [otherProvider, 404],
    ] as const) {
      expect((await client.get(url)).status).toBe(status);
      expect((await client.get(`/api/events/${eventId}/keepsakes`)).status).toBe(status);
      expect((await client.post(`/api/events/${eventId}/keepsakes`)).status).toBe(status);
      expect(
        (await client.post(`/api/events/${eventId}/keepsakes/${keepsakeOf(KeepsakeKind.Archive).id}/link`)).status,
      ).toBe(status);
    }
    const forged = url.replace(/signature=[^&]+/, 'signature=AAAA');
    expect((await asProvider.get(forged)).body.message).toBe(KeepsakeMessages.linkExpired);
    const expired = url.replace(/expires=\d+/, 'expires=1000');
    expect((await asProvider.get(expired)).status).toBe(410);
  });

  it('lets hosts ask again only once per few minutes per event', async () => {
    const first = await asCustomer.post(`/api/events/${eventId}/keepsakes`);
    expect(first.status).toBe(429);
    expect(first.body.message).toBe(KeepsakeMessages.tooSoon(5));
    expect(Number(first.headers.get('retry-after'))).toBeGreaterThan(0);
    // An earlier request lets a host ask again.
    await t.dataSource.query(
      `UPDATE "keepsakes" SET "requestedAt" = now() - interval '6 minutes' WHERE "eventId" = $1`,
      [eventId],
    );
    const again = await asCustomer.post(`/api/events/${eventId}/keepsakes`);
    expect(again.status).toBe(202);
    expect((again.body.keepsakes as KeepsakeView[]).map((k) => k.status)).not.toContain(KeepsakeStatus.Ready);
    expect((await asProvider.post(`/api/events/${eventId}/keepsakes`)).status).toBe(429);
    await waitFor(
      async () =>
        (await t.dataSource.getRepository(Keepsake).findBy({ eventId })).every(
          (k) => k.status === 'ready' && k.generation === 2,
        ),
      120_000,
      'the second build',
    );
  }, 180_000);

  it('says there is nothing to keep for an event without approved memories, and makes no file', async () => {
    const empty = await createEvent(t.dataSource, {
      serviceProviderId: provider.provider!.id,
      moderationType: ModerationType.ManualModeration,
    });
    const pending = await postMessage(api.url, empty.id, { name: 'Guest', message: 'Waiting for a host' });
    await processed(t.dataSource, pending.body.memory.id);
    const res = await asProvider.post(`/api/events/${empty.id}/keepsakes`);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(KeepsakeMessages.nothingToKeep);
    expect((await asProvider.patch(`/api/events/${empty.id}`, { status: 'completed' })).status).toBe(200);
    expect((await asProvider.get(`/api/events/${empty.id}/keepsakes`)).body.keepsakes).toEqual([]);
  });
});
