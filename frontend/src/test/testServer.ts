import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setApiOrigin } from '../api/config';

export interface RecordedRequest {
  method: string;
  url: string;
  body: unknown;
  headers: IncomingMessage['headers'];
}

export type Reply =
  | {
      status: number;
      body?: unknown;
      headers?: Record<string, string>;
      /** A slow answer: its head is sent at once, its body only once this settles. */
      bodyAfter?: Promise<void>;
    }
  | undefined;
export type Handler = (req: RecordedRequest) => Reply | Promise<Reply>;

export interface TestServer {
  origin: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
  /** The underlying server, e.g. to attach a WebSocket server. */
  server: ReturnType<typeof createServer>;
}

const NOT_FOUND: NonNullable<Reply> = {
  status: 404,
  body: { statusCode: 404, error: 'Not Found', message: 'Not found' },
};
/** The liveness route answers as the real API's does, unless `handle` says otherwise: live sockets ask it before reconnecting. */
const LIVENESS_PATH = '/api/health/live';
const ALIVE: NonNullable<Reply> = { status: 200, body: { status: 'ok' } };

/**
 * A real HTTP server on 127.0.0.1 playing the API: `handle` answers each request (undefined = 404, or 200
 * for the liveness route).
 * The app's API base URL points at it until close().
 */
export async function startTestServer(handle: Handler): Promise<TestServer> {
  const requests: RecordedRequest[] = [];
  const answer = async (req: IncomingMessage, res: ServerResponse) => {
    // jsdom's XMLHttpRequest (photo uploads) applies CORS, since the page's origin is not this server's:
    // answer its preflight, and allow its requests, as the same-origin API never needs to.
    const cors = {
      'access-control-allow-origin': req.headers.origin ?? '*',
      'access-control-allow-credentials': 'true',
    };
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        ...cors,
        'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE',
        'access-control-allow-headers': req.headers['access-control-request-headers'] ?? '',
      });
      res.end();
      return;
    }
    const raw = await readBody(req);
    const recorded: RecordedRequest = {
      method: req.method ?? 'GET',
      url: req.url ?? '/',
      body: await parseBody(raw, req.headers['content-type']),
      headers: req.headers,
    };
    requests.push(recorded);
    const reply = (await handle(recorded)) ?? (recorded.url === LIVENESS_PATH ? ALIVE : NOT_FOUND);
    res.writeHead(reply.status, { 'content-type': 'application/json', ...cors, ...reply.headers });
    if (reply.bodyAfter) {
      res.flushHeaders();
      await reply.bodyAfter;
    }
    res.end(reply.body === undefined ? undefined : JSON.stringify(reply.body));
  };
  const server = createServer((req, res) => void answer(req, res));
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

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** A file of a multipart body as a request records it. */
export interface RecordedFile {
  name: string;
  type: string;
  size: number;
}

/**
 * JSON bodies as parsed JSON; multipart/form-data as a plain object of its fields, each file as
 * {name, type, size}; a tus chunk (application/offset+octet-stream) as its length in bytes.
 */
async function parseBody(raw: Buffer, contentType = ''): Promise<unknown> {
  if (raw.length === 0) return undefined;
  if (contentType.startsWith('application/offset+octet-stream')) return raw.length;
  if (!contentType.startsWith('multipart/form-data')) return JSON.parse(raw.toString('utf8'));
  const form = await new Response(new Uint8Array(raw), { headers: { 'content-type': contentType } }).formData();
  const fields: Record<string, string | RecordedFile> = {};
  form.forEach((value, key) => {
    fields[key] = typeof value === 'string' ? value : { name: value.name, type: value.type, size: value.size };
  });
  return fields;
}
