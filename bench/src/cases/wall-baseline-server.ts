import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

/**
 * Baseline of public wall reads: plain Fastify answering GET /api/events/:eventId/memories with the same
 * JSON bytes from memory (the product's answer for the same wall, captured by the runner and passed in
 * WALL_BODY_FILE), with its ETag and a 304 for a matching If-None-Match. No Nest, no hooks, no Redis.
 */
const body = readFileSync(process.env.WALL_BODY_FILE!, 'utf8');
const etag = process.env.WALL_ETAG ?? 'W/"baseline"';
const app = Fastify({ logger: false });

app.get('/health', async () => ({ ok: true }));
app.get('/api/events/:eventId/memories', (request, reply) => {
  reply.header('cache-control', 'no-cache').header('etag', etag);
  if (request.headers['if-none-match'] === etag) return reply.status(304).send();
  return reply.type('application/json; charset=utf-8').send(body);
});

void app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => void stop());
async function stop() {
  await app.close();
  process.exit(0);
}
