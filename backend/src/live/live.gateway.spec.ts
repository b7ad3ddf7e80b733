import type { IncomingMessage } from 'node:http';
import { LiveRefusals, Role, SessionRevocation } from '@memory-wall/contracts';
import { InMemoryEventRepository, Metrics } from '@memory-wall/core';
import type { AppConfig, Event, EventAdmin } from '@memory-wall/core';
import type { Repository } from 'typeorm';
import type { WebSocket } from 'ws';
import { Draining } from '../common/shutdown/draining';
import type { Session, SessionStore } from '../modules/auth/session.store';
import { EventAccess } from '../modules/events/event-access';
import type { PublishedEvents } from '../modules/events/published-events';
import type { LiveAdmission } from './live-admission';
import { LiveGateway } from './live.gateway';
import { LiveRegistry } from './live-registry';
import { LiveRoom, roomKey } from './live-room';
import type { LiveSubscriber } from './live-subscriber';
import type { SessionRevocations } from './session-revocations';

const EVENT_ID = '7d4f4a57-3a4c-4d7e-9a51-0f7c2f8f0a11';
const OTHER_EVENT_ID = '0b2e6c1d-8f3a-4c5e-9d7b-1a2b3c4d5e6f';
const HOST = { userId: 'u1', role: Role.Customer } as Session;

// Every upgrade here carries the cookie of 'session-1' (@fastify/cookie reads cookies once its plugin loaded).
jest.mock('../modules/auth/session-cookie', () => ({ sessionIdFromCookieHeader: () => 'session-1' }));

/** Every gateway made here: each one's heartbeat timer is stopped after its test (Jest reuses the process). */
const gateways: LiveGateway[] = [];
afterEach(() => gateways.splice(0).forEach((live) => live.onModuleDestroy()));

/**
 * The gateway's join with the real EventAccess over repositories that stand in for the database: the
 * event's admins table can be taken away, as in a database outage.
 */
function gateway(sessions = {} as SessionStore) {
  let databaseAway = false;
  const events = new InMemoryEventRepository();
  events.add({ id: EVENT_ID });
  events.add({ id: OTHER_EVENT_ID });
  const admins = {
    findOneBy: async () => {
      if (databaseAway) throw new Error('Connection terminated unexpectedly');
      return { permissions: { canModerate: true } } as unknown as EventAdmin;
    },
  } as unknown as Repository<EventAdmin>;
  // What the subscriber is told, in order: the feeds this instance follows.
  const followed: string[] = [];
  const joined: string[] = [];
  const registry = new LiveRegistry();
  const join = registry.join.bind(registry);
  registry.join = (socket: WebSocket, room: LiveRoom) => (joined.push(roomKey(room)), join(socket, room));
  const subscriber = {
    welcome: () => undefined,
    onFirstViewer: (room: LiveRoom) => followed.push(`follow ${roomKey(room)}`),
    onLastViewer: (room: LiveRoom) => followed.push(`leave ${roomKey(room)}`),
  } as unknown as LiveSubscriber;
  const published = { getPublished: async () => ({ id: EVENT_ID }) as Event } as unknown as PublishedEvents;
  const config = { LIVE_JOIN_CACHE_MS: 5_000, LIVE_JOINS_PER_MINUTE: 100 } as AppConfig;
  let revoke: (revocation: SessionRevocation) => void = () => undefined;
  const revocations = { onRevoked: (listener: typeof revoke) => (revoke = listener) } as unknown as SessionRevocations;
  const access = new EventAccess(events, admins);
  const live = new LiveGateway(
    registry,
    published,
    access,
    sessions,
    config,
    subscriber,
    {} as LiveAdmission,
    revocations,
    new Metrics(),
    new Draining(),
  );
  gateways.push(live);
  return {
    live,
    joined,
    followed,
    setDatabaseAway: (away: boolean) => (databaseAway = away),
    revoke: (revocation: SessionRevocation) => revoke(revocation),
  };
}

function hostSocket() {
  const closed: Array<[number, string]> = [];
  const socket = {
    session: HOST,
    sessionId: 'session-1',
    OPEN: 1,
    readyState: 1,
    close: (code: number, reason: string) => closed.push([code, reason]),
  };
  return { socket: socket as unknown as WebSocket, closed };
}

describe('LiveGateway join', () => {
  it("closes a host's socket with 1011 (reconnect later) when access cannot be decided, instead of joining it to the public feed", async () => {
    const g = gateway();
    g.setDatabaseAway(true);
    const { socket, closed } = hostSocket();
    await g.live.onJoin(socket, { eventId: EVENT_ID });
    expect(closed).toEqual([[1011, LiveRefusals.unavailable]]);
    expect(g.joined).toEqual([]);

    // Once the database is back, the host's reconnect joins the hosts' feed: the failure was not remembered.
    g.setDatabaseAway(false);
    await g.live.onJoin(hostSocket().socket, { eventId: EVENT_ID });
    expect(g.joined).toEqual([`${EVENT_ID}:hosts`]);
  });

  it("has the subscriber follow a room's feed from its first local viewer until its last one leaves", async () => {
    const g = gateway();
    const [first, second] = [hostSocket().socket, hostSocket().socket];
    await g.live.onJoin(first, { eventId: EVENT_ID });
    await g.live.onJoin(second, { eventId: EVENT_ID });
    expect(g.followed).toEqual([`follow ${EVENT_ID}:hosts`]);

    await g.live.onJoin(first, { eventId: OTHER_EVENT_ID });
    g.live.handleDisconnect(second);
    g.live.handleDisconnect(first);
    expect(g.followed).toEqual([
      `follow ${EVENT_ID}:hosts`,
      `follow ${OTHER_EVENT_ID}:hosts`,
      `leave ${EVENT_ID}:hosts`,
      `leave ${OTHER_EVENT_ID}:hosts`,
    ]);
  });

  it('reads the session again when it ended while being read, so the socket joins as the public viewer it now is', async () => {
    // The first read answers with the session as it was before its end was announced; then it is gone.
    const reads: Array<Session | null> = [HOST, null];
    let announceEnd = () => undefined as void;
    const sessions = {
      get: async () => {
        const session = reads.shift() ?? null;
        announceEnd(); // the end is heard while this read is on its way back
        announceEnd = () => undefined;
        return session;
      },
    } as unknown as SessionStore;
    const g = gateway(sessions);
    announceEnd = () => g.revoke({ userId: HOST.userId, sessionId: 'session-1' });
    const socket = {
      OPEN: 1,
      readyState: 1,
      on: () => undefined,
      close: () => undefined,
    } as unknown as WebSocket & { session?: Session | null };
    const request = { headers: {}, url: `/ws?eventId=${EVENT_ID}` } as IncomingMessage;
    await g.live.handleConnection(socket, request);
    expect(reads).toEqual([]);
    expect(socket.session).toBeNull();
    expect(g.joined).toEqual([EVENT_ID]); // the public feed, not the hosts’
  });
});
