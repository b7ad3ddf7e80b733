import Fastify, { FastifyInstance } from 'fastify';
import { DisplayOrder } from '@memory-wall/contracts';
import { SESSION_COOKIE } from '../../common/auth/auth.decorators';
import type { PublicWall } from './memories.service';
import { routeOf } from '../../common/routes';
import { MemoriesController } from './memories.controller';
import { answerPublicWallReads } from './public-wall.http';

const MEMORIES_ROUTE = routeOf(MemoriesController, 'list');

const EVENT = '6f1c2a57-3c1e-4f1a-9d55-1f0c7c6a0b11';
const CACHED: PublicWall = {
  body: Buffer.from('{"success":true,"memories":["cached"]}'),
  etag: 'W/"newest.abc"',
  position: 'public:7',
};
const BUILT: PublicWall = { body: Buffer.from('{"success":true,"memories":["built"]}'), etag: 'W/"newest.def"' };

describe('answerPublicWallReads: anonymous wall reads answered before the route', () => {
  let app: FastifyInstance;
  let asked: Array<[string, DisplayOrder, string | undefined]>;
  let cached: PublicWall | undefined;
  let built: Array<[string, DisplayOrder, string | undefined]>;
  let build: () => Promise<PublicWall>;

  beforeEach(async () => {
    asked = [];
    built = [];
    cached = CACHED;
    build = () => Promise.resolve(BUILT);
    app = Fastify();
    answerPublicWallReads(
      app,
      {
        cachedPublicWall: (eventId, order, ifNoneMatch) => {
          asked.push([eventId, order, ifNoneMatch]);
          return cached;
        },
        publicWall: (eventId, order = DisplayOrder.Newest, ifNoneMatch) => {
          built.push([eventId, order, ifNoneMatch]);
          return build();
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

  it('builds a wall this instance has not cached without the route, If-None-Match passed on', async () => {
    cached = undefined;
    const res = await get(`/api/events/${EVENT}/memories?order=oldest`, { 'if-none-match': 'W/"old"' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(BUILT.body.toString());
    expect(res.headers.etag).toBe(BUILT.etag);
    expect(built).toEqual([[EVENT, DisplayOrder.Oldest, 'W/"old"']]);
  });

  it('leaves a read whose wall could not be built (unknown event, database away) to the route', async () => {
    cached = undefined;
    build = () => Promise.reject(new Error('not published'));
    expect((await get(`/api/events/${EVENT}/memories`)).json()).toEqual({ from: 'route' });
    expect(built).toHaveLength(1);
  });

  it('leaves an event id that is no UUID to the route, without building', async () => {
    cached = undefined;
    expect((await get(`/api/events/not-a-uuid/memories`)).json()).toEqual({ from: 'route' });
    expect(built).toEqual([]);
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
    expect(built).toEqual([]);
  });
});
