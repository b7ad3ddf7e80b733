import { LiveMessage, memoryIdOf } from '@memory-wall/contracts';
import { EventAdmin, Memory } from '@memory-wall/core';
import { createAccount } from '@memory-wall/testkit/accounts';
import { useAppStack } from '@memory-wall/testkit/app-stack';
import { createEvent } from '@memory-wall/testkit/factories';
import { hostedEvent as hostedEventOf } from '@memory-wall/testkit/hosted-event';
import { FakeOpenAi } from '@memory-wall/testkit/fake-openai';
import { ApiClient, signedIn } from '@memory-wall/testkit/http';
import { gpsTaggedJpeg, multipart } from '@memory-wall/testkit/images';
import { processed } from '@memory-wall/testkit/memories';
import { waitFor } from '@memory-wall/testkit/wait';

describe('moderation', () => {
  const openai = new FakeOpenAi(2000);
  const app = useAppStack({
    openai: { fake: openai, workersOnly: true },
    workersEnv: () => ({ OPENAI_TIMEOUT_MS: '500', AI_RETRY_DELAY_MS: '300' }),
  });

  const hostedEvent = (moderationType: 'manual_moderation' | 'ai_moderation') =>
    hostedEventOf(app.t.dataSource, app.api.url, moderationType);

  const about = (id: string, type: LiveMessage['type']) => (m: LiveMessage) => m.type === type && memoryIdOf(m) === id;
  const publicIds = async (eventId: string) =>
    (await app.guest().get(`/api/events/${eventId}/memories`)).body.memories.map((m: { id: string }) => m.id);

  it('walks a memory through pending → approved → featured → flagged → approved → removed, announcing each step', async () => {
    const { event, host } = await hostedEvent('manual_moderation');
    const { publicFeed, hostFeed } = await app.watch(event.id, host);

    const posted = await app.guest().post(`/api/events/${event.id}/submissions/message`, {
      name: 'Guest',
      message: 'Hold me',
    });
    const id = posted.body.memory.id;
    const arrived = await hostFeed.next(about(id, 'new_memory'));
    expect(arrived).toMatchObject({
      memory: { approved: false, processingState: 'ready', moderation: { reason: 'manual_review' } },
    });
    expect(
      (await host.get(`/api/events/${event.id}/submissions/pending`)).body.memories.map((m: Memory) => m.id),
    ).toEqual([id]);
    expect(await publicIds(event.id)).toEqual([]);

    expect((await host.post(`/api/submissions/${id}/approve`)).body.memory).toMatchObject({
      approved: true,
      flagged: false,
    });
    expect(await publicFeed.next(about(id, 'memory_approved'))).toMatchObject({ memory: { id, content: 'Hold me' } });
    await hostFeed.next(about(id, 'memory_updated'));
    expect(await publicIds(event.id)).toEqual([id]);

    expect((await host.post(`/api/memories/${id}/feature`)).body.memory.featured).toBe(true);
    expect(
      await publicFeed.next((m) => about(id, 'memory_updated')(m) && 'memory' in m && m.memory.featured),
    ).toBeTruthy();

    expect((await host.post(`/api/memories/${id}/flag`)).body.memory.flagged).toBe(true);
    await publicFeed.next(about(id, 'memory_delete'));
    expect(await publicIds(event.id)).toEqual([]);
    expect(
      (await host.get(`/api/events/${event.id}/memories?flagged=true`)).body.memories.map((m: Memory) => m.id),
    ).toEqual([id]);

    await host.patch(`/api/memories/${id}`, { approved: true, flagged: false });
    await publicFeed.next((m) => about(id, 'memory_approved')(m) && publicFeed.messages.indexOf(m) > 2);
    expect(await publicIds(event.id)).toEqual([id]);

    expect((await host.delete(`/api/memories/${id}`)).status).toBe(200);
    await hostFeed.next(about(id, 'memory_delete'));
    expect(await app.t.dataSource.getRepository(Memory).existsBy({ id })).toBe(false);

    // Each feed numbers its own messages without gaps, and the public one never carried the pending memory.
    for (const feed of [publicFeed, hostFeed]) {
      const seqs = feed.messages.map((m) => m.seq);
      expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => seqs[0] + i));
    }
    expect(publicFeed.messages.some((m) => m.type === 'new_memory')).toBe(false);
  });

  it('rejects a pending submission (deleted), and refuses to feature one', async () => {
    const { event, host } = await hostedEvent('manual_moderation');
    const id = (await app.guest().post(`/api/events/${event.id}/submissions/message`, { name: 'G', message: 'No' }))
      .body.memory.id;
    await processed(app.t.dataSource, id);
    const feature = await host.post(`/api/memories/${id}/feature`);
    expect(feature.status).toBe(409);
    expect(feature.body.message).toBe('Only approved memories can be featured');
    expect((await host.delete(`/api/submissions/${id}`)).status).toBe(200);
    expect(await app.t.dataSource.getRepository(Memory).existsBy({ id })).toBe(false);
  });

  it("lets only the event's hosts moderate: others get 404 or 403 and nothing changes", async () => {
    const { event } = await hostedEvent('manual_moderation');
    const id = (await app.guest().post(`/api/events/${event.id}/submissions/message`, { name: 'G', message: 'Mine' }))
      .body.memory.id;
    await processed(app.t.dataSource, id);
    const strangerProvider = await signedIn(app.api.url, await createAccount(app.t.dataSource, 'service_provider'));
    const strangerCustomer = await signedIn(app.api.url, await createAccount(app.t.dataSource, 'customer'));
    const aGuest = await signedIn(app.api.url, await createAccount(app.t.dataSource, 'guest'));
    for (const client of [strangerProvider, strangerCustomer]) {
      expect((await client.post(`/api/submissions/${id}/approve`)).status).toBe(404);
      expect((await client.get(`/api/events/${event.id}/submissions/pending`)).status).toBe(404);
    }
    expect((await aGuest.post(`/api/submissions/${id}/approve`)).status).toBe(403);
    expect((await app.guest().post(`/api/submissions/${id}/approve`)).status).toBe(401);
    // Signed-in strangers asking for pending memories get the public wall, which is empty.
    expect((await strangerProvider.get(`/api/events/${event.id}/memories?approved=false`)).body.memories).toEqual([]);
    expect(await app.t.dataSource.getRepository(Memory).findOneByOrFail({ id })).toMatchObject({ approved: false });
  });

  it('shows a host whose permissions say canModerate: false only the public wall, whatever it asks', async () => {
    const { event, customer, host } = await hostedEvent('manual_moderation');
    const post = async (message: string) =>
      processed(
        app.t.dataSource,
        (await app.guest().post(`/api/events/${event.id}/submissions/message`, { name: 'G', message })).body.memory.id,
      );
    const [shown, pending, flagged] = [await post('Shown'), await post('Pending'), await post('Flagged')];
    await app.t.dataSource.getRepository(Memory).update({ id: shown.id }, { approved: true });
    await app.t.dataSource.getRepository(Memory).update({ id: flagged.id }, { flagged: true });
    await app.t.dataSource
      .getRepository(EventAdmin)
      .update(
        { eventId: event.id, userId: customer.user.id },
        { permissions: { canModerate: false, canEditTheme: true, canEditDetails: false } },
      );

    for (const query of ['', '?approved=false', '?flagged=true', '?approved=true', '?order=oldest']) {
      const res = await host.get(`/api/events/${event.id}/memories${query}`);
      expect(res.status).toBe(200);
      expect(res.body.memories.map((m: Memory) => m.id)).toEqual([shown.id]);
    }
    expect((await host.get(`/api/events/${event.id}/submissions/pending`)).status).toBe(403);
    expect((await host.post(`/api/submissions/${pending.id}/approve`)).status).toBe(404);
    expect((await host.post(`/api/memories/${flagged.id}/flag`)).status).toBe(404);
    expect(await app.t.dataSource.getRepository(Memory).findOneByOrFail({ id: pending.id })).toMatchObject({
      approved: false,
    });
  });

  describe('a signed-in guest who is not a host is moderated like anyone else', () => {
    let signedInGuest: ApiClient;
    beforeAll(async () => {
      signedInGuest = await signedIn(app.api.url, await createAccount(app.t.dataSource, 'guest'));
    });

    it.each([
      ['auto_approve', 'Congratulations', { approved: true, moderation: null }],
      ['manual_moderation', 'Congratulations', { approved: false, moderation: { reason: 'manual_review' } }],
      ['ai_moderation', 'Congratulations, clean', { approved: true, moderation: null }],
      [
        'ai_moderation',
        'FLAGME from a signed-in guest',
        { approved: false, moderation: { reason: 'ai_flagged', categories: ['violence'] } },
      ],
    ] as const)('%s: "%s"', async (moderationType, message, outcome) => {
      const provider = await createAccount(app.t.dataSource, 'service_provider');
      const event = await createEvent(app.t.dataSource, { serviceProviderId: provider.provider!.id, moderationType });
      const res = await signedInGuest.post(`/api/events/${event.id}/submissions/message`, {
        name: 'Signed-in guest',
        message,
      });
      expect(res.status).toBe(201);
      const memory = await processed(app.t.dataSource, res.body.memory.id);
      expect(memory).toMatchObject({ ...outcome, settings: { byHost: false } });
      expect((await publicIds(event.id)).includes(memory.id)).toBe(outcome.approved);
    });
  });

  describe('AI moderation (a local fake of the OpenAI moderation API)', () => {
    let event: Awaited<ReturnType<typeof hostedEvent>>['event'];
    let host: ApiClient;
    beforeAll(async () => ({ event, host } = await hostedEvent('ai_moderation')));

    // Memories held by the outage tests are re-asked in the background, so find a request by its text.
    const requestAbout = (text: string) =>
      openai.requests.find((r) => r.body.input.some((i) => i.type === 'text' && i.text.includes(text)));

    const submit = async (message: string) => {
      const res = await app.guest().post(`/api/events/${event.id}/submissions/message`, { name: 'AI test', message });
      return processed(app.t.dataSource, res.body.memory.id);
    };

    it('approves what the model does not flag', async () => {
      expect(await submit('Lovely day, congratulations')).toMatchObject({ approved: true, moderation: null });
      expect(requestAbout('Lovely day')).toMatchObject({
        authorization: 'Bearer sk-test',
        body: { model: 'omni-moderation-latest' },
      });
    });

    it('holds what the model flags, with its categories for the moderator', async () => {
      expect(await submit('FLAGME please')).toMatchObject({
        approved: false,
        moderation: { reason: 'ai_flagged', categories: ['violence'] },
      });
    });

    it.each([
      ['a 500', 'ERROR500'],
      ['a 429', 'RATELIMIT'],
      ['a time-out', 'SLOW'],
    ])('holds the memory for a human on %s (fail closed)', async (_, word) => {
      expect(await submit(`${word} hello`)).toMatchObject({
        approved: false,
        moderation: { reason: 'ai_unavailable' },
      });
    });

    it('holds the memory for a human on a 200 whose results list is empty (fail closed)', async () => {
      expect(await submit('NORESULTS hello')).toMatchObject({
        approved: false,
        moderation: { reason: 'ai_unavailable' },
      });
    });

    it('holds a photo for a human when the verdict covers only its caption, not the image (fail closed)', async () => {
      const res = await app
        .guest()
        .post(
          `/api/events/${event.id}/submissions/photo`,
          multipart('photo', await gpsTaggedJpeg(320, 240), 'a.jpg', { name: 'Pic', photoCaption: 'IGNOREIMAGE lake' }),
        );
      expect(await processed(app.t.dataSource, res.body.memory.id)).toMatchObject({
        approved: false,
        moderation: { reason: 'ai_unavailable' },
      });
      expect(await publicIds(event.id)).not.toContain(res.body.memory.id);
    });

    it('sends the photo itself, as a processed WebP, with the caption', async () => {
      const res = await app
        .guest()
        .post(
          `/api/events/${event.id}/submissions/photo`,
          multipart('photo', await gpsTaggedJpeg(640, 480), 'a.jpg', { name: 'Pic', photoCaption: 'At the lake' }),
        );
      expect(await processed(app.t.dataSource, res.body.memory.id)).toMatchObject({ approved: true });
      const input = requestAbout('At the lake')!.body.input;
      expect(input).toEqual([
        { type: 'text', text: 'Pic\nAt the lake' },
        { type: 'image_url', image_url: { url: expect.stringMatching(/^data:image\/webp;base64,/) } },
      ]);
    });

    it('moderates what it held during an outage once OpenAI answers again, unless a human decided first', async () => {
      openai.down = true;
      const clean = await submit('Outage but fine');
      const bad = await submit('Outage FLAGME');
      const decided = await submit('Outage, host decides');
      for (const memory of [clean, bad, decided]) {
        expect(memory).toMatchObject({ approved: false, moderation: { reason: 'ai_unavailable' } });
      }
      expect(await publicIds(event.id)).not.toContain(clean.id);
      await host.patch(`/api/memories/${decided.id}`, { flagged: true });

      openai.down = false;
      const repo = app.t.dataSource.getRepository(Memory);
      await waitFor(
        async () => (await repo.findOneByOrFail({ id: clean.id })).approved,
        15_000,
        'the held memory to be approved',
      );
      await waitFor(
        async () => (await repo.findOneByOrFail({ id: bad.id })).moderation?.reason === 'ai_flagged',
        15_000,
        'the flagged verdict',
      );
      expect(await publicIds(event.id)).toContain(clean.id);
      expect(await publicIds(event.id)).not.toContain(bad.id);
      expect(await repo.findOneByOrFail({ id: decided.id })).toMatchObject({
        approved: false,
        flagged: true,
        moderation: { reason: 'ai_unavailable' },
      });
    });

    it('never publishes a held memory on the public wall', async () => {
      const held = await submit('FLAGME again');
      expect(await publicIds(event.id)).not.toContain(held.id);
    });
  });
});
