import { once } from 'node:events';
import { IncomingMessage, request } from 'node:http';
import { buffer } from 'node:stream/consumers';
import { setTimeout as sleep } from 'node:timers/promises';
import { LIVE_HANDOVER, LIVE_MOVE, RECONNECT_NOW_CLOSE_CODE, RECONNECT_NOW_REASON } from '@memory-wall/contracts';
import { Memory } from '@memory-wall/core';
import { createEvent } from '@memory-wall/testkit/factories';
import { ApiClient } from '@memory-wall/testkit/http';
import { connectLive } from '@memory-wall/testkit/live-client';
import { contractOf } from '@memory-wall/testkit/openapi-contract';
import { RunningProcess, startApi } from '@memory-wall/testkit/processes';
import { createTestEnvironment, TestEnvironment } from '@memory-wall/testkit/test-environment';
import { waitFor } from '@memory-wall/testkit/wait';

/** Long enough to see readiness fail before the instance stops accepting connections, on a busy machine too. */
const READINESS_GRACE_MS = 6000;

/** A guest's message submission whose body arrives in two parts: in flight from the first to the second. */
function slowSubmission(baseUrl: string, eventId: string, text: string) {
  const body = Buffer.from(JSON.stringify({ name: 'Slow guest', message: text }));
  const { hostname, port } = new URL(baseUrl);
  const req = request({
    host: hostname,
    port,
    method: 'POST',
    path: `/api/events/${eventId}/submissions/message`,
    headers: { 'content-type': 'application/json', 'content-length': body.length },
  });
  const answered = once(req, 'response').then(async (args) => {
    const res = args[0] as IncomingMessage;
    return {
      status: res.statusCode,
      connection: res.headers.connection,
      body: JSON.parse((await buffer(res)).toString()) as { memory: { id: string } },
    };
  });
  req.flushHeaders();
  req.write(body.subarray(0, 10));
  return { answered, finish: () => req.end(body.subarray(10)) };
}

/**
 * SIGTERM to an API instance (a deploy): readiness fails at once while liveness does not, new connections
 * are then refused, live sockets are asked to move (LIVE_MOVE) and those that stay are then told to reconnect
 * elsewhere (RECONNECT_NOW_CLOSE_CODE), and a request under way is answered before the process exits.
 */
describe('an API instance shutting down', () => {
  let t: TestEnvironment;
  let api: RunningProcess;

  beforeAll(async () => {
    t = await createTestEnvironment();
    api = await startApi({ ...t.env, SHUTDOWN_READINESS_GRACE_MS: String(READINESS_GRACE_MS) });
    // Read while the instance serves it, so that the not-ready answer below is checked against the document.
    await contractOf(api.url);
  }, 60_000);

  afterAll(async () => {
    await api?.stop('SIGKILL');
    await t?.cleanup();
  });

  const status = (path: string) =>
    fetch(`${api.url}${path}`, { signal: AbortSignal.timeout(5000) }).then(
      (r) => r.status,
      () => 'refused' as const,
    );

  it('fails readiness, refuses new connections, moves its sockets elsewhere, finishes the request under way, and exits', async () => {
    const event = await createEvent(t.dataSource);
    expect(await status('/api/health/ready')).toBe(200);
    expect(await status('/api/health')).toBe(200);
    const screen = await connectLive(`${api.url.replace('http', 'ws')}/ws?eventId=${event.id}`);
    await screen.joined();
    const inFlight = slowSubmission(api.url, event.id, 'Sent across the restart');
    // Its headers reach the instance before the drain begins: its connection is closed all the same.
    await sleep(1000);
    const exited = once(api.child, 'exit');

    api.child.kill('SIGTERM');
    await waitFor(async () => (await status('/api/health/ready')) === 503, 5000, 'readiness to fail');
    const ready = await new ApiClient(api.url).get('/api/health/ready');
    expect(ready.status).toBe(503);
    expect(ready.body).toMatchObject({ error: { instance: { status: 'down', reason: 'shutting down' } } });
    expect(ready.headers.get('connection')).toBe('close');
    expect(await status('/api/health')).toBe(503);
    expect(await status('/api/health/live')).toBe(200);

    // This client does not move (the screens' handover: handover.int-spec): it is asked to, then sent away.
    await screen.next((m) => (m.type as string) === LIVE_MOVE, READINESS_GRACE_MS + 5000);
    expect(await screen.closed(LIVE_HANDOVER.serverWaitMs + 5000)).toEqual({
      code: RECONNECT_NOW_CLOSE_CODE,
      reason: RECONNECT_NOW_REASON,
    });
    expect(await status('/api/health/live')).toBe('refused');
    expect(api.child.exitCode).toBeNull();

    inFlight.finish();
    const answer = await inFlight.answered;
    expect(answer.status).toBe(201);
    expect(answer.connection).toBe('close');
    expect(await t.dataSource.getRepository(Memory).countBy({ id: answer.body.memory.id })).toBe(1);
    await exited;
  }, 60_000);
});
