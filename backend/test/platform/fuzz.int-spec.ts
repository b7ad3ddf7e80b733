import fc from 'fast-check';
import { createAccount, TestAccount } from '@memory-wall/testkit/accounts';
import { createEvent } from '@memory-wall/testkit/factories';
import { FakeStripe } from '@memory-wall/testkit/fake-stripe';
import { ApiClient } from '@memory-wall/testkit/http';
import { RunningProcess, startApi } from '@memory-wall/testkit/processes';
import { createTestEnvironment, TestEnvironment } from '@memory-wall/testkit/test-environment';

/** Methods whose requests carry no body (fetch refuses one for GET and HEAD). */
const BODILESS = ['GET', 'HEAD', 'DELETE'];
interface Operation {
  method: string;
  path: string;
  bodyProperties: string[];
}

const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 30);

/** Path ids: real ones, malformed ones and boundary strings. */
const pathValue = (realIds: string[]) =>
  fc.oneof(
    fc.constantFrom(...realIds),
    fc.uuid(),
    fc.constantFrom(
      '',
      ' ',
      '0',
      '-1',
      'null',
      '..',
      '%00',
      'a'.repeat(300),
      "'; DROP TABLE users;--",
      '😀',
      '%2e%2e%2f',
    ),
    fc.string({ maxLength: 40 }),
  );

/** Values for a body field: every JSON type, boundaries, and oversized strings. */
const fieldValue = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.constantFrom(
    '',
    ' ',
    'a'.repeat(10_000),
    '2020-01-01',
    '2099-12-31T23:59:59Z',
    '#D6E6F6',
    'true',
    '0',
    'null',
    'live',
    'owner',
  ),
  fc.integer(),
  fc.constantFrom(0, -1, 1, 2, 3, 4, 6, 2 ** 31, -(2 ** 53), Number.MAX_SAFE_INTEGER),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
);

const bodyFor = (op: Operation) =>
  fc.oneof(
    fc.constant(undefined),
    fc.jsonValue({ maxDepth: 3 }),
    op.bodyProperties.length
      ? fc.record(Object.fromEntries(op.bodyProperties.map((p) => [p, fieldValue])), { requiredKeys: [] })
      : fc.constant({}),
  );

const queryFor = fc.dictionary(
  fc.constantFrom('order', 'approved', 'flagged', 'limit', 'serviceProviderId', 'eventId', 'x'),
  fc.oneof(fc.string({ maxLength: 10 }), fc.constantFrom('true', 'false', 'newest', 'random', '-1', '99999999999')),
  { maxKeys: 3 },
);

/** Fuzzing every route of the OpenAPI document: no input may make the API answer 5xx. */
describe('fuzzing every route of the OpenAPI document', () => {
  let t: TestEnvironment;
  let api: RunningProcess;
  let owner: TestAccount;
  let operations: Operation[];
  let realIds: string[];
  let stripe: FakeStripe;

  beforeAll(async () => {
    t = await createTestEnvironment();
    // Every part configured (payments through the local fake Stripe), so every route does its real work.
    stripe = await FakeStripe.start();
    api = await startApi({ ...t.env, ...stripe.env, SUBMISSIONS_PER_MINUTE: '100000' });
    owner = await createAccount(t.dataSource, 'owner');
    const provider = await createAccount(t.dataSource, 'service_provider');
    const event = await createEvent(t.dataSource, { serviceProviderId: provider.provider!.id });
    realIds = [event.id, provider.user.id, provider.provider!.id, owner.user.id, event.eventCode!, event.slug];

    const document = (await (await fetch(`${api.url}/api/docs-json`)).json()) as {
      paths: Record<string, Record<string, any>>;
      components?: { schemas?: Record<string, any> };
    };
    const schemas = document.components?.schemas ?? {};
    operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, spec]) => {
        const ref: string | undefined = spec.requestBody?.content?.['application/json']?.schema?.$ref;
        const schema = ref ? schemas[ref.split('/').pop()!] : undefined;
        return { method: method.toUpperCase(), path, bodyProperties: Object.keys(schema?.properties ?? {}) };
      }),
    );
  });

  afterAll(async () => {
    await api?.stop();
    await stripe?.stop();
    await t?.cleanup();
  });

  it('finds the routes to fuzz', () => {
    expect(operations.length).toBeGreaterThan(30);
  });

  it.each([
    ['anonymously', false],
    ['as the owner', true],
  ])('answers a NUL character in any path parameter, and JSON nested 10,000 deep, with 4xx %s', async (_, signedIn) => {
    const client = new ApiClient(api.url);
    if (signedIn) await client.login(owner.username, owner.password);
    const deep = `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`;
    const answers: string[] = [];
    for (const op of operations) {
      const params = op.path.match(/\{[^}]+\}/g) ?? [];
      if (params.length) {
        const path = params.reduce((p, param) => p.replace(param, 'a%00b'), op.path);
        answers.push(`${op.method} ${path} → ${(await client.request(op.method, path)).status}`);
      }
      if (!BODILESS.includes(op.method)) {
        const path = params.reduce((p, param, i) => p.replace(param, realIds[i % realIds.length]), op.path);
        const res = await client.request(op.method, path, undefined, { 'content-type': 'application/json' }, deep);
        answers.push(`${op.method} ${path} (deep JSON) → ${res.status}`);
      }
    }
    expect(answers.length).toBeGreaterThan(30);
    expect(answers.filter((a) => !/→ 4\d\d$/.test(a))).toEqual([]);
  });

  it.each([
    ['anonymously', false],
    ['as the owner', true],
  ])('answers every random request %s below 500', async (_, signedIn) => {
    const failures: string[] = [];
    let requests = 0;
    for (const op of operations) {
      const client = new ApiClient(api.url);
      if (signedIn) await client.login(owner.username, owner.password);
      const params = op.path.match(/\{[^}]+\}/g) ?? [];
      await fc.assert(
        fc.asyncProperty(
          fc.tuple(...params.map(() => pathValue(realIds))),
          queryFor,
          bodyFor(op),
          async (values, query, body) => {
            let path = op.path;
            params.forEach((param, i) => (path = path.replace(param, encodeURIComponent(String(values[i])))));
            const search = new URLSearchParams(query).toString();
            const res = await client.request(
              op.method,
              `${path}${search ? `?${search}` : ''}`,
              BODILESS.includes(op.method) ? undefined : body,
            );
            requests++;
            if (res.status >= 500)
              failures.push(
                `${op.method} ${path}?${search} ${JSON.stringify(body)?.slice(0, 200)} → ${res.status} ${res.text.slice(0, 200)}`,
              );
            return true;
          },
        ),
        { numRuns: RUNS_PER_ROUTE, seed: 20261121 },
      );
    }
    expect(requests).toBeGreaterThan(operations.length * RUNS_PER_ROUTE * 0.9);
    expect(failures).toEqual([]);
  });
});
