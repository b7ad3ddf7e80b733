import { Memory } from '@memory-wall/core';
import { createAccount, makeEventAdmin } from '@memory-wall/testkit/accounts';
import { createEvent } from '@memory-wall/testkit/factories';
import { signedIn } from '@memory-wall/testkit/http';
import { RunningProcess, startApi } from '@memory-wall/testkit/processes';
import { createTestEnvironment, TestEnvironment } from '@memory-wall/testkit/test-environment';

/** The event dashboard's counts, read from the memories as stored. */
describe('GET /api/events/:eventId/stats', () => {
  let t: TestEnvironment;
  let api: RunningProcess;

  beforeAll(async () => {
    t = await createTestEnvironment();
    api = await startApi(t.env);
  });

  afterAll(async () => {
    await api?.stop();
    await t?.cleanup();
  });

  it('counts every memory once per list it is in, contributors by name, and each type', async () => {
    const provider = await createAccount(t.dataSource, 'service_provider');
    const customer = await createAccount(t.dataSource, 'customer');
    const event = await createEvent(t.dataSource, { serviceProviderId: provider.provider!.id });
    const elsewhere = await createEvent(t.dataSource, { serviceProviderId: provider.provider!.id });
    await makeEventAdmin(t.dataSource, customer.user.id, event.id);
    const memories = t.dataSource.getRepository(Memory);
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
      const res = await (await signedIn(api.url, host)).get(`/api/events/${event.id}/stats`);
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
      await signedIn(api.url, provider)
    ).get(`/api/events/${(await createEvent(t.dataSource, { serviceProviderId: provider.provider!.id })).id}/stats`);
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
