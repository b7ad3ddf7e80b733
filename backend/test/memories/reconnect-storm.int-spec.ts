import { randomUUID } from 'node:crypto';
import { LiveMessageType } from '@memory-wall/contracts';
import { Memory, TypeOrmMemoryRepository } from '@memory-wall/core';
import { connectLive } from '@memory-wall/testkit/live-client';
import { useWallStorm } from './wall-storm';

/** Enough reads at once to overlap well within one build; the 2,000-screen storm is fault scenario 12. */
const SCREENS = 300;

/**
 * Issue #30: when a venue's screens all refetch the wall at once (their instance restarted, or the wall
 * just changed), the instance builds each version once: PostgreSQL runs one wall query per version,
 * however many reads ask, and every read gets the same bytes.
 */
describe('a reconnect storm of wall reads', () => {
  const w = useWallStorm();

  it(`runs one wall query per version for ${SCREENS} concurrent reads, after a restart and after a change`, async () => {
    const { eventId, memories } = await w.wallOfFifty();
    const scansBefore = await w.memoryScans();
    const buildsBefore = await w.wallBuilds();

    // The instance has never seen the event: every screen reconnects to it at once.
    const first = await w.storm(eventId, SCREENS);
    expect(JSON.parse(first.body).memories).toHaveLength(50);
    expect(await w.wallBuilds()).toBe(buildsBefore + 1);
    expect(await w.memoryScans()).toBe(scansBefore + 1);

    // A change that only the database can answer (the removal of a memory the wall shows); once the
    // instance has it, every screen refetches.
    await w.announceRemoval(eventId, memories[7].id);
    const second = await w.storm(eventId, SCREENS);
    expect(second.body).toBe(first.body);
    expect(await w.wallBuilds()).toBe(buildsBefore + 2);
    expect(await w.memoryScans()).toBe(scansBefore + 2);
  });

  it('moves a wall it follows on with a heart, and past the removal of a memory it does not show, without the database', async () => {
    const { eventId, memories } = await w.wallOfFifty();
    const first = await w.read(eventId); // built, and from now on the instance follows the wall's feed
    const builds = await w.wallBuilds();
    const screen = await connectLive(`${w.api.url.replace('http', 'ws')}/ws?eventId=${eventId}`);
    await screen.joined();

    const hearted = memories[12].id;
    const answer = await fetch(`${w.api.url}/api/events/${eventId}/memories/${hearted}/hearts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ deviceId: randomUUID() }),
    });
    expect(answer.status).toBe(200);
    await screen.next((m) => m.type === LiveMessageType.MemoryHearts && m.memoryId === hearted);
    const afterHeart = await w.read(eventId);
    // The bytes the database writes for the wall now, so the tag is the one any other instance gives it.
    const stored = await new TypeOrmMemoryRepository(w.t.dataSource.getRepository(Memory)).publicWallJson(
      eventId,
      'newest',
      500,
    );
    expect(afterHeart.body).toBe(`{"success":true,"memories":${stored}}`);
    expect(afterHeart.body).not.toBe(first.body);
    expect(afterHeart.etag).not.toBe(first.etag);

    screen.close();
    await w.announceRemoval(eventId, randomUUID());
    const afterRemoval = await w.read(eventId);
    expect([afterRemoval.body, afterRemoval.etag]).toEqual([afterHeart.body, afterHeart.etag]);
    expect(await w.wallBuilds()).toBe(builds);
  });
});
