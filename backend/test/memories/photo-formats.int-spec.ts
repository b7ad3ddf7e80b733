import { readdirSync } from 'node:fs';
import sharp from 'sharp';
import { createAccount, makeEventAdmin } from '@memory-wall/testkit/accounts';
import { countMemories, createEvent } from '@memory-wall/testkit/factories';
import { signedIn } from '@memory-wall/testkit/http';
import { animatedGif, cameraLikeJpeg, gpsTaggedJpeg, heicOf, longGif, multipart } from '@memory-wall/testkit/images';
import { processed } from '@memory-wall/testkit/memories';
import { useMediaStack } from '@memory-wall/testkit/media-stack';

/** iPhone photos (HEIC) and animated GIFs, from upload to the renditions guests see. */
describe('HEIC photos and animated GIFs through the media pipeline', () => {
  const media = useMediaStack();

  const served = async (url: string) => Buffer.from(await (await fetch(`${media.api.url}${url}`)).arrayBuffer());

  /** A 1200×800 GPS-tagged phone photo stored sideways (EXIF orientation 6), red in its stored top-left corner. */
  const sidewaysPhoto = () =>
    sharp({ create: { width: 1200, height: 800, channels: 3, background: '#888' } })
      .composite([{ input: { create: { width: 300, height: 200, channels: 3, background: '#f00' } }, left: 0, top: 0 }])
      .jpeg()
      .withExif({ IFD0: { Make: 'PhoneCo' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' } })
      .withMetadata({ orientation: 6 })
      .toBuffer();

  it('turns a HEIC upright by its EXIF rotation into card and full WebPs without metadata', async () => {
    const event = await createEvent(media.t.dataSource);
    const heic = heicOf(await sidewaysPhoto());
    expect(await sharp(heic).metadata()).toMatchObject({
      format: 'heif',
      compression: 'hevc',
      width: 1200,
      height: 800,
    });

    const res = await media.postPhoto(event.id, multipart('photo', heic, 'IMG_0001.HEIC', { name: 'Aunt May' }));
    expect(res.status).toBe(201);
    const memory = await processed(media.t.dataSource, res.body.memory.id);
    expect(memory).toMatchObject({ processingState: 'ready', approved: true });
    expect(memory.media).toMatchObject({ card: { width: 533, height: 800 }, full: { width: 800, height: 1200 } });

    for (const rendition of [memory.media!.card, memory.media!.full]) {
      const meta = await sharp(await served(rendition.url)).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: rendition.width, height: rendition.height });
      expect(meta.exif).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
    }
    // Turned a quarter clockwise: the stored top-left corner is now the top-right one.
    const full = sharp(await served(memory.media!.full.url));
    const corner = async (left: number) =>
      (await full.clone().extract({ left, top: 50, width: 1, height: 1 }).raw().toBuffer())[0];
    expect(await corner(750)).toBeGreaterThan(200);
    expect(await corner(50)).toBeLessThan(160);
  });

  it("takes a host's bulk-uploaded HEIC, and a HEIC by its bytes whatever its name", async () => {
    const customer = await createAccount(media.t.dataSource, 'customer');
    const event = await createEvent(media.t.dataSource);
    await makeEventAdmin(media.t.dataSource, customer.user.id, event.id);
    const host = await signedIn(media.api.url, customer);
    const heic = heicOf(await gpsTaggedJpeg(640, 480));

    const bulk = await media.postPhoto(
      event.id,
      multipart('photo', heic, 'Beach.heic', { name: 'Hosts', bulk: 'true' }),
      host,
    );
    const renamed = await media.postPhoto(event.id, multipart('photo', heic, 'photo.jpg', { name: 'Guest' }));
    for (const res of [bulk, renamed]) {
      expect(res.status).toBe(201);
      expect(await processed(media.t.dataSource, res.body.memory.id)).toMatchObject({
        processingState: 'ready',
        media: { full: { width: 640, height: 480 } },
      });
    }
  });

  it.each([
    [
      'a HEIC holding 100 images',
      async () => heicOf(...Array<Buffer>(100).fill(await gpsTaggedJpeg(64, 48))),
      400,
      'Invalid file type',
    ],
    [
      'HTML named .heic',
      () => Promise.resolve(Buffer.from('<html><script>alert(1)</script></html>')),
      400,
      'Invalid file type',
    ],
    [
      'a HEIC cut off in its header',
      async () => heicOf(await gpsTaggedJpeg(640, 480)).subarray(0, 300),
      400,
      'Invalid file type',
    ],
    ['a GIF of 10,000 frames', () => longGif(10_000), 413, 'File too large'],
  ])('refuses %s and stores nothing', async (_, file, status, message) => {
    const event = await createEvent(media.t.dataSource);
    const res = await media.postPhoto(event.id, multipart('photo', await file(), 'IMG_0002.heic', { name: 'X' }));
    expect(res.status).toBe(status);
    expect(res.body.message).toBe(message);
    expect(await countMemories(media.t.dataSource, event.id)).toBe(0);
    expect(media.filesUnder(`originals/${event.id}`)).toEqual([]);
  });

  it('fails a HEIC cut off in its pixels cleanly, for hosts to see, and the next photo still flows', async () => {
    const provider = await createAccount(media.t.dataSource, 'service_provider');
    const event = await createEvent(media.t.dataSource, { serviceProviderId: provider.provider!.id });
    const whole = heicOf(await cameraLikeJpeg(800, 600));
    const cut = await media.postPhoto(
      event.id,
      multipart('photo', whole.subarray(0, Math.floor(whole.length / 2)), 'cut.heic', { name: 'Unlucky' }),
    );
    const next = await media.postPhoto(event.id, multipart('photo', whole, 'whole.heic', { name: 'Lucky' }));

    expect(await processed(media.t.dataSource, cut.body.memory.id)).toMatchObject({
      processingState: 'failed',
      approved: false,
      moderation: { reason: 'image_unreadable' },
    });
    expect(await processed(media.t.dataSource, next.body.memory.id)).toMatchObject({
      processingState: 'ready',
      media: { full: { width: 800, height: 600 } },
    });
    const host = await signedIn(media.api.url, provider);
    const pending = await host.get(`/api/events/${event.id}/submissions/pending`);
    expect(pending.body.memories).toEqual([
      expect.objectContaining({ id: cut.body.memory.id, processingState: 'failed' }),
    ]);
    expect(readdirSync(media.scratchDir)).toEqual([]);
  });

  it('keeps an animated GIF animated: animated WebPs with its frames and timing', async () => {
    const event = await createEvent(media.t.dataSource);
    const res = await media.postPhoto(
      event.id,
      multipart('photo', await animatedGif(['#f00', '#0f0', '#00f', '#ff0'], 120), 'party.gif', { name: 'Gif fan' }),
    );
    expect(res.status).toBe(201);
    const memory = await processed(media.t.dataSource, res.body.memory.id);
    expect(memory).toMatchObject({
      processingState: 'ready',
      media: { card: { width: 160, height: 120 }, full: { width: 160, height: 120 } },
    });
    for (const rendition of [memory.media!.card, memory.media!.full]) {
      const meta = await sharp(await served(rendition.url), { animated: true }).metadata();
      expect(meta).toMatchObject({
        format: 'webp',
        pages: 4,
        pageHeight: 120,
        width: 160,
        delay: [120, 120, 120, 120],
        loop: 0,
      });
      expect(meta.exif).toBeUndefined();
    }
  });
});
