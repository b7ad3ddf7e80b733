import { Inject, Injectable } from '@nestjs/common';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { IMAGE_RENDITIONS, MemoryMedia, VIDEO_MAX_SECONDS } from '@memory-wall/contracts';
import { originalFile } from './original-file';
import { readWrittenPicture, roundSeconds, storeImageRenditions, TRUNCATION_TOLERANCE } from './stored-renditions';
import { transcodeArgs } from './transcode-args';
import {
  AppConfig,
  mediaUrl,
  Memory,
  moderationFrameKey,
  ObjectStorage,
  probeVideo,
  renderWebpSet,
  runVideoTool,
  UnsupportedVideoError,
  VIDEO_MODERATION_FRAMES,
  videoKey,
  transcodeLimits,
  VideoToolLimits,
} from '@memory-wall/core';

export interface ProcessedVideo {
  media: MemoryMedia;
}

/**
 * Turns a clip's private original into the wall's MP4 and its poster (card and full WebPs), and keeps
 * frames spread across it, privately, for AI moderation. One ffmpeg run writes all of them (see
 * transcodeArgs), as a child process under time, thread and memory limits; everything it writes goes to a
 * directory of this run, removed whatever happens. Keys are fixed per memory, so a second run writes the
 * same objects again.
 */
@Injectable()
export class VideoRenditions {
  private readonly limits: VideoToolLimits;

  constructor(
    @Inject(ObjectStorage) private readonly storage: ObjectStorage,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {
    this.limits = transcodeLimits(config);
  }

  async process(memory: Memory): Promise<ProcessedVideo> {
    const dir = await mkdtemp(join(tmpdir(), 'mw-video-'));
    try {
      const input = await this.originalPath(memory, dir);
      const facts = await probeVideo(input, this.limits);
      const output = join(dir, 'clip.mp4');
      const stills = {
        poster: join(dir, 'poster.png'),
        frames: Array.from({ length: VIDEO_MODERATION_FRAMES }, (_, index) => join(dir, `frame-${index}.jpg`)),
      };
      const limits = transcodeLimits(this.config, Math.min(facts.duration, VIDEO_MAX_SECONDS));
      await runVideoTool('ffmpeg', transcodeArgs(input, output, facts, limits.threads, stills), limits);
      const clip = await probeVideo(output, this.limits);
      const expected = Math.min(facts.duration, VIDEO_MAX_SECONDS);
      if (clip.duration < expected * TRUNCATION_TOLERANCE)
        throw new UnsupportedVideoError(`cut off: ${clip.duration.toFixed(1)} s of ${expected.toFixed(1)} s`);

      const poster = await renderWebpSet(await readStill(stills.poster), IMAGE_RENDITIONS);
      for (const [index, frame] of stills.frames.entries())
        await this.storage.put(
          moderationFrameKey(memory.eventId, memory.id, index),
          await readStill(frame),
          'image/jpeg',
        );
      const key = videoKey(memory.eventId, memory.id);
      await this.storage.put(key, createReadStream(output), 'video/mp4', (await stat(output)).size);

      const video = {
        url: mediaUrl(key),
        width: clip.width,
        height: clip.height,
        duration: roundSeconds(clip.duration),
      };
      const media: MemoryMedia = { video, ...(await storeImageRenditions(this.storage, memory, poster)) };
      return { media };
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  private async originalPath(memory: Memory, dir: string): Promise<string> {
    const path = await originalFile(this.storage, memory, dir);
    if (!path) throw new UnsupportedVideoError('the original is missing');
    return path;
  }
}

/** A still the transcode wrote; none is there when the clip has no picture at its moment. */
const readStill = (path: string) => readWrittenPicture(path, () => new UnsupportedVideoError('no picture to show'));
