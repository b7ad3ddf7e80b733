import type { Repository } from 'typeorm';
import { DomainErrorCode, EventStatus } from '@memory-wall/contracts';
import type { Event } from '@memory-wall/core';
import { PublishedEvents } from './published-events';

const EVENT_ID = '0b2e6c1d-8f3a-4c5e-9d7b-1a2b3c4d5e6f';

/** PublishedEvents over a repository holding one event whose status the test sets, counting its queries. */
function published(status: EventStatus | null) {
  const state = { status, queries: 0 };
  const events = {
    findOneBy: async () => {
      state.queries++;
      return state.status ? ({ id: EVENT_ID, status: state.status } as Event) : null;
    },
  } as unknown as Repository<Event>;
  return { service: new PublishedEvents(events), state };
}

const forbidden = { name: 'DomainError', code: DomainErrorCode.Forbidden };
const notFound = { name: 'DomainError', code: DomainErrorCode.NotFound };

describe('PublishedEvents', () => {
  it('remembers that a wall is public, and asks again about one that was not yet', async () => {
    const { service, state } = published(EventStatus.Draft);
    await expect(service.assertPublished(EVENT_ID)).rejects.toMatchObject(forbidden);
    state.status = EventStatus.Live;
    await service.assertPublished(EVENT_ID);
    await service.assertPublished(EVENT_ID);
    expect(state.queries).toBe(2);
  });

  it('answers 404 for an unknown event and hides unpublished ones from look-ups by code', async () => {
    await expect(published(null).service.getPublished(EVENT_ID)).rejects.toMatchObject(notFound);
    await expect(published(EventStatus.Draft).service.findPublishedBy({ eventCode: 'abc123' })).rejects.toMatchObject(
      notFound,
    );
    await expect(
      published(EventStatus.Completed).service.findPublishedBy({ eventCode: 'abc123' }),
    ).resolves.toMatchObject({ id: EVENT_ID });
  });

  it('takes memories for a live event only, remembering a yes and never a no', async () => {
    const { service, state } = published(EventStatus.Completed);
    await expect(service.assertAcceptingMemories(EVENT_ID)).rejects.toMatchObject(forbidden);
    state.status = EventStatus.Live;
    await service.assertAcceptingMemories(EVENT_ID);
    await service.assertAcceptingMemories(EVENT_ID);
    expect(state.queries).toBe(2);
  });
});
