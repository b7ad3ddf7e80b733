import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { rawRequest, runStep } from './loadgen';

/** A local HTTP server that hands the test each request's number and its response. */
async function serve(answer: (n: number, res: ServerResponse) => void) {
  let n = 0;
  const server = createServer((_req, res) => answer(n++, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { target: { host: '127.0.0.1', port: (server.address() as AddressInfo).port }, close: () => server.close() };
}

const reply = (res: ServerResponse, status: number) => {
  res.writeHead(status, { 'content-length': 2 });
  res.end('ok');
};

describe('runStep', () => {
  const request = () => rawRequest('GET', '/wall');
  /** A request due every 10 ms for a second, on one connection: an answer held up holds up those behind it. */
  const oneSecondOnOneConnection = (target: Parameters<typeof runStep>[0]) =>
    runStep(target, { rate: 100, durationMs: 1000, request, expect: [200], connections: 1 });

  it("sends the step's requests at its rate and counts answers of an unexpected status as errors", async () => {
    const server = await serve((n, res) => reply(res, n % 10 === 9 ? 500 : 200));
    try {
      const step = await runStep(server.target, { rate: 200, durationMs: 500, request, expect: [200], connections: 4 });

      expect(step).toMatchObject({ sent: 100, completed: 100, errors: 10, fellBehind: false });
      expect(step.errorSamples).toContain('HTTP 500');
    } finally {
      server.close();
    }
  });

  it('times each request from when it was due, so the wait behind a stalled answer counts (no coordinated omission)', async () => {
    // One connection, a request due every 10 ms; the 20th answer is held for 300 ms. The ~30 requests due
    // meanwhile wait for the connection: timed from when they were sent, only the held one would be slow.
    const server = await serve((n, res) => (n === 19 ? setTimeout(() => reply(res, 200), 300) : reply(res, 200)));
    try {
      const step = await oneSecondOnOneConnection(server.target);

      expect(step).toMatchObject({ sent: 100, completed: 100, errors: 0, fellBehind: false });
      expect(step.latency.max).toBeGreaterThanOrEqual(290);
      expect(step.latency.p95).toBeGreaterThanOrEqual(100);
    } finally {
      server.close();
    }
  });

  it('sends and times the requests still waiting for a connection when the last one is due, if the step kept up', async () => {
    // One connection, a request due every 10 ms; the 91st answer is held for 300 ms, so the last nine are
    // due while it waits: behind by less than the step allows, they are answered and timed, not failures.
    const server = await serve((n, res) => (n === 90 ? setTimeout(() => reply(res, 200), 300) : reply(res, 200)));
    try {
      const step = await oneSecondOnOneConnection(server.target);

      expect(step).toMatchObject({ sent: 100, completed: 100, errors: 0, fellBehind: false });
      expect(step.latency.max).toBeGreaterThanOrEqual(290);
    } finally {
      server.close();
    }
  });
});
