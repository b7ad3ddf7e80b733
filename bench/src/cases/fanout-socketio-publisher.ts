import { Emitter } from '@socket.io/redis-emitter';
import Redis from 'ioredis';
import { atFixedRate } from '../lib/ticker';
import type { BodiesRun } from './fanout-run';

/**
 * The Socket.IO peer's message source: @socket.io/redis-emitter, in a process of its own as the product's
 * publisher is. Per message it numbers the event's feed and stamps `ts` (when it was due) as the bare
 * baseline does, then emits `live` to the event's room. Driven over IPC: {cmd:'run', rate, durationMs,
 * eventIds, bodies}.
 */

const redis = new Redis(process.env.REDIS_URL!);
const emitter = new Emitter(redis, { key: `${process.env.REDIS_PREFIX}:socket.io` });
const seqs = new Map<string, number>();

process.on('message', (message: BodiesRun) => void run(message));

async function run(message: BodiesRun) {
  if (message.cmd !== 'run') return;
  const published = message.eventIds.map(() => 0);
  const parsed = message.bodies.map((body) => JSON.parse(body) as Record<string, unknown>);
  const fired = await atFixedRate(message.rate, message.durationMs, (i, dueAt) => {
    const e = i % message.eventIds.length;
    const eventId = message.eventIds[e];
    const seq = (seqs.get(eventId) ?? 0) + 1;
    seqs.set(eventId, seq);
    emitter.to(eventId).emit('live', { seq, ...parsed[e], eventId, ts: Math.floor(dueAt) });
    published[e]++;
  });
  process.send!({ cmd: 'done', fired, published });
}

redis.once('ready', () => process.send!({ cmd: 'ready' }));
process.on('SIGTERM', () => {
  redis.disconnect();
  process.exit(0);
});
