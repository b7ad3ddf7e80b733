import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Memory, Setting } from '@memory-wall/core';
import { createEvent } from '@memory-wall/testkit/factories';
import { RunningProcess, startApi } from '@memory-wall/testkit/processes';
import { createTestEnvironment, TestEnvironment } from '@memory-wall/testkit/test-environment';
import { waitFor } from '@memory-wall/testkit/wait';

/** What one real API process serves besides the guest flows: health, settings, docs, headers, errors, the SPA. */
describe('the API platform', () => {
  let t: TestEnvironment;
  let api: RunningProcess;
  let frontend: string;

  beforeAll(async () => {
    frontend = mkdtempSync(join(tmpdir(), 'mw-frontend-'));
    mkdirSync(join(frontend, 'assets'));
    writeFileSync(join(frontend, 'index.html'), '<html><body>spa shell</body></html>');
    writeFileSync(join(frontend, 'assets/app-abc.js'), 'console.log("app");');
    t = await createTestEnvironment();
    // At production's log level, so the request log is checked too.
    api = await startApi({ ...t.env, LOG_LEVEL: 'info', FRONTEND_DIST: frontend });
  });

  afterAll(async () => {
    await api?.stop();
    await t?.cleanup();
    rmSync(frontend, { recursive: true, force: true });
  });

  /** A GET whose response, whatever it is, must carry a request id. */
  async function get(path: string, headers: Record<string, string> = {}) {
    const response = await fetch(`${api.url}${path}`, { headers });
    expect(response.headers.get('x-request-id')).toMatch(/^[\w.-]+$/);
    const text = await response.text();
    const json = response.headers.get('content-type')?.includes('application/json') ? JSON.parse(text) : undefined;
    return { status: response.status, headers: response.headers, text, json };
  }

  it('reports PostgreSQL and Redis up', async () => {
    const res = await get('/api/health');
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: 'ok', details: { database: { status: 'up' }, redis: { status: 'up' } } });
  });

  it('answers the default global settings, then a stored one', async () => {
    expect((await get('/api/settings')).json).toEqual({
      settings: { theme: 'wedding', displayOrder: 'newest', itemsVisible: '3', autoRefresh: '30' },
    });
    await t.dataSource.getRepository(Setting).save({ name: 'theme', value: 'funeral' });
    expect((await get('/api/settings')).json.settings).toEqual({
      theme: 'funeral',
      displayOrder: 'newest',
      itemsVisible: '3',
      autoRefresh: '30',
    });
  });

  it('publishes an OpenAPI document of every route and the docs page', async () => {
    const spec = await get('/api/docs-json');
    expect(spec.status).toBe(200);
    expect(spec.json.openapi).toMatch(/^3\./);
    expect(Object.keys(spec.json.paths)).toEqual(
      expect.arrayContaining([
        '/api/events/{eventId}/submissions/message',
        '/api/events/{eventId}/memories',
        '/api/events/public/{id}',
        '/api/health',
        '/api/health/live',
        '/api/settings',
      ]),
    );
    const page = await get('/api/docs');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(page.text).toMatch(/swagger/i);
  });

  it("keeps a caller's request id and makes one up otherwise", async () => {
    expect((await get('/api/settings', { 'x-request-id': 'abc-123' })).headers.get('x-request-id')).toBe('abc-123');
    const [first, second] = [await get('/api/settings'), await get('/api/settings')];
    expect(first.headers.get('x-request-id')).not.toBe(second.headers.get('x-request-id'));
    expect(
      (await get('/api/settings', { 'x-request-id': 'no spaces <allowed>' })).headers.get('x-request-id'),
    ).not.toBe('no spaces <allowed>');
  });

  it('writes one log line per request, even when no more requests come to fill the log buffer', async () => {
    const requestId = `log-check-${Date.now()}`;
    await get('/api/settings', { 'x-request-id': requestId });
    await waitFor(() => api.output().includes(requestId), 5_000, 'the request log line');
    const lines = api
      .output()
      .split('\n')
      .filter((l) => l.includes(requestId));
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0])).toMatchObject({
      requestId,
      method: 'GET',
      url: '/api/settings',
      statusCode: 200,
      msg: 'request completed',
    });
  });

  it("answers an unknown API route with a 404 JSON error that carries the API's security headers", async () => {
    const res = await get('/api/nope');
    expect(res.status).toBe(404);
    expect(res.json).toMatchObject({ statusCode: 404, error: 'Not Found', message: expect.any(String) });
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none';frame-ancestors 'none'");
    // The documents' headers are not sent with JSON.
    expect(res.headers.get('cross-origin-opener-policy')).toBeNull();
  });

  it("serves the front end's index.html for client-side routes, never cached, with the documents' security headers", async () => {
    const res = await get('/some/client/route');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.text).toContain('spa shell');
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self' https://js.stripe.com");
    expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    // The test instance runs on plain http: upgrading would break every script at a venue's LAN address.
    expect(res.headers.get('content-security-policy')).not.toContain('upgrade-insecure-requests');
  });

  it("serves the API's HTML docs with the documents' security headers", async () => {
    const res = await get('/api/docs');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
  });

  it('serves fingerprinted assets as immutable', async () => {
    const res = await get('/assets/app-abc.js');
    expect(res.status).toBe(200);
    expect(res.text).toBe('console.log("app");');
    expect(res.headers.get('cache-control')).toContain('immutable');
  });

  it('answers 404, not the page, for a missing asset', async () => {
    const res = await get('/assets/gone-123.js');
    expect(res.status).toBe(404);
    expect(res.text).not.toContain('spa shell');
  });

  describe('GET /api/events/public/:id', () => {
    it('answers the public fields of a live event only', async () => {
      const event = await createEvent(t.dataSource);
      const res = await get(`/api/events/public/${event.id}`);
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({
        event: { id: event.id, name: event.name, slug: event.slug, status: 'live', eventType: 'wedding' },
      });
      expect(res.json.event).not.toHaveProperty('serviceProviderId');
      expect(res.json.event).not.toHaveProperty('isPublished');
    });

    it.each([
      [
        'a draft event',
        async () => (await createEvent(t.dataSource, { status: 'draft', isPublished: false })).id,
        403,
        'This event is not currently available',
      ],
      ['an unknown event', async () => '6f1c1e8e-0000-4000-8000-000000000000', 404, 'Event not found'],
      ['a malformed id', async () => 'abc', 400, 'Invalid event id'],
    ])('refuses %s', async (_, id, status, message) => {
      const res = await get(`/api/events/public/${await id()}`);
      expect(res.status).toBe(status);
      expect(res.json).toMatchObject({ statusCode: status, message });
    });
  });

  describe('GET /api/events/:eventId/memories', () => {
    it('refuses the wall of a draft event', async () => {
      const draft = await createEvent(t.dataSource, { status: 'draft', isPublished: false });
      const res = await get(`/api/events/${draft.id}/memories`);
      expect(res.status).toBe(403);
    });

    it('lists approved, unflagged memories only, newest first unless asked for oldest', async () => {
      const event = await createEvent(t.dataSource);
      const memories = t.dataSource.getRepository(Memory);
      const row = (author: string, minute: number, approved: boolean, flagged = false) =>
        memories.create({
          eventId: event.id,
          author,
          content: `From ${author}`,
          approved,
          flagged,
          processingState: 'ready',
          createdAt: new Date(Date.UTC(2026, 0, 1, 12, minute)),
        });
      await memories.save([
        row('Older', 1, true),
        row('Pending', 2, false),
        row('Flagged', 3, true, true),
        row('Newer', 4, true),
      ]);

      const authors = async (query: string) =>
        (await get(`/api/events/${event.id}/memories${query}`)).json.memories.map((m: Memory) => m.author);
      expect(await authors('')).toEqual(['Newer', 'Older']);
      expect(await authors('?order=oldest')).toEqual(['Older', 'Newer']);
    });

    it('refuses an unknown order', async () => {
      const event = await createEvent(t.dataSource);
      const res = await get(`/api/events/${event.id}/memories?order=bogus`);
      expect(res.status).toBe(400);
      expect(res.json.message).toMatch(/order must be one of/);
      const flag = await get(`/api/events/${event.id}/memories?approved=maybe`);
      expect(flag.status).toBe(400);
      expect(flag.json).toMatchObject({
        message: 'approved must be one of true, false',
        fields: { approved: 'approved must be one of true, false' },
      });
    });

    it('ignores query parameters it does not know, such as a cache buster', async () => {
      const event = await createEvent(t.dataSource);
      const res = await get(`/api/events/${event.id}/memories?_=1763740000000`);
      expect(res.status).toBe(200);
      expect(res.json).toEqual({ success: true, memories: [] });
    });
  });
});
