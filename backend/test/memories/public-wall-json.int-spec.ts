import { randomUUID } from 'node:crypto';
import { DisplayOrder, MemoryFilter, MemoryMedia, MemoryType, ProcessingState } from '@memory-wall/contracts';
import { Event, Memory, pgPool, ScreensView, toPublicMemory, TypeOrmMemoryRepository } from '@memory-wall/core';
import { createEvent } from '@memory-wall/testkit/factories';
import { useTestEnvironment } from '@memory-wall/testkit/test-environment';

/**
 * The wall's JSON as PostgreSQL writes it (publicWallJson) is byte for byte what the API wrote before it
 * did: JSON.stringify of toPublicMemory over the rows of `list` — strings that need escapes, nulls, jsonb
 * media of every shape, times with microseconds — in both orders and under the screens' controls, and
 * walls read together are each the wall read alone.
 */
describe('the public wall written as JSON by PostgreSQL', () => {
  const t = useTestEnvironment();
  let memories: TypeOrmMemoryRepository;
  beforeAll(() => void (memories = new TypeOrmMemoryRepository(t.dataSource.getRepository(Memory))));

  const image = (url: string, width: number, height: number) => ({ url, width, height });
  const media: MemoryMedia[] = [
    { card: image('/api/media/a/card.webp', 800, 600), full: image('/api/media/a/full.webp', 1920, 1440) },
    {
      card: image('/c.webp', 1, 2),
      full: image('/f.webp?x="q"&y=\\', 3, 4),
      video: { ...image('/v.mp4', 1280, 720), duration: 12.345 },
    },
    { card: image('/w.webp', 10, 10), full: image('/w2.webp', 20, 20), audio: { url: '/a.m4a', duration: 0.1 } },
    // Not a shape the app writes today, but jsonb's: arrays, nesting, empty containers, escapes in keys.
    {
      card: image('/é.webp', 0, -1),
      full: image('/😀.webp', 1e20, 1.5),
      extra: [1, 'two', null, true, { 'k"ey\n': [] }, {}],
    } as unknown as MemoryMedia,
  ];
  const texts = [
    'Plain words',
    'Quotes " and \\ backslashes / slashes',
    'Lines\nand\ttabs\r\n and \b\f',
    'Controls \u0001 \u001f \u007f and separators \u2028 \u2029',
    'Emoji 😀👍🏽, CJK 婚礼快乐, RTL مبروك',
    '</script><script>alert(1)</script>',
    '',
  ];

  async function seed(event: Event, count: number): Promise<void> {
    const rows = Array.from({ length: count }, (_, i) => ({
      eventId: event.id,
      type: i % 3 === 0 ? 'photo' : 'message',
      content: texts[i % texts.length],
      title: i % 2 ? `Title ${texts[(i + 1) % texts.length]}` : null,
      author: `Guest ${i} ${texts[(i + 2) % texts.length]}`.slice(0, 100),
      photoCaption: i % 4 === 0 ? texts[(i + 3) % texts.length] : null,
      featured: i % 5 === 0,
      language: i % 2 ? 'en' : 'zh-Hans',
      media: i % 3 === 0 ? media[(i / 3) % media.length] : null,
      approved: i % 7 !== 6,
      flagged: i % 11 === 10,
      processingState: i % 13 === 12 ? ProcessingState.Processing : ProcessingState.Ready,
    }));
    const saved = await t.dataSource.getRepository(Memory).save(rows as Array<Partial<Memory>>);
    // Distinct times with microseconds (which the API's Date drops), some whose publicAt is still ahead.
    await t.dataSource.query(
      `UPDATE "memories" AS m SET "createdAt" = now() - make_interval(secs => 1000 - v.i * 1.000537),
         "hearts" = v.i * 3, "publicAt" = CASE WHEN v.i % 9 = 8 THEN now() + interval '1 hour' END
       FROM unnest($1::uuid[]) WITH ORDINALITY AS v(id, i) WHERE m."id" = v.id`,
      [saved.map((m) => m.id)],
    );
  }

  /** How many of `count` seeded memories the screens show: approved, unflagged, processed, not delayed. */
  const onWall = (count: number) =>
    Array.from({ length: count }, (_, i) => i).filter(
      (i) => i % 7 !== 6 && i % 11 !== 10 && i % 13 !== 12 && (i + 1) % 9 !== 8,
    ).length;

  const before = async (eventId: string, order: DisplayOrder, limit: number, onScreens: ScreensView) =>
    JSON.stringify((await memories.list(eventId, MemoryFilter.Approved, order, limit, onScreens)).map(toPublicMemory));

  it('writes the same bytes as the rows serialised by Node, newest and oldest first, up to the limit', async () => {
    const event = await createEvent(t.dataSource);
    await seed(event, 80);
    for (const order of [DisplayOrder.Newest, DisplayOrder.Oldest] as const)
      for (const limit of [500, 17]) {
        const json = await memories.publicWallJson(event.id, order, limit);
        expect(json).toBe(await before(event.id, order, limit, { heldSince: null }));
        expect(JSON.parse(json).length).toBe(Math.min(limit, onWall(80)));
      }
  });

  it('shows what the screens show: nothing before the reveal, nothing after a hold began', async () => {
    const event = await createEvent(t.dataSource);
    await seed(event, 30);
    const [{ middle }] = await t.dataSource.query(
      `SELECT "createdAt" AS "middle" FROM "memories" WHERE "eventId" = $1 ORDER BY "createdAt" OFFSET 15 LIMIT 1`,
      [event.id],
    );
    await t.dataSource.getRepository(Event).update(event.id, { screensHeldAt: middle });
    const held = await memories.publicWallJson(event.id, DisplayOrder.Newest, 500);
    expect(held).toBe(await before(event.id, DisplayOrder.Newest, 500, { heldSince: middle }));
    expect(JSON.parse(held).length).toBeGreaterThan(0);

    await t.dataSource.getRepository(Event).update(event.id, { screensHeldAt: null, screensComingSoon: true });
    expect(await memories.publicWallJson(event.id, DisplayOrder.Newest, 500)).toBe('[]');
  });

  it('follows every write of a field the wall shows: an edit, a feature, a heart, retention removing media', async () => {
    const event = await createEvent(t.dataSource);
    await seed(event, 12);
    const rows = t.dataSource.getRepository(Memory);
    const [photo, message] = await Promise.all([
      rows.findOneByOrFail({ eventId: event.id, type: MemoryType.Photo, approved: true, flagged: false }),
      rows.findOneByOrFail({ eventId: event.id, type: MemoryType.Message, approved: true, flagged: false }),
    ]);
    const wallIsCurrent = async () =>
      expect(await memories.publicWallJson(event.id, DisplayOrder.Newest, 500)).toBe(
        await before(event.id, DisplayOrder.Newest, 500, { heldSince: null }),
      );
    await rows.update(message.id, { content: 'Edited "by" the host', title: null, author: 'Ann' });
    await wallIsCurrent();
    await rows.update(message.id, { featured: !message.featured });
    await wallIsCurrent();
    expect(await memories.addHeart(event.id, photo.id, randomUUID())).toMatchObject({ counted: true });
    await wallIsCurrent();
    await memories.removeMedia(event.id);
    await wallIsCurrent();
    expect(JSON.parse(await memories.publicWallJson(event.id, DisplayOrder.Newest, 500))).toContainEqual(
      expect.objectContaining({ id: photo.id, media: null, content: '' }),
    );
  });

  it('reads the walls asked for in the same turn in one statement per order, each wall its own', async () => {
    const events = await Promise.all([createEvent(t.dataSource), createEvent(t.dataSource), createEvent(t.dataSource)]);
    await Promise.all(events.map((event, i) => seed(event, 10 + 7 * i)));
    await t.dataSource.getRepository(Event).update(events[2].id, { screensComingSoon: true });
    const alone: string[][] = [];
    for (const event of events)
      alone.push([
        await memories.publicWallJson(event.id, DisplayOrder.Newest, 500),
        await memories.publicWallJson(event.id, DisplayOrder.Oldest, 8),
      ]);
    const statements = jest.spyOn(pgPool(t.dataSource), 'query');
    try {
      const reads = Promise.all(
        events.map((event) =>
          Promise.all([
            // An id in capitals is the same event's.
            memories.publicWallJson(event.id.toUpperCase(), DisplayOrder.Newest, 500),
            memories.publicWallJson(event.id, DisplayOrder.Oldest, 8),
          ]),
        ),
      );
      const unknown = memories.publicWallJson(randomUUID(), DisplayOrder.Newest, 500);
      expect(await reads).toEqual(alone);
      expect(await unknown).toBe('[]');
      expect(statements).toHaveBeenCalledTimes(2);
    } finally {
      statements.mockRestore();
    }
    expect(new Set(alone.flat()).size).toBe(5);
  });

  it('fails only the read whose wall cannot be read when walls are read together', async () => {
    const event = await createEvent(t.dataSource);
    await seed(event, 5);
    const [good, bad] = await Promise.allSettled([
      memories.publicWallJson(event.id, DisplayOrder.Newest, 500),
      memories.publicWallJson('not-a-uuid', DisplayOrder.Newest, 500),
    ]);
    expect(good).toEqual({
      status: 'fulfilled',
      value: await before(event.id, DisplayOrder.Newest, 500, { heldSince: null }),
    });
    expect(bad).toMatchObject({ status: 'rejected', reason: { message: expect.stringContaining('uuid') } });
  });

  it('answers an empty array for an event without memories', async () => {
    const event = await createEvent(t.dataSource);
    expect(await memories.publicWallJson(event.id, DisplayOrder.Oldest, 500)).toBe('[]');
  });
});
