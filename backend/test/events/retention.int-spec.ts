import { randomUUID } from 'node:crypto';
import { access, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EventStatus, KeepsakeKind, KeepsakeStatus, MemoryType, Role } from '@memory-wall/contracts';
import {
  Event,
  Keepsake,
  LocalDiskStorage,
  Memory,
  memoryObjectKeys,
  originalKey,
  ServiceProvider,
} from '@memory-wall/core';
import { createAccount, makeEventAdmin, TestAccount } from '@memory-wall/testkit/accounts';
import { createEvent, postMessage } from '@memory-wall/testkit/factories';
import { ApiClient, signedIn } from '@memory-wall/testkit/http';
import { cameraLikeJpeg, multipart, pngOf } from '@memory-wall/testkit/images';
import { processed } from '@memory-wall/testkit/memories';
import { RunningProcess, startApi, startWorkers } from '@memory-wall/testkit/processes';
import { SmtpInbox } from '@memory-wall/testkit/smtp-inbox';
import { createTestEnvironment, TestEnvironment } from '@memory-wall/testkit/test-environment';
import { waitFor } from '@memory-wall/testkit/wait';

const RETENTION_DAYS = 30;
const SWEEP_MS = 1000;
/** Builds keepsakes and renders photos: slow on a busy machine. */
const SLOW_TEST_MS = 180_000;
const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 3600_000);

