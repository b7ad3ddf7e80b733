import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { ApiClient } from '@memory-wall/testkit/http';
import { contractOf, OpenApiContract } from '@memory-wall/testkit/openapi-contract';
import { RunningProcess, startApi } from '@memory-wall/testkit/processes';
import { createTestEnvironment, TestEnvironment } from '@memory-wall/testkit/test-environment';

const ROOT = resolve(__dirname, '../../..');
const REDOCLY = join(ROOT, 'node_modules/@redocly/cli/bin/cli.js');

/**
 * The OpenAPI document a client can be generated from: Redocly's recommended rules find no error in it, and
 * the check that every integration test's answers go through (support/http.ts) refuses answers it does not
 * describe. What the routes answer in practice is covered by those tests (the authorization matrix calls
 * every route as every kind of caller).
 */
describe('the OpenAPI document', () => {
  let t: TestEnvironment;
  let api: RunningProcess;
  let document: { paths: Record<string, Record<string, Record<string, unknown>>> };
  let contract: OpenApiContract;
  let folder: string;

  beforeAll(async () => {
    t = await createTestEnvironment();
    api = await startApi(t.env);
    document = (await (await fetch(`${api.url}/api/docs-json`)).json()) as typeof document;
    contract = (await contractOf(api.url))!;
    folder = mkdtempSync(join(tmpdir(), 'mw-openapi-'));
  });

  afterAll(async () => {
    await api?.stop();
    await t?.cleanup();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  const operations = () =>
    Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]) => ({ name: `${method.toUpperCase()} ${path}`, operation })),
    );

  it('passes redocly lint with the recommended rules, without errors', async () => {
    const file = join(folder, 'openapi.json');
    writeFileSync(file, JSON.stringify(document));
    const lint = promisify(execFile)(
      process.execPath,
      [REDOCLY, 'lint', '--extends', 'recommended', '--format', 'json', file],
      {
        cwd: folder,
        env: { ...process.env, NO_COLOR: '1', REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      },
    ).catch((error: { stdout: string }) => error);
    const report = JSON.parse((await lint).stdout) as {
      totals: { errors: number };
      problems: { severity: string; message: string }[];
    };
    expect(report.problems.filter((p) => p.severity === 'error').map((p) => p.message)).toEqual([]);
    expect(report.totals.errors).toBe(0);
  });

  /**
   * Operations whose protocol gives them more than one success answer, or one with no body, by the reason:
   * each of their success answers is still listed (the check of every test's answers refuses any other).
   */
  const protocolAnswers: Record<string, string> = {
    'POST /api/events/{eventId}/submissions/video': 'tus creation: 201, the upload in Location, no body',
    'HEAD /api/events/{eventId}/submissions/video/{uploadId}': 'tus offset: 200, the offset in Upload-Offset, no body',
    'PATCH /api/events/{eventId}/submissions/video/{uploadId}':
      'tus: 204 with the new Upload-Offset per chunk, 200 with the submission after the last one',
    'GET /api/events/{id}/keepsakes/{keepsakeId}/download': 'a file download: 200 the file, 206 the Range asked for',
  };

  it('gives every operation a success answer with its schema, and the session rule as security', () => {
    for (const { name, operation } of operations()) {
      const responses = operation.responses as Record<string, { content?: object }>;
      const success = Object.keys(responses).filter((status) => status.startsWith('2'));
      expect({ name, security: Array.isArray(operation.security) }).toEqual({ name, security: true });
      if (protocolAnswers[name]) {
        expect({ name, success: success.length > 0 }).toEqual({ name, success: true });
        continue;
      }
      expect({ name, success: success.length }).toEqual({ name, success: 1 });
      expect({ name, content: responses[success[0]].content !== undefined }).toEqual({ name, content: true });
    }
  });

  it('describes the body of every write, multipart uploads included', () => {
    const bodies = Object.fromEntries(
      operations()
        .filter(({ name }) => /^(POST|PATCH|PUT) /.test(name))
        .map(({ name, operation }) => [
          name,
          Object.keys((operation.requestBody as { content?: object })?.content ?? {}),
        ]),
    );
    // Actions whose path says everything: what they act on, and what they do to it.
    const withoutBody = [
      'POST /api/auth/logout',
      'POST /api/submissions/{id}/approve',
      'POST /api/submissions/{id}/pull-back',
      'POST /api/admin/queues/{queue}/jobs/{jobId}/retry',
      'POST /api/events/{id}/keepsakes',
      'POST /api/events/{id}/keepsakes/{keepsakeId}/link',
      // A copy of the event named in the path: nothing to say but which.
      'POST /api/events/{id}/duplicate',
      // tus creation: what the upload is goes in its Upload-Length and Upload-Metadata headers.
      'POST /api/events/{eventId}/submissions/video',
    ];
    const bodiless = Object.entries(bodies)
      .filter(([, types]) => types.length === 0)
      .map(([name]) => name);
    expect(bodiless.filter((name) => !withoutBody.includes(name) && !/\/(feature|flag)$/.test(name))).toEqual([]);
    expect(bodies['POST /api/events/{eventId}/submissions/photo']).toEqual(['multipart/form-data']);
    expect(bodies['POST /api/upload/featured-image/{id}']).toEqual(['multipart/form-data']);
    expect(bodies['PATCH /api/events/{eventId}/submissions/video/{uploadId}']).toEqual([
      'application/offset+octet-stream',
    ]);
  });

  it('describes the 414 of an over-long path parameter, which Fastify answers before any handler', async () => {
    // ApiClient checks the answer against the document.
    const res = await new ApiClient(api.url).get(`/api/events/public/${'a'.repeat(300)}`);
    expect(res.status).toBe(414);
    expect(res.body).toMatchObject({ statusCode: 414, message: expect.any(String) });
  });

  it('refuses answers it does not describe, and accepts those it does', async () => {
    const settings = await fetch(`${api.url}/api/settings`);
    const body: unknown = await settings.json();
    const json = settings.headers.get('content-type');
    expect(contract.problems('GET', '/api/settings', 200, json, body)).toEqual([]);
    // A renamed field, a missing one, a status the operation does not list, and an error body of another shape.
    expect(contract.problems('GET', '/api/settings', 200, json, { setting: {} })).not.toEqual([]);
    expect(contract.problems('GET', '/api/settings', 200, json, { settings: { theme: 'wedding' } })).not.toEqual([]);
    expect(contract.problems('GET', '/api/settings', 418, json, body)).toEqual([
      'GET /api/settings answered 418, which its OpenAPI operation does not list',
    ]);
    expect(contract.problems('GET', '/api/events/public/x', 404, json, { error: 'Not found' })).not.toEqual([]);
    // Nullable references accept null and still check a value.
    const memory = { id: 'm', eventId: 'e', type: 'message', content: 'hi', title: null, author: 'A' };
    const rest = {
      photoCaption: null,
      featured: false,
      language: 'en',
      createdAt: 'now',
      media: null,
      publicAt: null,
      hearts: 0,
    };
    expect(
      contract.problems('PATCH', '/api/memories/1', 200, json, {
        success: true,
        memory: { ...memory, ...rest, approved: true, flagged: false, processingState: 'ready', moderation: null },
      }),
    ).toEqual([]);
    expect(
      contract.problems('PATCH', '/api/memories/1', 200, json, {
        success: true,
        memory: { ...memory, ...rest, approved: true, flagged: false, processingState: 'ready', moderation: {} },
      }),
    ).not.toEqual([]);
  });
});
