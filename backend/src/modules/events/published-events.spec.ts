import { DomainErrorCode, EventStatus, VIDEO_MAX_SECONDS } from '@memory-wall/contracts';
import { InMemoryEventRepository } from '@memory-wall/core';
import { PublishedEvents } from './published-events';

const EVENT_ID = '0b2e6c1d-8f3a-4c5e-9d7b-1a2b3c4d5e6f';

/** PublishedEvents over the in-memory repository holding one event (unless `status` is null), counting reads. */
function published(status: EventStatus | null, fields: { allowVideo?: boolean; maxVideoSeconds?: number } = {}) {
  const events = new InMemoryEventRepository();
  if (status) events.add({ id: EVENT_ID, status, eventCode: 'ABC123', slug: 'anna-and-ben-k3x9q2m7', ...fields });
  const state = { queries: 0 };
  const findById = events.findById.bind(events);
  events.findById = (id) => (state.queries++, findById(id));
  const setStatus = (to: EventStatus) => events.update(EVENT_ID, { status: to });
  return { service: new PublishedEvents(events), state, setStatus };
}

const forbidden = { name: 'DomainError', code: DomainErrorCode.Forbidden };
const notFound = { name: 'DomainError', code: DomainErrorCode.NotFound };

describe('PublishedEvents', () => {
  it('remembers that a wall is public, and asks again about one that was not yet', async () => {
    const { service, state, setStatus } = published(EventStatus.Draft);
    await expect(service.assertPublished(EVENT_ID)).rejects.toMatchObject(forbidden);
    await setStatus(EventStatus.Live);
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

  it('finds a published event by its slug, and no other', async () => {
    const { service } = published(EventStatus.Live);
    await expect(service.findPublishedBy({ slug: 'anna-and-ben-k3x9q2m7' })).resolves.toMatchObject({ id: EVENT_ID });
    await expect(service.findPublishedBy({ slug: 'anna-and-ben' })).rejects.toMatchObject(notFound);
  });

  it('takes memories for a live event only, remembering a yes and never a no', async () => {
    const { service, state, setStatus } = published(EventStatus.Completed);
    await expect(service.assertAcceptingMemories(EVENT_ID)).rejects.toMatchObject(forbidden);
    await setStatus(EventStatus.Live);
    await service.assertAcceptingMemories(EVENT_ID);
    await service.assertAcceptingMemories(EVENT_ID);
    expect(state.queries).toBe(2);
  });

  it("takes clips only where the event takes them, up to its limit and the product's", async () => {
    await expect(published(EventStatus.Live).service.videoLimit(EVENT_ID)).rejects.toMatchObject(forbidden);
    await expect(
      published(EventStatus.Live, { allowVideo: true, maxVideoSeconds: 20 }).service.videoLimit(EVENT_ID),
    ).resolves.toBe(20);
    await expect(
      published(EventStatus.Live, { allowVideo: true, maxVideoSeconds: 600 }).service.videoLimit(EVENT_ID),
    ).resolves.toBe(VIDEO_MAX_SECONDS);
    await expect(
      published(EventStatus.Completed, { allowVideo: true }).service.videoLimit(EVENT_ID),
    ).rejects.toMatchObject(forbidden);
  });
});
