import type { AppConfig } from '@memory-wall/core';
import { PublicWallCache, wallEtag } from './public-wall.cache';

const MAX_AGE_MS = 30_000;
const ORDERS = ['newest', 'oldest'];

describe('PublicWallCache.advance: a cached wall moved on with its feed', () => {
  let cache: PublicWallCache;
  let now: number;

  beforeEach(() => {
    now = 1_000_000;
    jest.spyOn(Date, 'now').mockImplementation(() => now);
    cache = new PublicWallCache({ WALL_CACHE_MAX_AGE_MS: MAX_AGE_MS } as AppConfig);
  });
  afterEach(() => jest.restoreAllMocks());

  const fill = (version: number, order: string, text: string) =>
    cache.obtain('e1', version, order, () => Promise.resolve(Buffer.from(text)));

  it('moves each order that has the previous version to the next, with the tag of its new bytes', async () => {
    await fill(4, 'newest', 'new-4');
    await fill(4, 'oldest', 'old-4');
    expect(cache.holds('e1', 4, ORDERS)).toBe(true);

    cache.advance('e1', 5, ORDERS, (body) => Buffer.from(body.toString().replace('4', '5')));

    expect(cache.get('e1', 5, 'newest')).toMatchObject({
      body: Buffer.from('new-5'),
      etag: wallEtag('newest', Buffer.from('new-5')),
    });
    expect(cache.get('e1', 5, 'oldest')?.body.toString()).toBe('old-5');
    // No read asks for the version behind the feed this instance follows.
    expect(cache.holds('e1', 4, ORDERS)).toBe(false);
  });

  it('keeps the tag when the wall did not change, and leaves to the database what the patch cannot do', async () => {
    const { etag } = await fill(4, 'newest', 'same');
    await fill(4, 'oldest', 'other');
    cache.advance('e1', 5, ORDERS, (body) => (body.toString() === 'same' ? body : undefined));
    expect(cache.get('e1', 5, 'newest')?.etag).toBe(etag);
    expect(cache.get('e1', 5, 'oldest')).toBeUndefined();
  });

  it('moves on only from the version just before, and never replaces a body built for that version', async () => {
    await fill(3, 'newest', 'three');
    cache.advance('e1', 5, ORDERS, (body) => body);
    expect(cache.get('e1', 5, 'newest')).toBeUndefined();

    await fill(4, 'newest', 'four');
    await fill(5, 'newest', 'built five');
    cache.advance('e1', 5, ORDERS, () => Buffer.from('patched five'));
    expect(cache.get('e1', 5, 'newest')?.body.toString()).toBe('built five');
  });

  it('ages a moved body from when its content was read from the database', async () => {
    await fill(4, 'newest', 'four');
    now += MAX_AGE_MS - 10;
    cache.advance('e1', 5, ORDERS, () => Buffer.from('five'));
    expect(cache.get('e1', 5, 'newest')).toBeDefined();
    now += 10;
    expect(cache.get('e1', 5, 'newest')).toBeUndefined();
    // Nor does a stale body move on.
    await fill(6, 'newest', 'six');
    now += MAX_AGE_MS;
    cache.advance('e1', 7, ORDERS, (body) => body);
    expect(cache.get('e1', 7, 'newest')).toBeUndefined();
  });

  it('holds one body per wall and order: a newer version replaces the older one, which takes no more room', async () => {
    const wall = Buffer.alloc(40 * 1024 * 1024, 'x'); // 40 MiB: three fit in the 128 MiB budget, not four
    await cache.obtain('e2', 1, 'newest', () => Promise.resolve(wall));
    for (let version = 1; version <= 3; version++)
      await cache.obtain('e1', version, 'newest', () => Promise.resolve(wall));
    await fill(7, 'oldest', 'oldest seven');

    expect(cache.holds('e2', 1, ORDERS)).toBe(true);
    expect([1, 2, 3].map((version) => cache.holds('e1', version, ['newest']))).toEqual([false, false, true]);
    expect(cache.get('e1', 7, 'oldest')?.body.toString()).toBe('oldest seven');
  });

  it('holds at most its byte budget, oldest out first', async () => {
    const wall = Buffer.alloc(40 * 1024 * 1024, 'x'); // 40 MiB: three fit in the 128 MiB budget, not four
    for (let event = 0; event < 4; event++) await cache.obtain(`e${event}`, 1, 'newest', () => Promise.resolve(wall));
    expect([0, 1, 2, 3].map((event) => cache.holds(`e${event}`, 1, ORDERS))).toEqual([false, true, true, true]);
  });
});
