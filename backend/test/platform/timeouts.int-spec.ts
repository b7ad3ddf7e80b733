import { connect, Socket } from 'node:net';
import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { countMemories, createEvent } from '@memory-wall/testkit/factories';
import { RunningProcess, startApi } from '@memory-wall/testkit/processes';
import { createTestEnvironment, TestEnvironment } from '@memory-wall/testkit/test-environment';
import { waitFor } from '@memory-wall/testkit/wait';

/** A raw connection to the API that records what it received and whether the server closed it. */
async function rawConnection(port: number) {
  const socket: Socket = connect(port, '127.0.0.1');
  await once(socket, 'connect');
  const state = { received: '', closed: false };
  socket.on('data', (chunk: Buffer) => (state.received += chunk.toString()));
  socket.on('close', () => (state.closed = true));
  socket.on('error', () => undefined);
  return { socket, state };
}

const IDLE_MS = 1_000;

/** Slow clients: trickled headers and stalled bodies are cut off, a slow body that keeps moving is not. */
describe('connection timeouts', () => {
  let t: TestEnvironment;
  let api: RunningProcess;
  let eventId: string;

  beforeAll(async () => {
    t = await createTestEnvironment();
    api = await startApi({ ...t.env, HTTP_IDLE_TIMEOUT_MS: String(IDLE_MS), HTTP_HEADERS_TIMEOUT_MS: '1500' });
    eventId = (await createEvent(t.dataSource)).id;
  });

  afterAll(async () => {
    await api?.stop();
    await t?.cleanup();
  });

  const messageHead = (length: number) =>
    `POST /api/events/${eventId}/submissions/message HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;

  it('closes a connection whose body stops arriving, storing nothing', async () => {
    const before = await countMemories(t.dataSource, eventId);
    const { socket, state } = await rawConnection(api.port);
    socket.write(messageHead(100));
    socket.write('{"name":"Stalled","mess');
    await waitFor(() => state.closed, 10_000, 'the server to close the stalled upload');
    expect(state.received).not.toMatch(/^HTTP\/1.1 2/);
    expect(await countMemories(t.dataSource, eventId)).toBe(before);
  });

  it('closes a connection that keeps trickling its headers', async () => {
    const { socket, state } = await rawConnection(api.port);
    socket.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    const trickle = setInterval(() => socket.writable && socket.write('X-Slow: y\r\n'), 200);
    try {
      await waitFor(() => state.closed, 10_000, 'the server to close the trickling headers');
    } finally {
      clearInterval(trickle);
    }
    expect(state.received).not.toMatch(/^HTTP\/1.1 200/);
  });

  it('accepts a body that keeps moving for longer than the idle timeout', async () => {
    const body = JSON.stringify({ name: 'Slow phone', message: 'sent a few bytes at a time' });
    const { socket, state } = await rawConnection(api.port);
    socket.write(messageHead(Buffer.byteLength(body)));
    const chunks = body.match(/.{1,3}/g)!;
    for (const chunk of chunks) {
      socket.write(chunk);
      await sleep(IDLE_MS / 5);
    }
    expect(chunks.length * (IDLE_MS / 5)).toBeGreaterThan(2 * IDLE_MS);
    await waitFor(() => state.received.includes('\r\n\r\n'), 10_000, 'the answer to the slow upload');
    expect(state.received).toMatch(/^HTTP\/1.1 201/);
    socket.destroy();
  });
});
