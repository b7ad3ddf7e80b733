import { Logger } from '@nestjs/common';

const logger = new Logger('LiveSocket');

/**
 * Client frames are JSON objects with a `type` (spec §7). A malformed frame is logged and ignored;
 * returning nothing tells the WsAdapter to drop it.
 */
export function parseClientMessage(data: unknown): { event: string; data: unknown } | undefined {
  try {
    const message = JSON.parse(String(data)) as { type?: unknown } | null;
    if (message && typeof message === 'object' && typeof message.type === 'string') {
      return { event: message.type, data: message };
    }
  } catch {
    // fall through
  }
  logger.debug('ignored a malformed client message');
  return undefined;
}
