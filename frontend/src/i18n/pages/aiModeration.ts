/** Texts of the notice hosts see where AI moderation is chosen but cannot run (see ../lazy.ts). */
const en = {
  unavailableTitle: 'AI moderation is not set up on this server',
  unavailableText:
    'Until the platform has an OpenAI key, every memory of an event with AI moderation waits for a host to approve it, as with manual moderation.',
  unavailableModeration:
    'This event uses AI moderation, which is not set up on this server: every new memory waits here for your approval.',
};

export type AiModerationTexts = typeof en;

export const aiModerationTexts = en;

declare module '../en' {
  interface LazyResources {
    aiModeration: AiModerationTexts;
  }
}
