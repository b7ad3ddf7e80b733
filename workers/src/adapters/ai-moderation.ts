import { Inject, Injectable } from '@nestjs/common';
import OpenAI from 'openai';
import { AppConfig } from '@memory-wall/core';

export interface AiVerdict {
  flagged: boolean;
  categories: string[];
}

export class AiModerationUnavailable extends Error {}

/** The OpenAI moderation API (omni-moderation: text and an image in one call). */
@Injectable()
export class AiModeration {
  private readonly client: OpenAI | null;

  constructor(@Inject(AppConfig) config: AppConfig) {
    this.client = config.OPENAI_API_KEY
      ? new OpenAI({ apiKey: config.OPENAI_API_KEY, baseURL: config.OPENAI_BASE_URL, timeout: config.OPENAI_TIMEOUT_MS, maxRetries: 1 })
      : null;
  }

  /** Without a key there is no AI moderation at all (not an outage to wait out). */
  get configured() {
    return this.client !== null;
  }

  /** Throws AiModerationUnavailable when there is no key, or OpenAI fails or times out. */
  async review(text: string, image?: { data: Buffer; mime: string }): Promise<AiVerdict> {
    if (!this.client) throw new AiModerationUnavailable('no OpenAI key configured');
    const input: OpenAI.Moderations.ModerationMultiModalInput[] = [{ type: 'text', text }];
    if (image) input.push({ type: 'image_url', image_url: { url: `data:${image.mime};base64,${image.data.toString('base64')}` } });
    try {
      const response = await this.client.moderations.create({ model: 'omni-moderation-latest', input });
      const flaggedCategories = new Set<string>();
      for (const result of response.results) {
        for (const [category, flagged] of Object.entries(result.categories)) if (flagged) flaggedCategories.add(category);
      }
      return { flagged: response.results.some((r) => r.flagged), categories: [...flaggedCategories] };
    } catch (err) {
      throw new AiModerationUnavailable((err as Error).message);
    }
  }
}