describe('retention, the keepsake-ready mail and deleted events’ objects', () => {
  let t: TestEnvironment;
  let api: RunningProcess;
  let workers: RunningProcess;
  let inbox: SmtpInbox;
  let storageDir: string;
  let provider: TestAccount;
  let customer: TestAccount;

  const exists = (key: string) =>
    access(join(storageDir, key)).then(
      () => true,
      () => false,
    );
  /** Every object the event's photos have on disk now (a photo has an original and two renditions). */
  async function objectsOf(eventId: string): Promise<string[]> {
    const photos = await t.dataSource.getRepository(Memory).findBy({ eventId, type: MemoryType.Photo });
    const keys = photos.flatMap((photo) => memoryObjectKeys(eventId, photo.id));
    const present = await Promise.all(keys.map(exists));
    return keys.filter((_, i) => present[i]);
  }

  /** A live event of the provider, its customer a host too, with a message and a photo on its wall. */
  async function eventWithPhotos(name: string): Promise<Event> {
    const event = await createEvent(t.dataSource, { name, serviceProviderId: provider.provider!.id });
    await makeEventAdmin(t.dataSource, customer.user.id, event.id);
    expect((await postMessage(api.url, event.id, { name: 'Maria', message: 'So happy for you' })).status).toBe(201);
    for (const guest of ['Tom']) {
      const res = await new ApiClient(api.url).post(
        `/api/events/${event.id}/submissions/photo`,
        multipart('photo', await cameraLikeJpeg(800, 600), 'photo.jpg', { name: guest, photoCaption: `From ${guest}` }),
      );
      expect(res.status).toBe(201);
      expect((await processed(t.dataSource, res.body.memory.id)).approved).toBe(true);
    }
    expect(await objectsOf(event.id)).toHaveLength(3);
    return event;
  }

  const statusOf = async (id: string) => (await t.dataSource.getRepository(Event).findOneByOrFail({ id })).status;
  const warnedAt = async (id: string) =>
    (await t.dataSource.getRepository(Event).findOneByOrFail({ id })).retentionWarnedAt;

  /**
   * An event of the provider (the customer a host too) due for its retention warning now, and its warning
   * waited for: a sweep has run since it was made. Sweeps run one at a time, each its warnings first, then
   * its expiries; so once a second such event is warned, the sweep that warned the first has finished,
   * and what a whole sweep would have done since the call, it did.
   */
  let markers = 0;
  async function sweepsLater(count = 2): Promise<void> {
    for (let i = 0; i < count; i++) {
      const marker = await createEvent(t.dataSource, {
        name: `Sweep marker ${++markers}`,
        serviceProviderId: provider.provider!.id,
        status: EventStatus.Completed,
        completedAt: daysAgo(RETENTION_DAYS - 5),
      });
      await makeEventAdmin(t.dataSource, customer.user.id, marker.id);
      await waitFor(async () => (await warnedAt(marker.id)) !== null, 20_000, `sweep marker ${markers} warned`);
    }
  }

  beforeAll(async () => {
    t = await createTestEnvironment();
    inbox = await SmtpInbox.start();
    storageDir = await mkdtemp(join(tmpdir(), 'mw-retention-test-'));
    const env = { ...t.env, STORAGE_DIR: storageDir };
    workers = startWorkers({
      ...env,
      SMTP_URL: inbox.url,
      RETENTION_DAYS: String(RETENTION_DAYS),
      RETENTION_SWEEP_MS: String(SWEEP_MS),
    });
    api = await startApi(env);
    provider = await createAccount(t.dataSource, Role.ServiceProvider, { language: 'de' });
    customer = await createAccount(t.dataSource, Role.Customer, { language: 'fr' });
  });

  afterAll(async () => {
    await Promise.all([api?.stop(), workers?.stop()]);
    await inbox?.stop();
    await t?.cleanup();
    if (storageDir) await rm(storageDir, { recursive: true, force: true });
  });

  it(
    'mails each host once, in their language, when the keepsakes of a completed event are ready',
    async () => {
      const event = await eventWithPhotos('Ana & Li');
      const asProvider = await signedIn(api.url, provider);
      expect((await asProvider.patch(`/api/events/${event.id}`, { status: 'completed' })).status).toBe(200);

      const german = await inbox.next(provider.user.email, 1, 60_000);
      expect(german.subject).toBe('Das Andenken an Ana & Li ist fertig');
      expect(german.text).toContain(`/events/${event.id}`);
      const french = await inbox.next(customer.user.email, 1, 30_000);
      expect(french.subject).toBe('Le souvenir de Ana & Li est prêt');
      const keepsakes = await t.dataSource.getRepository(Keepsake).findBy({ eventId: event.id });
      expect(keepsakes.map((k) => k.status)).toEqual([
        KeepsakeStatus.Ready,
        KeepsakeStatus.Ready,
        KeepsakeStatus.Ready,
      ]);

      // Three builds finished: still one mail each, up to a warning mailed after them to both.
      await sweepsLater(1);
      const isWarning = (mail: { subject: string }) => mail.subject.includes('Sweep marker');
      await waitFor(() => inbox.to(provider.user.email).some(isWarning), 20_000, 'the marker’s warning (de)');
      await waitFor(() => inbox.to(customer.user.email).some(isWarning), 20_000, 'the marker’s warning (fr)');
      expect(inbox.to(provider.user.email).filter((mail) => !isWarning(mail))).toEqual([german]);
      expect(inbox.to(customer.user.email).filter((mail) => !isWarning(mail))).toEqual([french]);
    },
    SLOW_TEST_MS,
  );

  it(
    'deletes exactly the expired event’s objects, once its keepsake exists, and keeps its texts',
    async () => {
      const expiring = await eventWithPhotos('Expiring');
      const other = await eventWithPhotos('Other');
      const withoutKeepsake = await eventWithPhotos('No keepsake yet');
      const asProvider = await signedIn(api.url, provider);
      expect((await asProvider.patch(`/api/events/${expiring.id}`, { status: 'completed' })).status).toBe(200);
      await waitFor(
        async () =>
          (await t.dataSource.getRepository(Keepsake).findOneBy({ eventId: expiring.id, kind: KeepsakeKind.Archive }))
            ?.status === KeepsakeStatus.Ready,
        60_000,
        'the keepsake archive',
      );
      const archive = await t.dataSource
        .getRepository(Keepsake)
        .findOneByOrFail({ eventId: expiring.id, kind: KeepsakeKind.Archive });
      const expiringObjects = await objectsOf(expiring.id);

      // Both past their retention and warned over a week ago; only one has its keepsake.
      const events = t.dataSource.getRepository(Event);
      await events.update({ id: expiring.id }, { completedAt: daysAgo(40), retentionWarnedAt: daysAgo(8) });
      await events.update(
        { id: withoutKeepsake.id },
        { status: EventStatus.Completed, completedAt: daysAgo(40), retentionWarnedAt: daysAgo(8) },
      );
      await waitFor(async () => (await statusOf(expiring.id)) === EventStatus.Expired, 20_000, 'the event expired');

      for (const key of expiringObjects) expect(await exists(key)).toBe(false);
      expect(await exists(archive.objectKey!)).toBe(true);
      expect(await objectsOf(other.id)).toHaveLength(3);
      expect(await statusOf(other.id)).toBe(EventStatus.Live);

      // The wall still shows the memories' texts, without media.
      const wall = await new ApiClient(api.url).get(`/api/events/${expiring.id}/memories`);
      expect(wall.status).toBe(200);
      const memories = wall.body.memories as Array<{
        type: string;
        content: string;
        photoCaption: string | null;
        media: unknown;
      }>;
      expect(memories.find((m) => m.type === MemoryType.Message)?.content).toBe('So happy for you');
      const photos = memories.filter((m) => m.type === MemoryType.Photo);
      expect(photos.map((m) => m.photoCaption)).toEqual(['From Tom']);
      for (const photo of photos) expect(photo).toMatchObject({ content: '', media: null });

      // Without a keepsake nothing is deleted, by any later sweep.
      await sweepsLater();
      expect(await statusOf(withoutKeepsake.id)).toBe(EventStatus.Completed);
      expect(await objectsOf(withoutKeepsake.id)).toHaveLength(3);
    },
    SLOW_TEST_MS,
  );

  it('warns the hosts once, a week before, by their provider’s retention', async () => {
    const ownRetention = await createAccount(t.dataSource, Role.ServiceProvider, { language: 'es' });
    await t.dataSource.getRepository(ServiceProvider).update({ id: ownRetention.provider!.id }, { retentionDays: 60 });
    const due = await createEvent(t.dataSource, {
      name: 'Due soon',
      serviceProviderId: provider.provider!.id,
      status: EventStatus.Completed,
      completedAt: daysAgo(RETENTION_DAYS - 5),
    });
    const keptLonger = await createEvent(t.dataSource, {
      name: 'Kept longer',
      serviceProviderId: ownRetention.provider!.id,
      status: EventStatus.Completed,
      completedAt: daysAgo(RETENTION_DAYS - 5),
    });
    // The provider may still hear about earlier tests' keepsakes meanwhile: only this event's warnings count.
    const warnings = () => inbox.to(provider.user.email).filter((mail) => mail.subject.includes('Due soon'));

    await waitFor(() => warnings().length > 0, 20_000, 'the warning');
    const [warning] = warnings();
    expect(warning.subject).toMatch(/^Die Fotos und Videos von Due soon werden am .+ gelöscht$/);
    expect(warning.text).toContain(`/events/${due.id}`);
    expect((await t.dataSource.getRepository(Event).findOneByOrFail({ id: due.id })).retentionWarnedAt).not.toBeNull();

    await sweepsLater();
    expect(warnings()).toHaveLength(1);
    expect(inbox.to(ownRetention.user.email)).toEqual([]);
    expect(await statusOf(due.id)).toBe(EventStatus.Completed);
    expect(
      (await t.dataSource.getRepository(Event).findOneByOrFail({ id: keptLonger.id })).retentionWarnedAt,
    ).toBeNull();
  });

  it('warns by the retention the owner set for the provider through the admin route', async () => {
    const shorter = await createAccount(t.dataSource, Role.ServiceProvider, { language: 'en' });
    const asOwner = await signedIn(api.url, await createAccount(t.dataSource, Role.Owner));
    const route = `/api/admin/service-providers/${shorter.provider!.id}/retention`;
    // Completed 15 days ago: the default (30) warns at 23 days, the provider's 20 days at 13.
    const completedAt = daysAgo(15);
    const event = await createEvent(t.dataSource, {
      name: 'Shorter retention',
      serviceProviderId: shorter.provider!.id,
      status: EventStatus.Completed,
      completedAt,
    });
    await sweepsLater();
    expect(await warnedAt(event.id)).toBeNull();

    expect((await asOwner.patch(route, { retentionDays: 20 })).status).toBe(200);
    const warnings = () => inbox.to(shorter.user.email).filter((mail) => mail.subject.includes('Shorter retention'));
    await waitFor(() => warnings().length > 0, 20_000, 'the warning by the provider’s retention');
    expect(warnings()[0].subject).toMatch(/^The photos and videos of Shorter retention will be deleted on .+$/);
    expect(
      (await t.dataSource.getRepository(Event).findOneByOrFail({ id: event.id })).retentionWarnedAt,
    ).not.toBeNull();
  });

  it('removes every object of a deleted event, and no other event’s', async () => {
    const asProvider = await signedIn(api.url, provider);
    const draft = await createEvent(t.dataSource, {
      status: EventStatus.Draft,
      isPublished: false,
      serviceProviderId: provider.provider!.id,
    });
    const kept = await createEvent(t.dataSource, {
      status: EventStatus.Draft,
      serviceProviderId: provider.provider!.id,
    });
    const featured = async (eventId: string) => {
      const res = await asProvider.post(
        `/api/upload/featured-image/${eventId}`,
        multipart('image', await pngOf(400, 300)),
      );
      expect(res.status).toBe(200);
      return (res.body.imageUrl as string).replace('/api/media/', '');
    };
    const draftImage = await featured(draft.id);
    const keptImage = await featured(kept.id);
    // What a host may have uploaded before deleting it.
    const original = originalKey(draft.id, randomUUID());
    await new LocalDiskStorage(storageDir).put(original, Buffer.from('an original'), 'image/jpeg');
    expect(await exists(draftImage)).toBe(true);

    expect((await asProvider.delete(`/api/events/${draft.id}`)).status).toBe(200);
    expect(await exists(draftImage)).toBe(false);
    expect(await exists(original)).toBe(false);
    expect(await exists(keptImage)).toBe(true);
  });
});
