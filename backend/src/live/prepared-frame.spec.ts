import { once } from 'node:events';
import type { AddressInfo, Socket } from 'node:net';
import WebSocket, { ServerOptions, WebSocketServer } from 'ws';
import { PreparedFrame } from './prepared-frame';

interface Received {
  text: string;
  binary: boolean;
}

/** A real `ws` server and `count` clients: the server's side of each, with its TCP socket, and what each client receives. */
async function connected(count: number, options: ServerOptions = {}) {
  const server = new WebSocketServer({ port: 0, host: '127.0.0.1', ...options });
  await once(server, 'listening');
  const sides: Array<{ socket: WebSocket; tcp: Socket }> = [];
  server.on('connection', (socket, request) => sides.push({ socket, tcp: request.socket }));
  const received: Received[][] = [];
  const clients = await Promise.all(
    Array.from({ length: count }, async (_, i) => {
      received[i] = [];
      const client = new WebSocket(`ws://127.0.0.1:${(server.address() as AddressInfo).port}`);
      client.on('message', (data, binary) => received[i].push({ text: data.toString(), binary }));
      await once(client, 'open');
      return client;
    }),
  );
  while (sides.length < count) await new Promise((resolve) => setImmediate(resolve));
  const close = async () => {
    clients.forEach((client) => client.terminate());
    await new Promise((resolve) => server.close(resolve));
  };
  const receivedAll = async (perClient: number) => {
    for (let waited = 0; received.some((r) => r.length < perClient) && waited < 5000; waited += 10) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return received;
  };
  return { sides, receivedAll, close };
}

describe('PreparedFrame', () => {
  it('reaches every socket as a text message, whatever the length field its size needs (7, 16 or 64 bits)', async () => {
    const { sides, receivedAll, close } = await connected(3);
    const messages = [20, 300, 70_000].map((size, i) => `{"seq":${i + 1},"text":"${'x'.repeat(size)}"}`);
    try {
      for (const message of messages) {
        const frame = new PreparedFrame(Buffer.from(message));
        sides.forEach(({ socket }) => frame.sendTo(socket));
      }
      const received = await receivedAll(messages.length);
      const expected = messages.map((text) => ({ text, binary: false }));
      expect(received).toEqual([expected, expected, expected]);
    } finally {
      await close();
    }
  });

  it('hands each socket one buffer, header and payload together', async () => {
    const { sides, receivedAll, close } = await connected(2);
    const writes = sides.map(({ tcp }) => {
      const chunks: Buffer[] = [];
      const write = tcp.write.bind(tcp) as (chunk: Buffer, ...rest: unknown[]) => boolean;
      tcp.write = (chunk: Buffer, ...rest: unknown[]) => {
        chunks.push(chunk);
        return write(chunk, ...rest);
      };
      return chunks;
    });
    try {
      const frame = new PreparedFrame(Buffer.from('{"seq":1,"type":"memory_approved"}'));
      sides.forEach(({ socket }) => frame.sendTo(socket));
      await receivedAll(1);
      for (const chunks of writes) {
        expect(chunks).toHaveLength(1);
        expect(chunks[0].subarray(2).toString()).toBe('{"seq":1,"type":"memory_approved"}');
      }
      expect(writes[0][0]).toBe(writes[1][0]); // framed once, for both
    } finally {
      await close();
    }
  });

  it('keeps the order of a socket that negotiated compression, whose messages ws may still be compressing', async () => {
    const { sides, receivedAll, close } = await connected(1, { perMessageDeflate: { threshold: 0 } });
    const [{ socket }] = sides;
    expect(socket.extensions).toContain('permessage-deflate');
    const first = JSON.stringify({ seq: 1, text: 'a'.repeat(50_000) });
    try {
      socket.send(first, { compress: true }); // compressed asynchronously, on zlib's thread pool
      new PreparedFrame(Buffer.from('{"seq":2}')).sendTo(socket);
      const [received] = await receivedAll(2);
      expect(received.map((r) => r.text)).toEqual([first, '{"seq":2}']);
    } finally {
      await close();
    }
  });
});
