import { createServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import Redis from 'ioredis';
import { Server } from 'socket.io';

/**
 * The fan-out case's peer: what a NestJS team gets by default — a Socket.IO server with the Redis adapter,
 * one room per event, a client joining its event's room on connect. Two of these processes hold the fleet as
 * the product's two API instances do; messages come from fanout-socketio-publisher (the Redis emitter, as a
 * workers process would send them) and reach both through the adapter's Redis pub/sub. WebSocket transport
 * only (no long-polling upgrade), no per-message compression: as the product's gateway and the fleet.
 */

const server = createServer((req, res) => {
  if (req.url === '/health') res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
});
const pub = new Redis(process.env.REDIS_URL!);
const sub = pub.duplicate();
const io = new Server(server, {
  transports: ['websocket'],
  perMessageDeflate: false,
  serveClient: false,
  adapter: createAdapter(pub, sub, { key: `${process.env.REDIS_PREFIX}:socket.io` }),
});
io.on('connection', (socket) => {
  const eventId = socket.handshake.query.eventId;
  if (typeof eventId === 'string') void socket.join(eventId);
});

server.listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => {
  void io.close();
  pub.disconnect();
  sub.disconnect();
  process.exit(0);
});
