/** Test helpers of the memories screens (imported by specs only). */
import { act } from '@testing-library/react';
import { WebSocketServer, type WebSocket } from 'ws';
import { LIVE_JOINED, LiveFeed, type HostMemory, type LiveJoined, type LiveMessage } from '@memory-wall/contracts';
import { makeMemory } from '../../test/fixtures';
import type { TestServer } from '../../test/testServer';

/** A memory as the event's hosts get it: pending unless told otherwise. */
export function hostMemory(overrides: Partial<HostMemory> = {}): HostMemory {
  return {
    ...makeMemory(),
    approved: false,
    flagged: false,
    processingState: 'ready',
    moderation: null,
    publicAt: null,
    ...overrides,
  };
}

export interface LiveServer {
  sockets: { socket: WebSocket; url: string }[];
  /** Sends a message on the newest socket. */
  send(message: Omit<LiveMessage, 'seq' | 'ts' | 'eventId'> & Partial<LiveMessage>): Promise<void>;
  /** The sequence number of the latest message sent (0 before any): where a new socket joins. */
  seq(): number;
  /** Drops every open socket, as a network failure would. */
  dropAll(): void;
  close(): Promise<void>;
}

/**
 * The gateway's side of /ws on the test server: records sockets, tells each where it joined `feed`
 * (as the gateway does) and sends what a test says.
 */
export function attachLiveServer(server: TestServer, eventId: string, feed: LiveFeed = LiveFeed.Public): LiveServer {
  const sockets: LiveServer['sockets'] = [];
  const wss = new WebSocketServer({ server: server.server, path: '/ws' });
  let seq = 0;
  wss.on('connection', (socket, request) => {
    sockets.push({ socket, url: request.url ?? '' });
    const joined: LiveJoined = { type: LIVE_JOINED, eventId, feed, seq };
    socket.send(JSON.stringify(joined));
  });
  return {
    sockets,
    send: (message) =>
      act(async () => {
        seq += 1;
        sockets.at(-1)!.socket.send(JSON.stringify({ eventId, seq, ts: Date.now(), ...message }));
        await new Promise((resolve) => setTimeout(resolve, 20));
      }),
    seq: () => seq,
    dropAll: () => wss.clients.forEach((client) => client.terminate()),
    close: async () => {
      wss.clients.forEach((client) => client.terminate());
      await new Promise((resolve) => wss.close(resolve));
    },
  };
}
