import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { ModerationType, VOICE_WAVEFORM } from '@memory-wall/contracts';
import { useAppStack } from '@memory-wall/testkit/app-stack';
import { countMemories, createEvent } from '@memory-wall/testkit/factories';
import { FakeOpenAi } from '@memory-wall/testkit/fake-openai';
import { multipart } from '@memory-wall/testkit/images';
import { useMediaStack } from '@memory-wall/testkit/media-stack';
import { processed } from '@memory-wall/testkit/memories';
import { probe, testClip, testVoice, VoiceFormat } from '@memory-wall/testkit/videos';

const voicePath = (eventId: string) => `/api/events/${eventId}/submissions/voice`;
const recording = (bytes: Buffer, fields: Record<string, string>, filename = 'voice.webm') =>
  multipart('voice', bytes, filename, fields);

/** Guests' voice messages: one multipart request, transcoded by the workers' ffmpeg, transcribed and moderated as text. */
describe('voice messages from the recorder to the wall', () => {
  const openai = new FakeOpenAi();
  /** TMPDIR: the API's and workers' temporary directory, to see that nothing is left in it. */
  const app = useAppStack({
    tempDirs: ['STORAGE_DIR', 'TMPDIR'],
    openai: { fake: openai },
  });

  const originals = (eventId: string): string[] => {
    try {
      return readdirSync(join(app.dirs.STORAGE_DIR, 'originals', eventId)).filter((name) => !name.endsWith('.type'));
    } catch {
      return [];
    }
  };
  const leftovers = () => readdirSync(app.dirs.TMPDIR).filter((name) => name.startsWith('mw-'));
  const ready = (memoryId: string) => processed(app.t.dataSource, memoryId, 120_000);

  it.each<[string, VoiceFormat]>([
    ["Chrome's WebM/Opus (no length in its header)", 'webm'],
    ["Safari's MP4/AAC", 'mp4'],
  ])('turns %s into a mono AAC M4A with a waveform and a transcript', async (_, format) => {
    const event = await createEvent(app.t.dataSource);
    const before = openai.transcriptions.length;
    const res = await app
      .guest()
      .post(
        voicePath(event.id),
        recording(testVoice(4, format), { name: 'Grandpa Joe', title: 'A toast' }, `voice.${format}`),
      );
    expect(res.status).toBe(201);

    const memory = await ready(res.body.memory.id);
    expect(memory).toMatchObject({
      type: 'voice',
      processingState: 'ready',
      approved: true,
      author: 'Grandpa Joe',
      title: 'A toast',
      content: openai.transcript,
    });
    expect(memory.media!.audio!.duration).toBeCloseTo(4, 0);

    const m4a = await app.served(memory.media!.audio!.url);
    expect(m4a).toMatchObject({ status: 200, type: 'audio/mp4' });
    const probed = probe(m4a.bytes);
    expect(probed.format.format_name).toContain('m4a');
    expect(Number(probed.format.duration)).toBeCloseTo(4, 0);
    expect(probed.streams).toEqual([expect.objectContaining({ codec_type: 'audio', codec_name: 'aac' })]);
    expect(probed.streams[0]).toMatchObject({ channels: 1 });

    // The waveform: a wide WebP strip with sound drawn on it (not an empty, transparent picture).
    for (const picture of [memory.media!.card, memory.media!.full]) {
      const image = await app.served(picture.url);
      const meta = await sharp(image.bytes).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: picture.width, height: picture.height });
      const { channels } = await sharp(image.bytes).stats();
      expect(channels[3].max).toBe(255);
    }
    expect(memory.media!.full).toMatchObject({ width: VOICE_WAVEFORM.width, height: VOICE_WAVEFORM.height });

    // OpenAI heard the M4A the wall plays, sent as a multipart form.
    const [asked] = openai.transcriptions.slice(before);
    expect(asked).toMatchObject({ authorization: 'Bearer sk-test', filename: 'voice.m4a' });
    expect(probe(asked.audio).streams[0]).toMatchObject({ codec_name: 'aac' });

    expect(originals(event.id)).toEqual([memory.id]);
    expect(leftovers()).toEqual([]);
  });

  it('moderates the transcript as text, and holds a voice message whose words AI flags', async () => {
    const event = await createEvent(app.t.dataSource, { moderationType: ModerationType.AiModeration });
    const before = openai.requests.length;
    openai.transcript = 'I will FLAGME at the reception';
    try {
      const res = await app.guest().post(voicePath(event.id), recording(testVoice(2, 'webm'), { name: 'Guest' }));
      const memory = await ready(res.body.memory.id);
      expect(memory).toMatchObject({
        approved: false,
        moderation: { reason: 'ai_flagged' },
        content: openai.transcript,
      });
      const asked = openai.requests.slice(before);
      expect(asked).toHaveLength(1);
      expect(asked[0].body.input).toEqual([{ type: 'text', text: `Guest\n${openai.transcript}` }]);
      // Held: its recording is not public.
      expect((await app.served(memory.media!.audio!.url)).status).toBe(404);
    } finally {
      openai.transcript = new FakeOpenAi().transcript;
    }
  });

  it('holds a voice message for a human when no transcript could be made (fail closed), though moderation answers', async () => {
    const event = await createEvent(app.t.dataSource, { moderationType: ModerationType.AiModeration });
    openai.transcriptionsDown = true;
    try {
      const res = await app
        .guest()
        .post(voicePath(event.id), recording(testVoice(2, 'mp4'), { name: 'Guest' }, 'v.mp4'));
      const memory = await ready(res.body.memory.id);
      expect(memory).toMatchObject({
        processingState: 'ready',
        approved: false,
        moderation: { reason: 'ai_unavailable' },
      });
      expect(memory.content).toBe('');
    } finally {
      openai.transcriptionsDown = false;
    }
  });

  it.each([
    ['a recording over two minutes', () => testVoice(150, 'webm'), 'voice.webm', 413, 'This voice message is too long'],
    [
      'bytes that are no recording, named .webm',
      () => Buffer.from('<html>'.repeat(500)),
      'voice.webm',
      400,
      'Invalid file type',
    ],
    [
      'a photo named .m4a',
      () =>
        sharp({ create: { width: 64, height: 64, channels: 3, background: '#f00' } })
          .jpeg()
          .toBuffer(),
      'voice.m4a',
      400,
      'Invalid file type',
    ],
    ['a video clip without sound', () => testClip({ seconds: 2, audio: false }), 'voice.mp4', 400, 'Invalid file type'],
  ])('refuses %s and keeps nothing', async (_, file, filename, status, message) => {
    const event = await createEvent(app.t.dataSource);
    const res = await app.guest().post(voicePath(event.id), recording(await file(), { name: 'X' }, filename));
    expect(res.status).toBe(status);
    expect(res.body.message).toBe(message);
    expect(await countMemories(app.t.dataSource, event.id)).toBe(0);
    expect(originals(event.id)).toEqual([]);
    expect(leftovers()).toEqual([]);
  });

  it.each([
    [
      'an event that takes no voice messages',
      { allowVoice: false },
      { name: 'X' },
      403,
      'This event does not take voice messages',
    ],
    ['no name', {}, {}, 400, 'Name is required'],
  ])('refuses a recording to %s', async (_, overrides, fields, status, message) => {
    const event = await createEvent(app.t.dataSource, overrides);
    const res = await app.guest().post(voicePath(event.id), recording(testVoice(1, 'webm'), fields));
    expect(res.status).toBe(status);
    expect(res.body.message).toBe(message);
    expect(await countMemories(app.t.dataSource, event.id)).toBe(0);
  });
});

describe('voice messages without an OpenAI key', () => {
  const stack = useMediaStack();

  it('holds an AI-moderated voice message for a human, with no transcript', async () => {
    const event = await createEvent(stack.t.dataSource, { moderationType: ModerationType.AiModeration });
    const res = await stack.guest().post(voicePath(event.id), recording(testVoice(2, 'webm'), { name: 'Guest' }));
    expect(res.status).toBe(201);
    const memory = await processed(stack.t.dataSource, res.body.memory.id, 120_000);
    expect(memory).toMatchObject({
      type: 'voice',
      processingState: 'ready',
      approved: false,
      content: '',
      moderation: { reason: 'ai_unavailable' },
    });
    expect(memory.media?.audio?.url).toMatch(/-voice\.m4a$/);
  });
});
