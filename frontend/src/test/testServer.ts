import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setApiOrigin } from '../api/config';

export interface RecordedRequest {
  method: string;
  url: string;
  body: unknown;
}

export type Reply = { status: number; body?: unknown } | undefined;
export type Handler = (req: RecordedRequest) => Reply | Promise<Reply>;

export interface TestServer {
  origin: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
  /** The underlying server, e.g. to attach a WebSocket server. */
  server: ReturnType<typeof createServer>;
}

/**
 * A real HTTP server on 127.0.0.1 playing the API: `handle` answers each request (undefined = 404).
 * The app's API base URL points at it until close().
 */
export async function startTestServer(handle: Handler): Promise<TestServer> {
  const requests: RecordedRequest[] = [];
  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const raw = await readBody(req);
    const recorded: RecordedRequest = {
      method: req.method ?? 'GET',
      url: req.url ?? '/',
      body: raw ? JSON.parse(raw) : undefined,
    };
    requests.push(recorded);
    const reply = (await handle(recorded)) ?? { status: 404, body: { statusCode: 404, error: 'Not Found', message: 'Not found' } };
    res.writeHead(reply.status, { 'content-type': 'application/json' });
    res.end(reply.body === undefined ? undefined : JSON.stringify(reply.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  setApiOrigin(origin);

  return {
    origin,
    requests,
    server,
    close: () =>
      new Promise<void>((resolve, reject) => {
        setApiOrigin(null);
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (data += chunk));
    req.on('end', () => resolve(data));
    req.on('error', reject);
  });
}
