import { Role } from '@memory-wall/contracts';
import { Event, EventAdmin, Memory, ServiceProvider } from '@memory-wall/core';
import { createAccount, makeEventAdmin, TestAccount } from '@memory-wall/testkit/accounts';
import { createEvent } from '@memory-wall/testkit/factories';
import { ApiClient, signedIn } from '@memory-wall/testkit/http';
import { RunningProcess, startApi } from '@memory-wall/testkit/processes';
import { createTestEnvironment, TestEnvironment } from '@memory-wall/testkit/test-environment';

/** POST /api/events/:id/duplicate: a new draft with the original's settings, charged only when published. */
describe('duplicate an event', () => {
  let t: TestEnvironment;
  let api: RunningProcess;
  let provider: TestAccount;
  let asProvider: ApiClient;
  let original: Event;
  let customer: TestAccount;

  const SETTINGS: Partial<Event> = {
    eventType: 'memorial',
    themeType: 'dark',
    template: 'custom',
    wallTitle: 'Remembering Ada',
    defaultLanguage: 'fr',
    moderationType: 'manual_moderation',
    numberOfImagesDisplay: 4,
    transitionTime: 35,
    animationStyle: 'vertical',
    displayOrder: 'random',
    colorTheme: 'sage',
    fontFamily: 'lora',
    accentColor: '#335577',
    enableMusic: false,
    allowVideo: true,
    maxVideoSeconds: 30,
    screenDelaySeconds: 15,
    screensComingSoon: true,
    moderationKeywords: ['spoiler'],
    screenLayouts: { lobby: { columns: 2, speed: 10, featuredOnly: true, photosOnly: false } },
  };

  beforeAll(async () => {
    t = await createTestEnvironment();
    api = await startApi(t.env);
    provider = await createAccount(t.dataSource, Role.ServiceProvider);
    asProvider = await signedIn(api.url, provider);
    original = await createEvent(t.dataSource, {
      ...SETTINGS,
      name: 'Ada Lovelace memorial',
      serviceProviderId: provider.provider!.id,
      eventCode: 'ADA123',
      eventDate: new Date('2031-03-01T12:00:00Z'),
      wallImage: '/api/media/public/events/x/featured.webp',
      creditChargedAt: new Date(),
      screensHeldAt: new Date(),
    });
    await t.dataSource.getRepository(Memory).insert({ eventId: original.id, content: 'Dear Ada', author: 'Guest' });
    customer = await createAccount(t.dataSource, Role.Customer);
    await makeEventAdmin(t.dataSource, customer.user.id, original.id);
  });

  afterAll(async () => {
    await api?.stop();
    await t?.cleanup();
  });

  const credits = async () =>
    (await t.dataSource.getRepository(ServiceProvider).findOneByOrFail({ id: provider.provider!.id })).availableCredits;

  it('makes a free draft with the settings but not the memories, customers, code, slug, dates or image', async () => {
    const before = await credits();
    const res = await asProvider.post(`/api/events/${original.id}/duplicate`);
    expect(res.status).toBe(201);
    const copy = res.body.event;
    expect(copy).toMatchObject({
      name: 'Ada Lovelace memorial (copy)',
      status: 'draft',
      isPublished: false,
      creditCharged: false,
      contributionsCount: 0,
      serviceProviderId: provider.provider!.id,
      eventDate: null,
      wallImage: null,
    });
    expect(copy.id).not.toBe(original.id);
    expect(copy.eventCode).toMatch(/^[A-Z0-9]{6}$/);
    expect(copy.eventCode).not.toBe('ADA123');
    expect(copy.slug).not.toBe(original.slug);

    const stored = await t.dataSource.getRepository(Event).findOneByOrFail({ id: copy.id });
    expect(stored).toMatchObject({ ...SETTINGS, screensHeldAt: null, creditChargedAt: null, eventEndDate: null });
    expect(await t.dataSource.getRepository(Memory).countBy({ eventId: copy.id })).toBe(0);
    expect(await t.dataSource.getRepository(EventAdmin).countBy({ eventId: copy.id })).toBe(0);
    expect(await credits()).toBe(before);

    const published = await asProvider.patch(`/api/events/${copy.id}`, { status: 'live' });
    expect(published.body.event).toMatchObject({ status: 'live', creditCharged: true });
    expect(await credits()).toBe(before - 1);
  });

  it("lets the owner duplicate any provider's event, the copy staying that provider's", async () => {
    const owner = await signedIn(api.url, await createAccount(t.dataSource, Role.Owner));
    const res = await owner.post(`/api/events/${original.id}/duplicate`);
    expect(res.status).toBe(201);
    expect(res.body.event.serviceProviderId).toBe(provider.provider!.id);
  });

  it("refuses another provider (404), the event's customer and guests (403), anonymous (401)", async () => {
    const count = await t.dataSource.getRepository(Event).count();
    const path = `/api/events/${original.id}/duplicate`;
    const other = await signedIn(api.url, await createAccount(t.dataSource, Role.ServiceProvider));
    expect((await other.post(path)).status).toBe(404);
    expect((await (await signedIn(api.url, customer)).post(path)).status).toBe(403);
    const guest = await signedIn(api.url, await createAccount(t.dataSource, Role.Guest));
    expect((await guest.post(path)).status).toBe(403);
    expect((await new ApiClient(api.url).post(path)).status).toBe(401);
    expect((await asProvider.post('/api/events/6f1c1e8e-0000-4000-8000-000000000000/duplicate')).status).toBe(404);
    expect(await t.dataSource.getRepository(Event).count()).toBe(count);
  });
});
