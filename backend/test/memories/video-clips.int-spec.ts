import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { ModerationType } from '@memory-wall/contracts';
import { useAppStack } from '@memory-wall/testkit/app-stack';
import { Memory } from '@memory-wall/core';
import { countMemories, createEvent } from '@memory-wall/testkit/factories';
import { ApiClient } from '@memory-wall/testkit/http';
import { cameraLikeJpeg, multipart } from '@memory-wall/testkit/images';
import { FakeOpenAi } from '@memory-wall/testkit/fake-openai';
import { processed } from '@memory-wall/testkit/memories';
import { PHONE_TAGS, probe, TusClient, testClip } from '@memory-wall/testkit/videos';

/** Guests' video clips: up by tus, transcoded by the workers' ffmpeg, moderated by their frames. */
describe('video clips from upload to the wall', () => {
  const openai = new FakeOpenAi();
  /** TMPDIR: the API's and workers' temporary directory, to see that nothing is left in it. */
  const app = useAppStack({
    tempDirs: ['STORAGE_DIR', 'VIDEO_UPLOAD_DIR', 'TMPDIR'],
    openai: { fake: openai },
    // One slot for photos, as a small workers process has: a clip must never take it.
    workersEnv: () => ({ WORKER_CONCURRENCY: '1' }),
  });
  const guest = () => new TusClient(app.api.url);

  const originals = (eventId: string): string[] => {
    try {
      return readdirSync(join(app.dirs.STORAGE_DIR, 'originals', eventId), { recursive: true }) as string[];
    } catch {
      return [];
    }
  };
  const videoEvent = (overrides = {}) => createEvent(app.t.dataSource, { allowVideo: true, ...overrides });
  /** Every clip to 720p at most (the Nx longest edge), so the slow machine keeps the test short. */
  const ready = (memoryId: string) => processed(app.t.dataSource, memoryId, 120_000);

  it('transcodes a 1080p phone clip to a 720p H.264/AAC MP4 without metadata, with a WebP poster', async () => {
    const event = await videoEvent();
    const clip = testClip({ seconds: 3, width: 1920, height: 1080, phoneTags: true });
    expect(probe(clip).format.tags).toMatchObject({ title: PHONE_TAGS.title, location: PHONE_TAGS.location });

    const res = await guest().upload(event.id, clip, { name: 'Aunt May', photoCaption: 'First dance' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, memory: { eventId: event.id } });

    const memory = await ready(res.body.memory.id);
    expect(memory).toMatchObject({ type: 'video', processingState: 'ready', approved: true, author: 'Aunt May' });
    expect(memory.media?.video).toMatchObject({ width: 1280, height: 720 });
    expect(memory.media!.video!.duration).toBeCloseTo(3, 0);

    const mp4 = await app.served(memory.media!.video!.url);
    expect(mp4).toMatchObject({ status: 200, type: 'video/mp4' });
    const probed = probe(mp4.bytes);
    expect(probed.format.format_name).toContain('mp4');
    expect(Number(probed.format.duration)).toBeCloseTo(3, 0);
    const video = probed.streams.find((s) => s.codec_type === 'video')!;
    const audio = probed.streams.find((s) => s.codec_type === 'audio')!;
    expect(video).toMatchObject({ codec_name: 'h264', width: 1280, height: 720 });
    expect(audio).toMatchObject({ codec_name: 'aac' });
    // Nothing the phone wrote, and no encoder's name: only the container's own brand fields.
    const tags = { ...probed.format.tags, ...video.tags, ...audio.tags };
    for (const value of Object.values(PHONE_TAGS)) expect(Object.values(tags)).not.toContain(value);
    expect(Object.keys(probed.format.tags ?? {}).sort()).toEqual(
      expect.not.arrayContaining(['title', 'location', 'comment', 'creation_time', 'encoder']),
    );

    for (const poster of [memory.media!.card, memory.media!.full]) {
      const image = await app.served(poster.url);
      const meta = await sharp(image.bytes).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: poster.width, height: poster.height });
    }
    expect(memory.media!.full).toMatchObject({ width: 1280, height: 720 });
    // The original and the frames AI moderation reads stay private.
    expect(
      originals(event.id)
        .filter((name) => !name.endsWith('.type'))
        .sort(),
    ).toEqual([memory.id, ...[0, 1, 2, 3].map((n) => `${memory.id}-frame-${n}.jpg`)]);
    expect((await app.served(`/api/media/originals/${event.id}/${memory.id}-frame-0.jpg`)).status).toBe(404);
    expect(readdirSync(app.dirs.VIDEO_UPLOAD_DIR)).toEqual([]);
    expect(readdirSync(app.dirs.TMPDIR).filter((name) => name.startsWith('mw-'))).toEqual([]);
  });

  it('keeps a standing clip standing, in the 720×1280 box', async () => {
    const event = await videoEvent();
    const res = await guest().upload(event.id, testClip({ seconds: 2, width: 1080, height: 1920, audio: false }), {
      name: 'Phone held up',
    });
    expect(res.status).toBe(200);
    const memory = await ready(res.body.memory.id);
    expect(memory.media?.video).toMatchObject({ width: 720, height: 1280 });
    const video = probe((await app.served(memory.media!.video!.url)).bytes).streams.find(
      (s) => s.codec_type === 'video',
    );
    expect(video).toMatchObject({ codec_name: 'h264', width: 720, height: 1280 });
    expect(probe((await app.served(memory.media!.video!.url)).bytes).streams.map((s) => s.codec_type)).toEqual([
      'video',
    ]);
  });

  it('shows AI moderation frames spread across the clip, and holds the clip when it flags them', async () => {
    const event = await videoEvent({ moderationType: ModerationType.AiModeration });
    const before = openai.requests.length;
    const res = await guest().upload(event.id, testClip({ seconds: 4, audio: false }), {
      name: 'Guest',
      photoCaption: 'FLAGME',
    });
    expect(res.status).toBe(200);
    const memory = await ready(res.body.memory.id);
    expect(memory).toMatchObject({ processingState: 'ready', approved: false, moderation: { reason: 'ai_flagged' } });
    const asked = openai.requests.slice(before);
    expect(asked).toHaveLength(4);
    for (const request of asked) {
      const image = request.body.input.find((i) => i.type === 'image_url');
      expect(image && 'image_url' in image && image.image_url.url).toMatch(/^data:image\/jpeg;base64,/);
    }
    // Held: its clip is not public.
    expect((await app.served(memory.media!.video!.url)).status).toBe(404);
  });

  it('holds a clip for a human when AI moderation cannot look at it (fail closed)', async () => {
    const event = await videoEvent({ moderationType: ModerationType.AiModeration });
    openai.down = true;
    try {
      const res = await guest().upload(event.id, testClip({ seconds: 2, audio: false }), { name: 'Guest' });
      const memory = await ready(res.body.memory.id);
      expect(memory).toMatchObject({ approved: false, moderation: { reason: 'ai_unavailable' } });
    } finally {
      openai.down = false;
    }
  });

  it.each([
    [
      'an event that takes no clips',
      { allowVideo: false },
      1000,
      { name: 'X' },
      403,
      'This event does not take video clips',
    ],
    ['no name', {}, 1000, { photoCaption: 'hi' }, 400, 'Name is required'],
    ['more bytes than any clip may have', {}, 500 * 1024 * 1024, { name: 'X' }, 413, 'File too large'],
  ])('refuses an upload to %s before any byte is sent', async (_, overrides, size, fields, status, message) => {
    const event = await videoEvent(overrides);
    const res = await guest().create(event.id, size, fields);
    expect(res.status).toBe(status);
    expect(res.body.message).toBe(message);
    expect(readdirSync(app.dirs.VIDEO_UPLOAD_DIR)).toEqual([]);
  });

  it.each([
    [
      'a 3-hour clip',
      () => testClip({ seconds: 3 * 3600, width: 64, height: 48, fps: 1, audio: false }),
      413,
      'This video clip is too long',
    ],
    [
      'bytes that are no video',
      () => Buffer.from('<html><script>alert(1)</script></html>'.repeat(100)),
      400,
      'Invalid file type',
    ],
    ['a clip with no picture', () => testClip({ seconds: 2, audioOnly: true }), 400, 'Invalid file type'],
    [
      'a clip of 300 pictures a second, more than a phone records (V1)',
      () => testClip({ seconds: 2, width: 320, height: 180, fps: 300, audio: false }),
      400,
      'Invalid file type',
    ],
    [
      'a picture larger than 4K (V1)',
      () => testClip({ seconds: 1, width: 4800, height: 64, fps: 1, audio: false }),
      400,
      'Invalid file type',
    ],
    [
      'a camera clip cut off before its index',
      () => {
        const whole = testClip({ seconds: 3, indexAtEnd: true });
        return whole.subarray(0, Math.floor(whole.length / 2));
      },
      400,
      'Invalid file type',
    ],
  ])('refuses %s once it is up, and keeps nothing', async (_, file, status, message) => {
    const event = await videoEvent();
    const res = await guest().upload(event.id, file(), { name: 'X' });
    expect(res.status).toBe(status);
    expect(res.body.message).toBe(message);
    expect(await countMemories(app.t.dataSource, event.id)).toBe(0);
    expect(originals(event.id)).toEqual([]);
    expect(readdirSync(app.dirs.VIDEO_UPLOAD_DIR)).toEqual([]);
  });

  it('takes what a phone records at most: 4K at 60 pictures a second', async () => {
    const event = await videoEvent();
    const res = await guest().upload(event.id, testClip({ seconds: 1, width: 3840, height: 2160, fps: 60 }), {
      name: 'Phone',
    });
    expect(res.status).toBe(200);
    expect(await ready(res.body.memory.id)).toMatchObject({ processingState: 'ready', approved: true });
  });

  it('renders a photo while a clip of another event is being transcoded: clips have a lane of their own (V1)', async () => {
    // Seconds of ffmpeg's work, then a photo to another event: with clips on the photos' queue (one slot
    // here, WORKER_CONCURRENCY: 1) the photo waited for the clip to finish.
    const clip = testClip({ seconds: 10, width: 1920, height: 1080, fps: 30, audio: false });
    const uploaded = await guest().upload((await videoEvent()).id, clip, { name: 'Filmmaker' });
    expect(uploaded.status).toBe(200);
    const photo = await new ApiClient(app.api.url).post(
      `/api/events/${(await createEvent(app.t.dataSource)).id}/submissions/photo`,
      multipart('photo', await cameraLikeJpeg(800, 600), 'photo.jpg', { name: 'Photographer' }),
    );
    expect(photo.status).toBe(201);

    expect(await ready(photo.body.memory.id)).toMatchObject({ processingState: 'ready' });
    const memories = app.t.dataSource.getRepository(Memory);
    expect((await memories.findOneByOrFail({ id: uploaded.body.memory.id })).processingState).toBe('processing');
    expect(await ready(uploaded.body.memory.id)).toMatchObject({ processingState: 'ready' });
  });

  it("refuses a clip longer than its event's own limit", async () => {
    const event = await videoEvent({ maxVideoSeconds: 5 });
    const res = await guest().upload(event.id, testClip({ seconds: 8, width: 160, height: 90, audio: false }), {
      name: 'X',
    });
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('This video clip is too long');
  });

  it('fails a clip cut off in its pictures cleanly, for hosts to see, and the next clip still flows', async () => {
    const event = await videoEvent();
    const whole = testClip({ seconds: 6 });
    const cut = await guest().upload(event.id, whole.subarray(0, Math.floor(whole.length / 2)), { name: 'Unlucky' });
    const next = await guest().upload(event.id, testClip({ seconds: 2 }), { name: 'Lucky' });
    expect([cut.status, next.status]).toEqual([200, 200]);

    expect(await ready(cut.body.memory.id)).toMatchObject({
      processingState: 'failed',
      approved: false,
      moderation: { reason: 'video_unreadable' },
    });
    expect(await ready(next.body.memory.id)).toMatchObject({ processingState: 'ready', approved: true });
    expect(readdirSync(app.dirs.TMPDIR).filter((name) => name.startsWith('mw-'))).toEqual([]);
  });

  it('resumes an upload from the offset the server holds after the connection dropped', async () => {
    const event = await videoEvent();
    const clip = testClip({ seconds: 2 });
    const client = guest();
    const created = await client.create(event.id, clip.length, { name: 'Patient' });
    const location = created.headers.get('location')!;
    expect(location).toMatch(new RegExp(`^/api/events/${event.id}/submissions/video/[0-9a-f-]{36}$`));
    const half = Math.floor(clip.length / 2);
    expect((await client.append(location, 0, clip.subarray(0, half))).status).toBe(204);

    // Another event's address does not reach this upload.
    const other = await videoEvent();
    expect((await client.offset(location.replace(event.id, other.id))).status).toBe(404);

    const head = await client.offset(location);
    expect(head.headers.get('upload-offset')).toBe(String(half));
    const done = await client.append(location, half, clip.subarray(half));
    expect(done.status).toBe(200);
    expect(await ready(done.body.memory.id)).toMatchObject({ type: 'video', processingState: 'ready' });
  });
});
