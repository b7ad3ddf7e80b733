import type { FastifyInstance } from 'fastify';
import { toErrorBody, TooManyRequestsException } from '../../common/api-errors';
import type { SubmissionThrottle } from './submission-throttle';

/** Drawings are counted per address across events (see below). */
const ANY_EVENT = '*';

/**
 * Counts a guest's drawing against SUBMISSIONS_PER_MINUTE as its request arrives, before its body is read:
 * the body may be 3 MB of JSON, and parsing it (a hundred thousand keys, say) holds the instance's one thread,
 * so a client past its limit gets its 429 without a byte of it being parsed. The count is per address across
 * events: whether the event in the path exists is not known yet, and made-up ones would each bring a budget
 * of their own. Photos and voice messages are counted before their forms are read too, by their routes,
 * which stream them.
 */
export function throttleDrawingsBeforeTheirBody(fastify: FastifyInstance, throttle: SubmissionThrottle, route: string) {
  fastify.addHook('onRequest', async (request, reply) => {
    if (request.routeOptions.url !== route || request.method !== 'POST') return;
    try {
      await throttle.consume(request.ip, ANY_EVENT);
    } catch (err) {
      if (!(err instanceof TooManyRequestsException)) throw err;
      return reply.header('retry-after', String(err.retryAfterSeconds)).status(429).send(toErrorBody(err));
    }
  });
}
