import WebSocket from 'ws';
import { LIVE_JOINED, LiveJoined, LiveMessage } from '@memory-wall/contracts';

export interface LiveClient {
  socket: WebSocket;
  messages: LiveMessage[];
  /** The gateway's "joined" answers, kept apart from the feed's messages. */
  joins: LiveJoined[];
  /** Resolves with the first "joined" answer. */
  joined(timeoutMs?: number): Promise<LiveJoined>;
  /** Resolves with the first message (already received or arriving) that matches. */
  next(match: (m: LiveMessage) => boolean, timeoutMs?: number): Promise<LiveMessage>;
  /** Resolves with the close code and reason once the server (or the client) closed the socket. */
  closed(timeoutMs?: number): Promise<{ code: number; reason: string }>;
  close(): void;
}

/**
 * A WebSocket client of the live gateway that records what it receives (as a signed-in host with `cookie`).
 * `headers` are sent with the upgrade (Origin, as a browser page sends it; X-Forwarded-For through a proxy).
 */
export async function connectLive(
  url: string,
  join?: string,
  cookie?: string,
  headers: Record<string, string> = {},
): Promise<LiveClient> {
  const socket = new WebSocket(url, { headers: { ...(cookie ? { cookie } : {}), ...headers } });
  const closedAs = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  const messages: LiveMessage[] = [];
  const joins: LiveJoined[] = [];
  const joinWaiters: Array<(joined: LiveJoined) => void> = [];
  const waiters: Array<{ match: (m: LiveMessage) => boolean; resolve: (m: LiveMessage) => void }> = [];
  socket.on('message', (data) => {
    const frame = JSON.parse(String(data)) as LiveMessage | LiveJoined;
    if (frame.type === LIVE_JOINED) {
      joins.push(frame);
      joinWaiters.splice(0).forEach((resolve) => resolve(frame));
      return;
    }
    const message = frame;
    messages.push(message);
    for (const w of [...waiters]) {
      if (w.match(message)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(message);
      }
    }
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  if (join) socket.send(JSON.stringify({ type: 'join', eventId: join }));
  return {
    socket,
    messages,
    joins,
    joined(timeoutMs = 10_000) {
      if (joins.length) return Promise.resolve(joins[0]);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no "joined" answer in ${timeoutMs} ms`)), timeoutMs);
        joinWaiters.push((joined) => (clearTimeout(timer), resolve(joined)));
      });
    },
    next(match, timeoutMs = 10_000) {
      const found = messages.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no matching live message in ${timeoutMs} ms; got ${JSON.stringify(messages)}`)),
          timeoutMs,
        );
        waiters.push({ match, resolve: (m) => (clearTimeout(timer), resolve(m)) });
      });
    },
    closed(timeoutMs = 10_000) {
      return Promise.race([
        closedAs,
        new Promise<never>((_, reject) =>
          setTimeout(() => reject(new Error(`not closed in ${timeoutMs} ms`)), timeoutMs).unref(),
        ),
      ]);
    },
    close: () => socket.close(1000),
  };
}

/** An upgrade the gateway is expected to refuse: resolves with its HTTP status and body; rejects if a socket opened. */
export function refusedUpgrade(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers });
    socket.once('open', () => {
      socket.close(1000);
      reject(new Error(`the upgrade to ${url} was accepted`));
    });
    socket.once('unexpected-response', (_request, response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    socket.once('error', reject);
  });
}

/** Waits until the server side has registered a socket (its join is processed asynchronously). */
export const settle = (ms = 300) => new Promise((r) => setTimeout(r, ms));
