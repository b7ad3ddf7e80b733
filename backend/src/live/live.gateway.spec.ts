import { LiveRefusals, Role } from '@memory-wall/contracts';
import { Metrics } from '@memory-wall/core';
import type { AppConfig, Event, EventAdmin } from '@memory-wall/core';
import type { Repository } from 'typeorm';
import type { WebSocket } from 'ws';
import type { Session, SessionStore } from '../modules/auth/session.store';
import { EventAccess } from '../modules/events/event-access';
import type { EventsService } from '../modules/events/events.service';
import type { LiveAdmission } from './live-admission';
import { LiveGateway } from './live.gateway';
import type { LiveRegistry } from './live-registry';
import type { LiveSubscriber } from './live-subscriber';

const EVENT_ID = '7d4f4a57-3a4c-4d7e-9a51-0f7c2f8f0a11';
const HOST = { userId: 'u1', role: Role.Customer } as Session;

/**
 * The gateway's join with the real EventAccess over repositories that stand in for the database: the
 * event's admins table can be taken away, as in a database outage.
 */
function gateway() {
  let databaseAway = false;
  const events = { findOneBy: async () => ({ id: EVENT_ID }) as Event } as unknown as Repository<Event>;
  const admins = {
    findOneBy: async () => {
      if (databaseAway) throw new Error('Connection terminated unexpectedly');
      return { permissions: { canModerate: true } } as unknown as EventAdmin;
    },
  } as unknown as Repository<EventAdmin>;
  const joined: string[] = [];
  const registry = { join: (_socket: WebSocket, room: string) => joined.push(room) } as unknown as LiveRegistry;
  const subscriber = { onSessionRevoked: () => undefined, welcome: () => undefined } as unknown as LiveSubscriber;
  const published = { getPublished: async () => ({ id: EVENT_ID }) as Event } as unknown as EventsService;
  const config = { LIVE_JOIN_CACHE_MS: 5_000, LIVE_JOINS_PER_MINUTE: 100 } as AppConfig;
  const live = new LiveGateway(registry, published, new EventAccess(events, admins), {} as SessionStore, config, subscriber, {} as LiveAdmission, new Metrics());
  return { live, joined, setDatabaseAway: (away: boolean) => (databaseAway = away) };
}

function hostSocket() {
  const closed: Array<[number, string]> = [];
  const socket = { session: HOST, sessionId: 'session-1', OPEN: 1, readyState: 1, close: (code: number, reason: string) => closed.push([code, reason]) };
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
});
