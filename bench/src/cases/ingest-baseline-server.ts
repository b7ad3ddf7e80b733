import { randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import Fastify from 'fastify';
import Redis from 'ioredis';
import { Pool } from 'pg';
import { JobName, processMemoryJobId, QueueName } from '@memory-wall/contracts';
import { MEMORY_JOB_OPTIONS, RedisKeys } from '@memory-wall/core';

/**
 * Baseline of submission ingest: a plain Fastify route doing what the product's message submission
 * stores — the same INSERT into memories (raw pg, a pool of the product's size) and the same BullMQ job
 * (queue, name, jobId and options) — with no Nest, TypeORM, validation library, hooks or event lookup.
 */
const env = process.env;
const pool = new Pool({ connectionString: env.DATABASE_URL, max: 20 });
const connection = new Redis(env.REDIS_URL!, { maxRetriesPerRequest: 1 });
const queue = new Queue(QueueName.Moderation, {
  connection,
  prefix: new RedisKeys(env.REDIS_PREFIX!).queuePrefix,
  defaultJobOptions: MEMORY_JOB_OPTIONS,
});
const app = Fastify({ logger: false, bodyLimit: 3 * 1024 * 1024 });

const INSERT = `INSERT INTO "memories" ("id", "eventId", "type", "content", "title", "author", "language", "settings")
  VALUES ($1, $2, 'message', $3, $4, $5, 'en', $6) RETURNING "id", "eventId", "approved"`;

app.get('/health', async () => ({ ok: true }));
app.post<{ Params: { eventId: string }; Body: { name?: unknown; message?: unknown; title?: unknown } }>(
  '/api/events/:eventId/submissions/message',
  async (request, reply) => {
    const { name, message, title } = request.body ?? {};
    if (typeof name !== 'string' || !name.trim() || typeof message !== 'string' || !message.trim()) {
      return reply.status(400).send({ success: false, message: 'name and message are required' });
    }
    const id = randomUUID();
    const { rows } = await pool.query(INSERT, [
      id,
      request.params.eventId,
      message.trim(),
      typeof title === 'string' && title.trim() ? title.trim() : null,
      name.trim(),
      JSON.stringify({ byHost: false }),
    ]);
    await queue.add(JobName.ProcessMemory, { memoryId: id }, { jobId: processMemoryJobId(id) });
    return reply.status(201).send({ success: true, memory: rows[0] });
  },
);

void app.listen({ port: Number(env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => void stop());
async function stop() {
  await app.close();
  await queue.close();
  await pool.end();
  process.exit(0);
}
