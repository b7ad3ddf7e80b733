import { createServer } from 'node:http';
import WebSocket, { WebSocketServer } from 'ws';
import { atFixedRate } from '../lib/ticker';
import type { BodiesRun } from './fanout-run';

/**
 * Baseline of the live fan-out: a bare `ws` server holding the same fleet, broadcasting the same payload.
 * It has no Redis, no Nest, no authentication: per message it stamps `ts` (when the message was due, as
 * the product's publisher does: see atFixedRate), numbers the event's feed,
 * serialises once and sends the same buffer to every socket of the event (what the product's gateway
 * does after Redis). The runner drives it over IPC: {cmd:'run', rate, durationMs, eventIds, bodies}.
 */

const rooms = new Map<string, Set<WebSocket>>();
const seqs = new Map<string, number>();

const server = createServer((req, res) => {
  res.writeHead(req.url === '/health' ? 200 : 404, { 'content-type': 'text/plain' }).end('ok');
});
const wss = new WebSocketServer({ server, path: '/ws', maxPayload: 4096, perMessageDeflate: false });
wss.on('connection', (socket, request) => {
  const eventId = new URL(request.url ?? '/', 'http://localhost').searchParams.get('eventId') ?? '';
  let room = rooms.get(eventId);
  if (!room) rooms.set(eventId, (room = new Set()));
  room.add(socket);
  socket.on('close', () => room.delete(socket));
  socket.on('error', () => undefined);
});

function broadcast(eventId: string, body: string, ts: number) {
  const seq = (seqs.get(eventId) ?? 0) + 1;
  seqs.set(eventId, seq);
  // The same shape as the product's frames: {"seq":N,<body without its opening brace, ts>
  // (byte for byte what LivePublisher + its Lua script produce: type, memory, eventId, ts).
  const frame = Buffer.from(`{"seq":${seq},${body.slice(1, -1)},"eventId":"${eventId}","ts":${Math.floor(ts)}}`);
  const room = rooms.get(eventId);
  if (!room) return;
  for (const socket of room) {
    if (socket.readyState !== socket.OPEN) continue;
    if (socket.bufferedAmount > 1024 * 1024) {
      socket.terminate();
      continue;
    }
    socket.send(frame, { binary: false });
  }
}

process.on('message', (message: BodiesRun) => void run(message));

async function run(message: BodiesRun) {
  if (message.cmd !== 'run') return;
  const published = message.eventIds.map(() => 0);
  const fired = await atFixedRate(message.rate, message.durationMs, (i, dueAt) => {
    const e = i % message.eventIds.length;
    broadcast(message.eventIds[e], message.bodies[e], dueAt);
    published[e]++;
  });
  process.send!({ cmd: 'done', fired, published });
}

server.listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => process.exit(0));
