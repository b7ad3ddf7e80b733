import { Inject, Injectable } from '@nestjs/common';
import OpenAI, { toFile } from 'openai';
import { AppConfig, Metrics } from '@memory-wall/core';

export interface AiVerdict {
  flagged: boolean;
  categories: string[];
}

export class AiModerationUnavailable extends Error {}

type InputType = 'text' | 'image';

/** The speech-to-text model of voice messages' transcripts. */
const TRANSCRIPTION_MODEL = 'gpt-4o-mini-transcribe';
/** Two minutes of speech take OpenAI longer than a moderation call. */
const TRANSCRIPTION_TIMEOUT_MS = 60_000;

/**
 * OpenAI's verdict, read only when it covers everything that was asked: a multi-modal request is one
 * input, answered by exactly one result whose categories were applied to each kind of input sent (text,
 * image). Anything less (no result, a result that never looked at the photo) is no verdict at all, so
 * the memory is held for a human instead of approved by omission.
 */
export function verdictOf(response: { results?: unknown }, sent: readonly InputType[]): AiVerdict {
  const results = Array.isArray(response.results) ? (response.results as OpenAI.Moderations.Moderation[]) : [];
  if (results.length !== 1) throw new AiModerationUnavailable(`expected 1 moderation result, got ${results.length}`);
  const [result] = results;
  if (typeof result?.flagged !== 'boolean' || !result.categories || typeof result.categories !== 'object') {
    throw new AiModerationUnavailable('malformed moderation result');
  }
  const applied = new Set(
    Object.values(result.category_applied_input_types ?? {}).flatMap((types): unknown[] =>
      Array.isArray(types) ? types : [],
    ),
  );
  const unreviewed = sent.filter((type) => !applied.has(type));
  if (unreviewed.length)
    throw new AiModerationUnavailable(`the moderation result does not cover the ${unreviewed.join(' and ')}`);
  const categories = Object.entries(result.categories)
    .filter(([, flagged]) => flagged === true)
    .map(([category]) => category);
  return { flagged: result.flagged, categories };
}

/** The OpenAI moderation API (omni-moderation: text and an image in one call). */
@Injectable()
export class AiModeration {
  private readonly client: OpenAI | null;

  constructor(
    @Inject(AppConfig) config: AppConfig,
    private readonly metrics: Metrics,
  ) {
    this.client = config.OPENAI_API_KEY
      ? new OpenAI({
          apiKey: config.OPENAI_API_KEY,
          baseURL: config.OPENAI_BASE_URL,
          timeout: config.OPENAI_TIMEOUT_MS,
          maxRetries: 1,
        })
      : null;
  }

  /** Without a key there is no AI moderation at all (not an outage to wait out). */
  get configured() {
    return this.client !== null;
  }

  /**
   * What is said in a voice message (`audio`, an M4A), by OpenAI's /v1/audio/transcriptions. Throws
   * AiModerationUnavailable when there is no key, or OpenAI fails or times out.
   */
  async transcribe(audio: Buffer): Promise<string> {
    if (!this.client) throw new AiModerationUnavailable('no OpenAI key configured');
    try {
      const transcription = await this.client.audio.transcriptions.create(
        { file: await toFile(audio, 'voice.m4a', { type: 'audio/mp4' }), model: TRANSCRIPTION_MODEL },
        { timeout: TRANSCRIPTION_TIMEOUT_MS },
      );
      if (typeof transcription.text !== 'string') throw new Error('the transcription has no text');
      return transcription.text.trim();
    } catch (err) {
      throw new AiModerationUnavailable(`transcription: ${(err as Error).message}`);
    }
  }

  /** Throws AiModerationUnavailable when there is no key, OpenAI fails or times out, or its answer is incomplete. */
  async review(text: string, image?: { data: Buffer; mime: string }): Promise<AiVerdict> {
    if (!this.client) throw new AiModerationUnavailable('no OpenAI key configured');
    const input: OpenAI.Moderations.ModerationMultiModalInput[] = [{ type: 'text', text }];
    if (image)
      input.push({
        type: 'image_url',
        image_url: { url: `data:${image.mime};base64,${image.data.toString('base64')}` },
      });
    const timer = this.metrics.aiModerationDuration.startTimer();
    try {
      const verdict = verdictOf(
        await this.client.moderations.create({ model: 'omni-moderation-latest', input }),
        image ? ['text', 'image'] : ['text'],
      );
      timer({ outcome: verdict.flagged ? 'flagged' : 'clean' });
      return verdict;
    } catch (err) {
      timer({ outcome: 'unavailable' });
      throw err instanceof AiModerationUnavailable ? err : new AiModerationUnavailable((err as Error).message);
    }
  }
}
