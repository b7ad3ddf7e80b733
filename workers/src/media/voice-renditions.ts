import { Inject, Injectable, Logger } from '@nestjs/common';
import { createReadStream } from 'node:fs';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { IMAGE_RENDITIONS, MemoryMedia, VOICE_MAX_SECONDS } from '@memory-wall/contracts';
import {
  AppConfig,
  audioKey,
  mediaUrl,
  Memory,
  ObjectStorage,
  probeAudio,
  renderWebpSet,
  runVideoTool,
  UnsupportedAudioError,
  UnsupportedVideoError,
  transcodeLimits,
  VideoToolLimits,
} from '@memory-wall/core';
import { AiModeration, AiModerationUnavailable } from '../adapters/ai-moderation';
import { originalFile } from './original-file';
import { readWrittenPicture, roundSeconds, storeImageRenditions, TRUNCATION_TOLERANCE } from './stored-renditions';
import { voiceArgs } from './voice-args';

export interface ProcessedVoice {
  media: MemoryMedia;
  /** What is said in it, when an OpenAI key is configured and OpenAI answered; else empty. */
  transcript: string;
}

/**
 * Turns a voice message's private original into the wall's M4A and its waveform (card and full WebPs), in
 * one ffmpeg run under time, thread and memory limits, in a directory of this run removed whatever happens;
 * then asks OpenAI for its transcript when a key is configured. Keys are fixed per memory, so a second run
 * writes the same objects again.
 */
@Injectable()
export class VoiceRenditions {
  private readonly logger = new Logger(VoiceRenditions.name);
  private readonly limits: VideoToolLimits;

  constructor(
    @Inject(ObjectStorage) private readonly storage: ObjectStorage,
    @Inject(AppConfig) config: AppConfig,
    private readonly ai: AiModeration,
  ) {
    this.limits = transcodeLimits(config);
  }

  async process(memory: Memory): Promise<ProcessedVoice> {
    const dir = await mkdtemp(join(tmpdir(), 'mw-voice-'));
    try {
      const input = await originalFile(this.storage, memory, dir);
      if (!input) throw new UnsupportedAudioError('the original is missing');
      const readSeconds = VOICE_MAX_SECONDS + 5;
      const original = await probeAudio(input, readSeconds, this.limits);
      const output = join(dir, 'voice.m4a');
      const waveform = join(dir, 'waveform.png');
      try {
        await runVideoTool('ffmpeg', voiceArgs(input, output, waveform, this.limits.threads), this.limits);
      } catch (err) {
        if (err instanceof UnsupportedVideoError) throw new UnsupportedAudioError(err.message);
        throw err;
      }
      const voice = await probeAudio(output, readSeconds, this.limits);
      const expected = Math.min(original.duration, VOICE_MAX_SECONDS);
      if (voice.duration < expected * TRUNCATION_TOLERANCE)
        throw new UnsupportedAudioError(`cut off: ${voice.duration.toFixed(1)} s of ${expected.toFixed(1)} s`);

      const picture = await renderWebpSet(await readWaveform(waveform), IMAGE_RENDITIONS);
      const key = audioKey(memory.eventId, memory.id);
      await this.storage.put(key, createReadStream(output), 'audio/mp4', (await stat(output)).size);
      const audio = { url: mediaUrl(key), duration: roundSeconds(voice.duration) };
      const media: MemoryMedia = { audio, ...(await storeImageRenditions(this.storage, memory, picture)) };
      return { media, transcript: await this.transcriptOf(memory, output) };
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  /**
   * The transcript, or empty without a key or when OpenAI fails: the recording still reaches its hosts, and
   * AI moderation holds a voice message it has no transcript of for a human.
   */
  private async transcriptOf(memory: Memory, recording: string): Promise<string> {
    if (!this.ai.configured) return '';
    try {
      return await this.ai.transcribe(await readFile(recording));
    } catch (err) {
      if (!(err instanceof AiModerationUnavailable)) throw err;
      this.logger.warn(`no transcript of voice message ${memory.id}: ${err.message}`);
      return '';
    }
  }
}

/** The waveform the transcode drew; none is there when the recording had no sound to draw. */
const readWaveform = (path: string) => readWrittenPicture(path, () => new UnsupportedAudioError('no waveform drawn'));
