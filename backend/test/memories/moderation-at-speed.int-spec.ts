import { LiveMessage, MAX_BULK_MEMORIES, memoryIdOf } from '@memory-wall/contracts';
import { EventAdmin, Memory } from '@memory-wall/core';
import { createAccount } from '@memory-wall/testkit/accounts';
import { useAppStack } from '@memory-wall/testkit/app-stack';
import { hostedEvent as hostedEventOf } from '@memory-wall/testkit/hosted-event';
import { FakeOpenAi } from '@memory-wall/testkit/fake-openai';
import { ApiClient, signedIn } from '@memory-wall/testkit/http';
import { processed } from '@memory-wall/testkit/memories';

type ModerationType = 'auto_approve' | 'manual_moderation' | 'ai_moderation';

/** Issue #27: decisions on a selection of memories, and the hosts' keyword list. */
describe('moderation at speed', () => {
  const openai = new FakeOpenAi(2000);
  const app = useAppStack({
    openai: { fake: openai, workersOnly: true },
    workersEnv: () => ({ OPENAI_TIMEOUT_MS: '500' }),
  });

  const hostedEvent = (moderationType: ModerationType) => hostedEventOf(app.t.dataSource, app.api.url, moderationType);

  const submit = async (eventId: string, message: string, name = 'Guest') => {
    const res = await app.guest().post(`/api/events/${eventId}/submissions/message`, { name, message });
    expect(res.status).toBe(201);
    return processed(app.t.dataSource, res.body.memory.id);
  };
  const stored = (id: string) => app.t.dataSource.getRepository(Memory).findOneBy({ id });
  const publicIds = async (eventId: string) =>
    (await app.guest().get(`/api/events/${eventId}/memories`)).body.memories.map((m: { id: string }) => m.id);

  describe('bulk decisions', () => {
    const about = (id: string, type: LiveMessage['type']) => (m: LiveMessage) =>
      m.type === type && memoryIdOf(m) === id;

    it('approves a selection, announcing each memory on both feeds, and reports those it could not approve', async () => {
      const { event, host } = await hostedEvent('manual_moderation');
      const other = await hostedEvent('manual_moderation');
      const { publicFeed, hostFeed } = await app.watch(event.id, host);
      const pending = [await submit(event.id, 'One'), await submit(event.id, 'Two'), await submit(event.id, 'Three')];
      const foreign = await submit(other.event.id, 'Not yours');
      const missing = '00000000-0000-4000-8000-000000000000';
      const ids = pending.map((m) => m.id);

      const res = await host.post(`/api/events/${event.id}/memories/bulk`, {
        action: 'approve',
        memoryIds: [...ids, foreign.id, missing, ids[0]],
      });

      expect(res.status).toBe(200);
      expect(res.body.done).toEqual(ids);
      expect(res.body.memories.map((m: Memory) => [m.id, m.approved])).toEqual(ids.map((id) => [id, true]));
      expect(res.body.failed).toEqual([
        { id: foreign.id, message: 'Memory not found' },
        { id: missing, message: 'Memory not found' },
      ]);
      for (const id of ids) {
        await publicFeed.next(about(id, 'memory_approved'));
        await hostFeed.next(about(id, 'memory_updated'));
      }
      expect((await publicIds(event.id)).sort()).toEqual([...ids].sort());
      expect(await stored(foreign.id)).toMatchObject({ approved: false });
    });

    it('rejects a selection (deleted, each announced to the hosts) and flags one', async () => {
      const { event, host } = await hostedEvent('manual_moderation');
      const { hostFeed, publicFeed } = await app.watch(event.id, host);
      const [a, b, shown] = [await submit(event.id, 'A'), await submit(event.id, 'B'), await submit(event.id, 'C')];
      await host.post(`/api/submissions/${shown.id}/approve`);

      const rejected = await host.post(`/api/events/${event.id}/memories/bulk`, {
        action: 'reject',
        memoryIds: [a.id, b.id],
      });
      expect(rejected.body).toEqual({ success: true, done: [a.id, b.id], memories: [], failed: [] });
      await hostFeed.next(about(a.id, 'memory_delete'));
      await hostFeed.next(about(b.id, 'memory_delete'));
      expect(await stored(a.id)).toBeNull();
      expect(await stored(b.id)).toBeNull();

      const flagged = await host.post(`/api/events/${event.id}/memories/bulk`, {
        action: 'flag',
        memoryIds: [shown.id],
      });
      expect(flagged.body.memories).toMatchObject([{ id: shown.id, flagged: true }]);
      await publicFeed.next(about(shown.id, 'memory_delete'));
      expect(await publicIds(event.id)).toEqual([]);
    });

    it('leaves a memory whose state refuses the action as it is, with the single action’s reason', async () => {
      const { event, host } = await hostedEvent('manual_moderation');
      const ready = await submit(event.id, 'Ready');
      const failed = await app.t.dataSource
        .getRepository(Memory)
        .save({ eventId: event.id, author: 'G', content: 'x', processingState: 'failed' });
      const res = await host.post(`/api/events/${event.id}/memories/bulk`, {
        action: 'approve',
        memoryIds: [failed.id, ready.id],
      });
      expect(res.body.done).toEqual([ready.id]);
      expect(res.body.failed).toEqual([{ id: failed.id, message: 'This memory could not be processed' }]);
      expect(await stored(failed.id)).toMatchObject({ approved: false });
    });

    it('is decided for the event first: strangers get 404, a customer without canModerate 403, nothing changes', async () => {
      const { event, customer, host } = await hostedEvent('manual_moderation');
      const memory = await submit(event.id, 'Keep me');
      const body = { action: 'reject', memoryIds: [memory.id] };
      const stranger = await signedIn(app.api.url, await createAccount(app.t.dataSource, 'service_provider'));
      const otherCustomer = await signedIn(app.api.url, await createAccount(app.t.dataSource, 'customer'));
      expect((await stranger.post(`/api/events/${event.id}/memories/bulk`, body)).status).toBe(404);
      expect((await otherCustomer.post(`/api/events/${event.id}/memories/bulk`, body)).status).toBe(404);
      // A stranger learns nothing from the body either: the same 404 for one that is malformed.
      expect((await stranger.post(`/api/events/${event.id}/memories/bulk`, { action: 'burn' })).status).toBe(404);
      expect((await app.guest().post(`/api/events/${event.id}/memories/bulk`, body)).status).toBe(401);

      await app.t.dataSource
        .getRepository(EventAdmin)
        .update(
          { eventId: event.id, userId: customer.user.id },
          { permissions: { canModerate: false, canEditTheme: true, canEditDetails: false } },
        );
      expect((await host.post(`/api/events/${event.id}/memories/bulk`, body)).status).toBe(403);
      expect(await stored(memory.id)).not.toBeNull();
    });

    it('refuses an unknown action, an empty selection and one over the limit, with the catalogue’s message', async () => {
      const { event, host } = await hostedEvent('manual_moderation');
      const memory = await submit(event.id, 'Stay');
      const post = (body: unknown) => host.post(`/api/events/${event.id}/memories/bulk`, body);
      const tooMany = Array.from(
        { length: MAX_BULK_MEMORIES + 1 },
        (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      );
      const refusals = [
        await post({ action: 'burn', memoryIds: [memory.id] }),
        await post({ action: 'approve', memoryIds: [] }),
        await post({ action: 'approve', memoryIds: tooMany }),
        await post({ action: 'approve', memoryIds: ['not-an-id'] }),
      ];
      expect(refusals.map((r) => [r.status, r.body.message])).toEqual([
        [400, 'The action must be approve, reject, flag'],
        [400, 'memoryIds must be a list of 1 to 100 memory ids'],
        [400, 'memoryIds must be a list of 1 to 100 memory ids'],
        [400, 'memoryIds must be a list of 1 to 100 memory ids'],
      ]);
      expect(await stored(memory.id)).toMatchObject({ approved: false });
    });
  });

  describe('the keyword list', () => {
    const setKeywords = (host: ApiClient, eventId: string, keywords: unknown) =>
      host.put(`/api/events/${eventId}/keywords`, { keywords });

    it('is stored trimmed and without repeats, and shown to the hosts with the event', async () => {
      const { event, host } = await hostedEvent('auto_approve');
      const res = await setKeywords(host, event.id, [' Rival ', 'rivál', '', '新郎', 'old  mill']);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true, keywords: ['Rival', '新郎', 'old mill'] });
      expect((await host.get(`/api/events/${event.id}`)).body.event.moderationKeywords).toEqual([
        'Rival',
        '新郎',
        'old mill',
      ]);
    });

    it('is validated: a list of words, each at most 50 characters, at most 200', async () => {
      const { event, host } = await hostedEvent('auto_approve');
      const refusals = [
        await setKeywords(host, event.id, 'rival'),
        await setKeywords(host, event.id, ['x'.repeat(51)]),
        await setKeywords(
          host,
          event.id,
          Array.from({ length: 201 }, (_, i) => `w${i}`),
        ),
        await setKeywords(host, event.id, [3]),
      ];
      expect(refusals.map((r) => [r.status, r.body.message])).toEqual([
        [400, 'Keywords must be a list of words'],
        [400, 'Each keyword must have 1 to 50 characters'],
        [400, 'At most 200 keywords per event'],
        [400, 'Keywords must be a list of words'],
      ]);
      expect((await host.get(`/api/events/${event.id}`)).body.event.moderationKeywords).toEqual([]);
    });

    it('may be changed only by those who may moderate the event', async () => {
      const { event, customer, host } = await hostedEvent('auto_approve');
      const stranger = await signedIn(app.api.url, await createAccount(app.t.dataSource, 'service_provider'));
      expect((await setKeywords(stranger, event.id, ['x'])).status).toBe(404);
      expect((await setKeywords(stranger, event.id, 'not a list')).status).toBe(404);
      await app.t.dataSource
        .getRepository(EventAdmin)
        .update(
          { eventId: event.id, userId: customer.user.id },
          { permissions: { canModerate: false, canEditTheme: true, canEditDetails: true } },
        );
      expect((await setKeywords(host, event.id, ['x'])).status).toBe(403);
      expect((await host.get(`/api/events/${event.id}`)).body.event.moderationKeywords).toEqual([]);
    });

    it.each<ModerationType>(['auto_approve', 'manual_moderation'])(
      '%s: holds a memory whose text or author has a keyword, with the word for the moderators',
      async (moderationType) => {
        const { event, host } = await hostedEvent(moderationType);
        await setKeywords(host, event.id, ['rival', '前任']);
        const held = { approved: false, moderation: { reason: 'keyword', word: 'rival' } };
        expect(await submit(event.id, 'Go RIVÀL team!')).toMatchObject(held);
        expect(await submit(event.id, 'Congratulations', 'The Rival')).toMatchObject(held);
        expect(await submit(event.id, '祝福你们，前任也来了')).toMatchObject({
          approved: false,
          moderation: { reason: 'keyword', word: '前任' },
        });
        const rivalry = await submit(event.id, 'A friendly rivalry');
        expect(rivalry.moderation?.reason).not.toBe('keyword');
        expect(rivalry.approved).toBe(moderationType === 'auto_approve');

        const pending = (await host.get(`/api/events/${event.id}/submissions/pending`)).body.memories;
        expect(pending.filter((m: Memory) => m.moderation?.reason === 'keyword')).toHaveLength(3);
        expect(await publicIds(event.id)).toEqual(moderationType === 'auto_approve' ? [rivalry.id] : []);
      },
    );

    it('ai_moderation: holds a keyword memory before AI, which never sees it', async () => {
      const { event, host } = await hostedEvent('ai_moderation');
      await setKeywords(host, event.id, ['rival']);
      expect(await submit(event.id, 'Rival and clean')).toMatchObject({
        approved: false,
        moderation: { reason: 'keyword', word: 'rival' },
      });
      expect(await submit(event.id, 'Only clean words')).toMatchObject({ approved: true });
      const asked = openai.requests.flatMap((r) => r.body.input.filter((i) => i.type === 'text').map((i) => i.text));
      expect(asked.some((text) => text.includes('Only clean words'))).toBe(true);
      expect(asked.some((text) => text.includes('Rival and clean'))).toBe(false);
    });
  });
});
