import { DomainErrorCode, LiveCloseCode, Messages, Role } from '@memory-wall/contracts';
import { DomainError, InMemoryEventRepository, type Event, type EventAdmin } from '@memory-wall/core';
import type { Repository } from 'typeorm';
import type { Session } from '../modules/auth/session.store';
import { EventAccess } from '../modules/events/event-access';
import { LiveJoinAccess } from './live-join-access';

const TTL_MS = 5_000;
const EVENT_ID = '7d4f4a57-3a4c-4d7e-9a51-0f7c2f8f0a11';
const CUSTOMER: Session = { userId: 'u1', role: Role.Customer } as Session;

/**
 * The gateway's join check against counted stand-ins for the database: the real EventAccess over
 * repositories that count their queries, and a PublishedEvents whose look-up counts too.
 */
function world() {
  const queries = { events: 0, admins: 0, published: 0 };
  let isAdmin = true;
  const eventsRepo = new InMemoryEventRepository();
  eventsRepo.add({ id: EVENT_ID });
  const findById = eventsRepo.findById.bind(eventsRepo);
  eventsRepo.findById = (id) => (queries.events++, findById(id));
  const adminsRepo = {
    findOneBy: async () => (
      queries.admins++,
      isAdmin ? ({ permissions: { canModerate: true } } as unknown as EventAdmin) : null
    ),
  } as unknown as Repository<EventAdmin>;
  let published = true;
  const events = {
    getPublished: async (id: string) => {
      queries.published++;
      if (!published) throw new DomainError(DomainErrorCode.NotFound, Messages.eventNotFound);
      return { id } as Event;
    },
  };
  let now = 1_000;
  const clock = { now: () => now };
  const access = new LiveJoinAccess(events, new EventAccess(eventsRepo, adminsRepo), TTL_MS, clock);
  return {
    access,
    queries,
    advance: (ms: number) => (now += ms),
    withdrawAdmin: () => (isAdmin = false),
    unpublish: () => (published = false),
  };
}

describe('LiveJoinAccess', () => {
  it('answers a crowd joining one public event with one query per TTL, concurrent joins included', async () => {
    const w = world();
    const decisions = await Promise.all(Array.from({ length: 200 }, () => w.access.decide(null, null, EVENT_ID)));
    expect(decisions.every((d) => 'hosts' in d && d.hosts === false)).toBe(true);
    expect(w.queries.published).toBe(1);

    w.advance(TTL_MS - 1);
    await Promise.all(Array.from({ length: 50 }, () => w.access.decide(null, null, EVENT_ID)));
    expect(w.queries.published).toBe(1);

    w.advance(2);
    await Promise.all(Array.from({ length: 50 }, () => w.access.decide(null, null, EVENT_ID)));
    expect(w.queries.published).toBe(2);
  });

  it("remembers a host's access per session for the TTL only: a withdrawn access is seen after it", async () => {
    const w = world();
    for (let i = 0; i < 20; i++)
      expect(await w.access.decide(CUSTOMER, 'session-1', EVENT_ID)).toEqual({ hosts: true });
    expect(w.queries).toMatchObject({ events: 1, admins: 1 });

    w.withdrawAdmin();
    expect(await w.access.decide(CUSTOMER, 'session-1', EVENT_ID)).toEqual({ hosts: true });
    w.advance(TTL_MS + 1);
    expect(await w.access.decide(CUSTOMER, 'session-1', EVENT_ID)).toEqual({ hosts: false });
  });

  it("does not hand one session's host decision to another session or to anonymous viewers", async () => {
    const w = world();
    expect(await w.access.decide(CUSTOMER, 'session-1', EVENT_ID)).toEqual({ hosts: true });
    expect(await w.access.decide(null, null, EVENT_ID)).toEqual({ hosts: false });
    w.withdrawAdmin();
    expect(await w.access.decide(CUSTOMER, 'session-2', EVENT_ID)).toEqual({ hosts: false });
  });

  it('refuses an unknown event with its close code and remembers that too', async () => {
    const w = world();
    w.unpublish();
    for (let i = 0; i < 10; i++) {
      expect(await w.access.decide(null, null, EVENT_ID)).toEqual({
        refused: { code: LiveCloseCode.EventNotFound, reason: Messages.eventNotFound },
      });
    }
    expect(w.queries.published).toBe(1);
  });

  it('does not remember a failed lookup (the database away): the next join asks again', async () => {
    let calls = 0;
    const access = new LiveJoinAccess(
      { getPublished: async () => (++calls === 1 ? Promise.reject(new Error('connection refused')) : ({} as Event)) },
      { canManage: async () => false },
      TTL_MS,
      { now: () => 1_000 },
    );
    await expect(access.decide(null, null, EVENT_ID)).rejects.toThrow('connection refused');
    expect(await access.decide(null, null, EVENT_ID)).toEqual({ hosts: false });
    expect(calls).toBe(2);
  });
});
