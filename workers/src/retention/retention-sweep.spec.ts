import { access, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DataSource } from 'typeorm';
import { EventStatus, Language, MemoryType, RETENTION_WARNING_DAYS } from '@memory-wall/contracts';
import {
  AppConfig,
  Event,
  InMemoryEventRepository,
  InMemoryMemoryRepository,
  LivePublisher,
  LocalDiskStorage,
  memoryObjectKeys,
} from '@memory-wall/core';
import type { MailRecipients } from '../mail/mail-recipients';
import type { Mailer } from '../mail/mailer';
import { RetentionSweep } from './retention-sweep';

const DEFAULT_DAYS = 30;
const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 3600_000);

/** The sweep over the in-memory repositories, real objects on disk; mail and live updates recorded. */
describe('RetentionSweep over the in-memory events and memories', () => {
  let events: InMemoryEventRepository;
  let memories: InMemoryMemoryRepository;
  let storage: LocalDiskStorage;
  let dir: string;
  let mailed: Array<{ key: string; to: string; subject: string }>;
  let published: string[];
  let sweep: RetentionSweep;

  beforeEach(async () => {
    events = new InMemoryEventRepository();
    memories = new InMemoryMemoryRepository();
    dir = await mkdtemp(join(tmpdir(), 'mw-retention-sweep-'));
    storage = new LocalDiskStorage(dir);
    mailed = [];
    published = [];
    const config = Object.assign(new AppConfig(), { RETENTION_DAYS: DEFAULT_DAYS });
    // Transactions are not modelled by the in-memory repositories: the work runs as it is.
    const dataSource = { transaction: (work: (tx: unknown) => unknown) => work({}) } as unknown as DataSource;
    const recipients = {
      hostsOf: async (id: string) => {
        const event = await events.findById(id);
        return (
          event && {
            event,
            hosts: [
              { userId: 'host', email: 'host@example.test', name: 'Host', username: 'host', language: Language.En },
            ],
          }
        );
      },
    } as unknown as MailRecipients;
    const mailer = {
      send: async (key: string, to: string, mail: { subject: string }) =>
        void mailed.push({ key, to, subject: mail.subject }),
    } as unknown as Mailer;
    const live = {
      publish: async (_eventId: string, message: { hosts: { memory: { id: string } } }) =>
        void published.push(message.hosts.memory.id),
    } as unknown as LivePublisher;
    sweep = new RetentionSweep(config, dataSource, events, memories, storage, recipients, mailer, live);
  });

  afterEach(() => rm(dir, { recursive: true, force: true }));

  const completed = (id: string, fields: Partial<Event>) =>
    events.add({ id, name: id, status: EventStatus.Completed, ...fields });
  const objectsLeft = async (eventId: string, memoryId: string) => {
    const present = await Promise.all(
      memoryObjectKeys(eventId, memoryId).map((key) =>
        access(join(dir, key)).then(
          () => true,
          () => false,
        ),
      ),
    );
    return present.filter(Boolean).length;
  };

  it("warns once, a week before the end of the provider's retention, else the default's", async () => {
    events.providerRetention.set('long', 60);
    events.providerRetention.set('short', 10);
    completed('default-due', { completedAt: daysAgo(DEFAULT_DAYS - 5) });
    completed('default-not-yet', { completedAt: daysAgo(DEFAULT_DAYS - RETENTION_WARNING_DAYS - 2) });
    completed('long-not-yet', { completedAt: daysAgo(DEFAULT_DAYS - 5), serviceProviderId: 'long' });
    completed('short-due', { completedAt: daysAgo(5), serviceProviderId: 'short' });
    events.add({ id: 'live', name: 'live', status: EventStatus.Live, completedAt: daysAgo(400) });

    await sweep.run();
    expect(mailed.map((m) => m.key).sort()).toEqual([
      'retention-warning-default-due-host',
      'retention-warning-short-due-host',
    ]);
    expect(mailed[0].subject).toMatch(/will be deleted on/);
    for (const id of ['default-due', 'short-due']) expect(events.rows.get(id)!.retentionWarnedAt).not.toBeNull();
    for (const id of ['default-not-yet', 'long-not-yet', 'live'])
      expect(events.rows.get(id)!.retentionWarnedAt).toBeNull();

    await sweep.run();
    expect(mailed).toHaveLength(2);
  });

  it('expires an event past its retention, warned a week ago, with its archive ready: objects and media go, texts stay', async () => {
    for (const id of ['due', 'no-archive', 'warned-lately']) {
      completed(id, { completedAt: daysAgo(40), retentionWarnedAt: daysAgo(id === 'warned-lately' ? 3 : 8) });
      memories.add({ id: `${id}-message`, eventId: id, type: MemoryType.Message, content: 'Hello' });
      memories.add({
        id: `${id}-photo`,
        eventId: id,
        type: MemoryType.Photo,
        content: 'ai text',
        photoCaption: 'Us',
        media: { card: 'x' } as never,
      });
      for (const key of memoryObjectKeys(id, `${id}-photo`)) await storage.put(key, Buffer.from('x'), 'image/webp');
    }
    events.readyArchives.add('due');
    events.readyArchives.add('warned-lately');

    await sweep.run();
    expect(events.rows.get('due')!.status).toBe(EventStatus.Expired);
    expect(memories.rows.get('due-photo')).toMatchObject({ media: null, content: '', photoCaption: 'Us' });
    expect(memories.rows.get('due-message')!.content).toBe('Hello');
    expect(published).toEqual(['due-photo']);
    expect(await objectsLeft('due', 'due-photo')).toBe(0);
    for (const id of ['no-archive', 'warned-lately']) {
      expect(events.rows.get(id)!.status).toBe(EventStatus.Completed);
      expect(memories.rows.get(`${id}-photo`)!.media).not.toBeNull();
      expect(await objectsLeft(id, `${id}-photo`)).toBeGreaterThan(0);
    }

    await sweep.run();
    expect(published).toEqual(['due-photo']);
  });
});
