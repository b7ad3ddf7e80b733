import { LiveRefusals, Role } from '@memory-wall/contracts';
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

/**
 * The gateway's join with the real EventAccess over repositories that stand in for the database: the
 * event's admins table can be taken away, as in a database outage.
 */
function gateway() {
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
  const revocations = { onRevoked: () => undefined } as unknown as SessionRevocations;
  const access = new EventAccess(events, admins);
  const live = new LiveGateway(
    registry,
    published,
    access,
    {} as SessionStore,
    config,
    subscriber,
    {} as LiveAdmission,
    revocations,
    new Metrics(),
    new Draining(),
  );
  return { live, joined, followed, setDatabaseAway: (away: boolean) => (databaseAway = away) };
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
});
