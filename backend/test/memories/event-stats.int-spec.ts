import { Memory } from '@memory-wall/core';
import { createAccount, makeEventAdmin } from '@memory-wall/testkit/accounts';
import { useAppStack } from '@memory-wall/testkit/app-stack';
import { createEvent } from '@memory-wall/testkit/factories';
import { signedIn } from '@memory-wall/testkit/http';

/** The event dashboard's counts, read from the memories as stored. */
describe('GET /api/events/:eventId/stats', () => {
  const app = useAppStack({ workers: false });

  it('counts every memory once per list it is in, contributors by name, and each type', async () => {
    const provider = await createAccount(app.t.dataSource, 'service_provider');
    const customer = await createAccount(app.t.dataSource, 'customer');
    const event = await createEvent(app.t.dataSource, { serviceProviderId: provider.provider!.id });
    const elsewhere = await createEvent(app.t.dataSource, { serviceProviderId: provider.provider!.id });
    await makeEventAdmin(app.t.dataSource, customer.user.id, event.id);
    const memories = app.t.dataSource.getRepository(Memory);
    const ready = { processingState: 'ready' as const };
    await memories.save([
      { eventId: event.id, type: 'message', content: 'a', author: 'Ann', approved: true, ...ready },
      { eventId: event.id, type: 'message', content: 'b', author: ' ann ', approved: true, ...ready },
      { eventId: event.id, type: 'photo', content: 'c', author: 'Ben', approved: false, ...ready },
      {
        eventId: event.id,
        type: 'photo',
        content: 'd',
        author: 'Cleo',
        approved: false,
        processingState: 'processing',
      },
      { eventId: event.id, type: 'drawing', content: 'e', author: 'Dev', approved: true, flagged: true, ...ready },
      { eventId: elsewhere.id, type: 'message', content: 'f', author: 'Eve', approved: true, ...ready },
    ]);

    for (const host of [provider, customer]) {
      const res = await (await signedIn(app.api.url, host)).get(`/api/events/${event.id}/stats`);
      expect(res.status).toBe(200);
      expect(res.body.stats).toEqual({
        contributions: 5,
        approved: 2,
        pending: 2,
        flagged: 1,
        contributors: 4,
        byType: { message: 2, photo: 2, drawing: 1, video: 0, voice: 0 },
      });
    }
    const empty = await (
      await signedIn(app.api.url, provider)
    ).get(
      `/api/events/${(await createEvent(app.t.dataSource, { serviceProviderId: provider.provider!.id })).id}/stats`,
    );
    expect(empty.body.stats).toEqual({
      contributions: 0,
      approved: 0,
      pending: 0,
      flagged: 0,
      contributors: 0,
      byType: { message: 0, photo: 0, drawing: 0, video: 0, voice: 0 },
    });
  });
});
