import { Queue } from 'bullmq';
import sharp from 'sharp';
import { JobName, QueueName, renderMediaJobId } from '@memory-wall/contracts';
import { Memory, RedisKeys } from '@memory-wall/core';
import { createAccount, makeEventAdmin } from '@memory-wall/testkit/accounts';
import { countMemories, createEvent } from '@memory-wall/testkit/factories';
import { signedIn } from '@memory-wall/testkit/http';
import { gpsTaggedJpeg, multipart, pixelFloodPng, pngOf, truncatedJpeg } from '@memory-wall/testkit/images';
import { processed } from '@memory-wall/testkit/memories';
import { useMediaStack } from '@memory-wall/testkit/media-stack';
import { waitFor } from '@memory-wall/testkit/wait';

describe('photo and drawing submissions through the media pipeline', () => {
  const media = useMediaStack();

  it('turns a GPS-tagged phone photo into card and full-screen WebPs without any metadata', async () => {
    const event = await createEvent(media.t.dataSource);
    const res = await media.postPhoto(
      event.id,
      multipart('photo', await gpsTaggedJpeg(3000, 2000), 'IMG_0001.JPG', {
        name: 'Aunt May',
        photoCaption: 'First dance',
      }),
    );
    expect(res.status).toBe(201);

    const memory = await processed(media.t.dataSource, res.body.memory.id);
    expect(memory).toMatchObject({
      type: 'photo',
      processingState: 'ready',
      approved: true,
      author: 'Aunt May',
      photoCaption: 'First dance',
    });
    expect(memory.media).toMatchObject({ card: { width: 800, height: 533 }, full: { width: 1920, height: 1280 } });
    expect(memory.content).toBe(memory.media!.full.url);
    for (const rendition of [memory.media!.card, memory.media!.full]) {
      const served = await fetch(`${media.api.url}${rendition.url}`);
      expect(served.headers.get('content-type')).toBe('image/webp');
      const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: rendition.width, height: rendition.height });
      expect(meta.exif).toBeUndefined();
    }
    // The original stays private.
    expect(media.filesUnder('originals').length).toBeGreaterThan(0);
    expect((await fetch(`${media.api.url}/api/media/originals/${event.id}/${memory.id}`)).status).toBe(404);

    const wall = await media.guest().get(`/api/events/${event.id}/memories`);
    expect(wall.body.memories[0]).toMatchObject({ id: memory.id, media: memory.media, photoCaption: 'First dance' });
  });

  it('turns a photo upright by its EXIF orientation', async () => {
    const event = await createEvent(media.t.dataSource);
    const sideways = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#888' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const res = await media.postPhoto(event.id, multipart('photo', sideways, 'x.jpg', { name: 'Tilted' }));
    const memory = await processed(media.t.dataSource, res.body.memory.id);
    expect(memory.media!.full).toMatchObject({ width: 200, height: 300 });
  });

  it.each([
    [
      'a renamed HTML file',
      async () => multipart('photo', Buffer.from('<html><script>alert(1)</script></html>'), 'cat.jpg', { name: 'X' }),
      400,
      'Invalid file type',
    ],
    [
      'an ELF binary',
      async () =>
        multipart(
          'photo',
          Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1]), Buffer.alloc(200)]),
          'a.png',
          { name: 'X' },
        ),
      400,
      'Invalid file type',
    ],
    [
      'an SVG',
      async () =>
        multipart(
          'photo',
          Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>'),
          'a.svg',
          { name: 'X' },
        ),
      400,
      'Invalid file type',
    ],
    [
      'a 30000×30000 pixel flood',
      async () => multipart('photo', await pixelFloodPng(), 'flood.png', { name: 'X' }),
      400,
      'Invalid file type',
    ],
    [
      'zero bytes',
      async () => multipart('photo', Buffer.alloc(0), 'empty.jpg', { name: 'X' }),
      400,
      'Invalid file type',
    ],
    [
      '10 MB + 1 byte',
      async () => multipart('photo', Buffer.alloc(10 * 1024 * 1024 + 1, 1), 'big.jpg', { name: 'X' }),
      413,
      'File too large',
    ],
    [
      'a bulk upload over 5 MB',
      async () =>
        multipart('photo', Buffer.concat([await gpsTaggedJpeg(400, 300), Buffer.alloc(5 * 1024 * 1024)]), 'big.jpg', {
          name: 'X',
          bulk: 'true',
        }),
      413,
      'Each file must be less than 5MB',
    ],
    [
      'the wrong field name',
      async () => multipart('image', await gpsTaggedJpeg(400, 300), 'a.jpg', { name: 'X' }),
      400,
      'Please select a photo to upload',
    ],
    ['a missing name', async () => multipart('photo', await gpsTaggedJpeg(400, 300)), 400, 'Name is required'],
  ])('refuses %s and stores nothing', async (_, form, status, message) => {
    const event = await createEvent(media.t.dataSource);
    const res = await media.postPhoto(event.id, await form());
    expect(res.status).toBe(status);
    expect(res.body.message).toBe(message);
    expect(await countMemories(media.t.dataSource, event.id)).toBe(0);
    expect(media.filesUnder(`originals/${event.id}`)).toEqual([]);
  });

  it('refuses a photo for a draft event before storing it', async () => {
    const event = await createEvent(media.t.dataSource, { status: 'draft', isPublished: false });
    const res = await media.postPhoto(
      event.id,
      multipart('photo', await gpsTaggedJpeg(400, 300), 'a.jpg', { name: 'X' }),
    );
    expect(res.status).toBe(403);
    expect(media.filesUnder(`originals/${event.id}`)).toEqual([]);
  });

  it('ends a truncated JPEG as a clean failure that hosts can see, without retrying it', async () => {
    const provider = await createAccount(media.t.dataSource, 'service_provider');
    const event = await createEvent(media.t.dataSource, { serviceProviderId: provider.provider!.id });
    const res = await media.postPhoto(
      event.id,
      multipart('photo', await truncatedJpeg(), 'cut.jpg', { name: 'Unlucky' }),
    );
    expect(res.status).toBe(201);
    const memory = await processed(media.t.dataSource, res.body.memory.id);
    expect(memory).toMatchObject({
      processingState: 'failed',
      approved: false,
      moderation: { reason: 'image_unreadable' },
    });

    const host = await signedIn(media.api.url, provider);
    const pending = await host.get(`/api/events/${event.id}/submissions/pending`);
    expect(pending.body.memories).toEqual([expect.objectContaining({ id: memory.id, processingState: 'failed' })]);
    expect((await media.guest().get(`/api/events/${event.id}/memories`)).body.memories).toEqual([]);
    expect((await host.post(`/api/submissions/${memory.id}/approve`)).status).toBe(409);

    const queue = new Queue(QueueName.Media, {
      connection: { url: media.t.env.REDIS_URL },
      prefix: new RedisKeys(media.t.env.REDIS_PREFIX).queuePrefix,
    });
    const job = await queue.getJob(renderMediaJobId(memory.id));
    expect(job?.attemptsMade).toBe(1);
    await queue.close();
  });

  it('stores a drawing (a PNG data URL) and refuses anything else as a drawing', async () => {
    const event = await createEvent(media.t.dataSource);
    const png = await pngOf(600, 400);
    const res = await media.guest().post(`/api/events/${event.id}/submissions/drawing`, {
      name: 'Little Sam',
      content: `data:image/png;base64,${png.toString('base64')}`,
    });
    expect(res.status).toBe(201);
    expect(await processed(media.t.dataSource, res.body.memory.id)).toMatchObject({
      type: 'drawing',
      approved: true,
      media: { card: { width: 600, height: 400 } },
    });

    const jpeg = await gpsTaggedJpeg(100, 100);
    for (const content of [`data:image/png;base64,${jpeg.toString('base64')}`, 'data:text/html;base64,PGh0bWw+', '']) {
      const bad = await media.guest().post(`/api/events/${event.id}/submissions/drawing`, { name: 'X', content });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe('Drawing is required');
    }
    expect(await countMemories(media.t.dataSource, event.id)).toBe(1);
  });

  it("approves what the event's own host uploads, even under manual moderation", async () => {
    const customer = await createAccount(media.t.dataSource, 'customer');
    const event = await createEvent(media.t.dataSource, { moderationType: 'manual_moderation' });
    await makeEventAdmin(media.t.dataSource, customer.user.id, event.id);
    const host = await signedIn(media.api.url, customer);
    const mine = await media.postPhoto(
      event.id,
      multipart('photo', await gpsTaggedJpeg(400, 300), 'Beach.jpg', {
        name: 'Hosts',
        photoCaption: 'Beach',
        bulk: 'true',
      }),
      host,
    );
    const theirs = await media.postPhoto(
      event.id,
      multipart('photo', await gpsTaggedJpeg(400, 300), 'a.jpg', { name: 'Guest' }),
    );
    expect((await processed(media.t.dataSource, mine.body.memory.id)).approved).toBe(true);
    expect(await processed(media.t.dataSource, theirs.body.memory.id)).toMatchObject({
      approved: false,
      moderation: { reason: 'manual_review' },
    });
  });

  it('holds AI-moderated memories for a human when no OpenAI key is configured (fail closed)', async () => {
    const event = await createEvent(media.t.dataSource, { moderationType: 'ai_moderation' });
    const res = await media
      .guest()
      .post(`/api/events/${event.id}/submissions/message`, { name: 'Zed', message: 'Hello' });
    expect(await processed(media.t.dataSource, res.body.memory.id)).toMatchObject({
      approved: false,
      moderation: { reason: 'ai_unavailable' },
    });
  });

  it('changes nothing when the same memory is processed a second time', async () => {
    const event = await createEvent(media.t.dataSource);
    const res = await media.postPhoto(
      event.id,
      multipart('photo', await gpsTaggedJpeg(1000, 800), 'a.jpg', { name: 'Once' }),
    );
    const first = await processed(media.t.dataSource, res.body.memory.id);
    const renditions = media.filesUnder(`public/memories/${event.id}`).sort();

    // Both stages run again: the media queue's render and the moderation queue's processing.
    for (const [name, job] of [
      [QueueName.Media, JobName.RenderMedia],
      [QueueName.Moderation, JobName.ProcessMemory],
    ] as const) {
      const queue = new Queue(name, {
        connection: { url: media.t.env.REDIS_URL },
        prefix: new RedisKeys(media.t.env.REDIS_PREFIX).queuePrefix,
      });
      const again = await queue.add(job, { memoryId: first.id }, { jobId: `again-${first.id}` });
      await waitFor(async () => (await again.getState()) === 'completed', 10_000, `the second run of ${job}`);
      await queue.close();
    }

    const second = await media.t.dataSource.getRepository(Memory).findOneByOrFail({ id: first.id });
    expect(second.updatedAt).toEqual(first.updatedAt);
    expect(second.media).toEqual(first.media);
    expect(media.filesUnder(`public/memories/${event.id}`).sort()).toEqual(renditions);
  });
});
