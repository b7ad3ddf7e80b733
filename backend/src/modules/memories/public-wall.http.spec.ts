import Fastify, { FastifyInstance } from 'fastify';
import { DisplayOrder } from '@memory-wall/contracts';
import { SESSION_COOKIE } from '../../common/auth/auth.decorators';
import type { PublicWall } from './memories.service';
import { routeOf } from '../../common/routes';
import { MemoriesController } from './memories.controller';
import { answerCachedWallReads } from './public-wall.http';

const MEMORIES_ROUTE = routeOf(MemoriesController, 'list');

const EVENT = '6f1c2a57-3c1e-4f1a-9d55-1f0c7c6a0b11';
const CACHED: PublicWall = {
  body: Buffer.from('{"success":true,"memories":["cached"]}'),
  etag: 'W/"newest.abc"',
  position: 'public:7',
};

describe('answerCachedWallReads: cached public walls answered before the route', () => {
  let app: FastifyInstance;
  let asked: Array<[string, DisplayOrder, string | undefined]>;
  let cached: PublicWall | undefined;

  beforeEach(async () => {
    asked = [];
    cached = CACHED;
    app = Fastify();
    answerCachedWallReads(
      app,
      {
        cachedPublicWall: (eventId, order, ifNoneMatch) => {
          asked.push([eventId, order, ifNoneMatch]);
          return cached;
        },
      },
      MEMORIES_ROUTE,
    );
    app.get(MEMORIES_ROUTE, async () => ({ from: 'route' }));
    app.get('/api/events/:eventId/other', async () => ({ from: 'other route' }));
  });

  afterEach(() => app.close());

  const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

  it('answers an anonymous read of a cached wall with its body, tag and feed position', async () => {
    const res = await get(`/api/events/${EVENT}/memories`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(CACHED.body.toString());
    expect(res.headers).toMatchObject({
      etag: CACHED.etag,
      'x-live-position': 'public:7',
      'cache-control': 'no-cache',
      'content-type': 'application/json; charset=utf-8',
    });
    expect(asked).toEqual([[EVENT, DisplayOrder.Newest, undefined]]);
  });

  it('asks for the order given, and passes If-None-Match on (304 without a body)', async () => {
    cached = { notModified: true, etag: CACHED.etag!, position: 'public:7' };
    const res = await get(`/api/events/${EVENT}/memories?order=oldest`, { 'if-none-match': CACHED.etag! });
    expect(res.statusCode).toBe(304);
    expect(res.body).toBe('');
    expect(asked).toEqual([[EVENT, DisplayOrder.Oldest, CACHED.etag]]);
  });

  it('leaves a wall this instance has not cached to the route', async () => {
    cached = undefined;
    expect((await get(`/api/events/${EVENT}/memories`)).json()).toEqual({ from: 'route' });
    expect(asked).toHaveLength(1);
  });

  it.each([
    ['a session cookie', `/api/events/${EVENT}/memories`, { cookie: `${SESSION_COOKIE}=anything` }],
    ['an invalid order', `/api/events/${EVENT}/memories?order=sideways`, {}],
    ['a parameter besides the order', `/api/events/${EVENT}/memories?order=newest&approved=false`, {}],
    ['another route', `/api/events/${EVENT}/other`, {}],
  ])('leaves a request with %s to its route, without looking at the cache', async (_case, url, headers) => {
    const res = await get(url, headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveProperty('from');
    expect(asked).toEqual([]);
  });
});
