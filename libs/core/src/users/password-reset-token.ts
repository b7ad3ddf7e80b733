import { createHash, createHmac } from 'node:crypto';

/** How long a reset link works. */
export const PASSWORD_RESET_TTL_MS = 30 * 60_000;

/**
 * A reset's token: an HMAC of its id under the server's secret. The API stores only its hash; the workers
 * compute it again to put it in the mail, so the database and the outbox never hold a usable token.
 */
export const passwordResetToken = (secret: string, resetId: string) =>
  createHmac('sha256', secret).update(`password-reset:${resetId}`).digest('base64url');

/** What is stored of a token, and looked up by. */
export const passwordResetTokenHash = (token: string) => createHash('sha256').update(token).digest('hex');
