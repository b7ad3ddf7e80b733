import { Inject, Injectable } from '@nestjs/common';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { IMAGE_RENDITIONS, MemoryMedia, RenditionName, VIDEO_MAX_SECONDS } from '@memory-wall/contracts';
import { transcodeArgs } from './transcode-args';
import {
  AppConfig,
  mediaUrl,
  Memory,
  moderationFrameKey,
  ObjectStorage,
  originalKey,
  probeVideo,
  renderWebpSet,
  renditionKey,
  runVideoTool,
  UnsupportedVideoError,
  VIDEO_MODERATION_FRAMES,
  VideoFacts,
  videoKey,
  VideoToolLimits,
} from '@memory-wall/core';

/** The transcoded clip may be this much shorter than the original claims before it counts as cut off. */
const TRUNCATION_TOLERANCE = 0.9;
/** Edge of the frames AI moderation looks at. */
const FRAME_EDGE = 512;

export interface ProcessedVideo {
  media: MemoryMedia;
}

/**
 * Turns a clip's private original into the wall's MP4 and its poster (card and full WebPs), and keeps
 * frames spread across it, privately, for AI moderation. ffmpeg runs as a child process under time,
 * thread and memory limits; everything it writes goes to a directory of this run, removed whatever
 * happens. Keys are fixed per memory, so a second run writes the same objects again.
 */
@Injectable()
export class VideoRenditions {
  private readonly limits: VideoToolLimits;

  constructor(
    @Inject(ObjectStorage) private readonly storage: ObjectStorage,
    @Inject(AppConfig) config: AppConfig,
  ) {
    this.limits = {
      timeoutMs: config.FFMPEG_TIMEOUT_MS,
      threads: config.FFMPEG_THREADS,
      memoryMb: config.FFMPEG_MEMORY_MB,
    };
  }

  async process(memory: Memory): Promise<ProcessedVideo> {
    const dir = await mkdtemp(join(tmpdir(), 'mw-video-'));
    try {
      const input = join(dir, 'original');
      const original = await this.storage.get(originalKey(memory.eventId, memory.id));
      if (!original) throw new UnsupportedVideoError('the original is missing');
      await pipeline(original.stream, createWriteStream(input));

      const facts = await probeVideo(input, this.limits);
      const output = join(dir, 'clip.mp4');
      await runVideoTool('ffmpeg', transcodeArgs(input, output, facts, this.limits.threads), this.limits);
      const clip = await probeVideo(output, this.limits);
      const expected = Math.min(facts.duration, VIDEO_MAX_SECONDS);
      if (clip.duration < expected * TRUNCATION_TOLERANCE)
        throw new UnsupportedVideoError(`cut off: ${clip.duration.toFixed(1)} s of ${expected.toFixed(1)} s`);

      const poster = await this.poster(output, clip, dir);
      await this.keepModerationFrames(memory, output, clip, dir);
      const key = videoKey(memory.eventId, memory.id);
      await this.storage.put(key, createReadStream(output), 'video/mp4', (await stat(output)).size);

      const video = { url: mediaUrl(key), width: clip.width, height: clip.height, duration: round(clip.duration) };
      const media = { video } as MemoryMedia;
      for (const name of Object.keys(IMAGE_RENDITIONS) as RenditionName[]) {
        const { data, width, height } = poster[name];
        const renditionAt = renditionKey(memory.eventId, memory.id, name);
        await this.storage.put(renditionAt, data, 'image/webp');
        media[name] = { url: mediaUrl(renditionAt), width, height };
      }
      return { media };
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  /** A frame a second in (or a third of the way, for shorter clips), as the card and full WebPs. */
  private async poster(clip: string, facts: VideoFacts, dir: string) {
    const at = Math.min(1, facts.duration / 3);
    const png = join(dir, 'poster.png');
    await runVideoTool(
      'ffmpeg',
      [
        '-nostdin',
        '-loglevel',
        'error',
        '-threads',
        '1',
        '-ss',
        at.toFixed(2),
        '-i',
        clip,
        '-frames:v',
        '1',
        '-f',
        'image2',
        '-c:v',
        'png',
        '-y',
        png,
      ],
      this.limits,
    );
    return renderWebpSet(await readFile(png), IMAGE_RENDITIONS);
  }

  /** VIDEO_MODERATION_FRAMES JPEGs at even steps across the clip, kept privately for AI moderation. */
  private async keepModerationFrames(memory: Memory, clip: string, facts: VideoFacts, dir: string) {
    const step = facts.duration / VIDEO_MODERATION_FRAMES;
    for (let index = 0; index < VIDEO_MODERATION_FRAMES; index++) {
      const frame = join(dir, `frame-${index}.jpg`);
      await runVideoTool(
        'ffmpeg',
        [
          ...['-nostdin', '-loglevel', 'error', '-threads', '1', '-ss', (step * (index + 0.5)).toFixed(2), '-i', clip],
          ...['-frames:v', '1', '-vf', `scale=${FRAME_EDGE}:${FRAME_EDGE}:force_original_aspect_ratio=decrease`],
          ...['-f', 'image2', '-c:v', 'mjpeg', '-q:v', '4', '-y', frame],
        ],
        this.limits,
      );
      await this.storage.put(moderationFrameKey(memory.eventId, memory.id, index), await readFile(frame), 'image/jpeg');
    }
  }
}

const round = (seconds: number) => Math.round(seconds * 100) / 100;
