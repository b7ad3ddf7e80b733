import { Role } from '@memory-wall/contracts';
import { Memory } from '@memory-wall/core';
import { createAccount, makeEventAdmin, TestAccount } from '@memory-wall/testkit/accounts';
import { createEvent } from '@memory-wall/testkit/factories';
import { ApiClient } from '@memory-wall/testkit/http';
import { RunningProcess, startApi } from '@memory-wall/testkit/processes';
import { createTestEnvironment, TestEnvironment } from '@memory-wall/testkit/test-environment';

interface World {
  eventA: string;
  memoryA: string;
  customerA: TestAccount;
  providerA: TestAccount;
  providerB: TestAccount;
  customerB: TestAccount;
}

/** A write to an object: who tries it without the right to, and a body the route accepts and one it refuses. */
interface Row {
  actor: (w: World) => TestAccount;
  path: (w: World) => string;
  valid: unknown;
  invalid: unknown;
}

/**
 * Every route of the running app that writes to an object named in its path and takes a JSON body, and
 * a stranger to that object. The list comes from the app's OpenAPI document: a new such route without a
 * row fails this test.
 */
const ROWS: Record<string, Row> = {
  'PATCH /api/events/{id}': {
    actor: (w) => w.providerB,
    path: (w) => `/api/events/${w.eventA}`,
    valid: { wallTitle: 'Taken over' },
    invalid: { wallTitle: 'Taken over', numberOfImagesDisplay: 'many', unknownField: true },
  },
  'PATCH /api/events/{id}/screens': {
    actor: (w) => w.providerB,
    path: (w) => `/api/events/${w.eventA}/screens`,
    valid: { held: true },
    invalid: { held: 'yes', delaySeconds: 9999 },
  },
  'POST /api/events/{eventId}/memories/bulk': {
    actor: (w) => w.customerB,
    path: (w) => `/api/events/${w.eventA}/memories/bulk`,
    valid: { action: 'reject', memoryIds: ['00000000-0000-4000-8000-000000000001'] },
    invalid: { action: 'burn', memoryIds: 'all' },
  },
  'PUT /api/events/{eventId}/keywords': {
    actor: (w) => w.providerB,
    path: (w) => `/api/events/${w.eventA}/keywords`,
    valid: { keywords: ['taken over'] },
    invalid: { keywords: 'not a list' },
  },
  'POST /api/events/{id}/customer': {
    actor: (w) => w.providerB,
    path: (w) => `/api/events/${w.eventA}/customer`,
    valid: { customerName: 'Intruder', customerEmail: 'intruder@example.test', customerUsername: 'intruder_cust' },
    invalid: { customerName: '', customerEmail: 'not an email' },
  },
  'PATCH /api/events/{id}/customer/{userId}': {
    actor: (w) => w.providerB,
    path: (w) => `/api/events/${w.eventA}/customer/${w.customerA.user.id}`,
    valid: { canEditDetails: true },
    invalid: { canEditDetails: 'yes' },
  },
  'PATCH /api/memories/{id}': {
    actor: (w) => w.customerB,
    path: (w) => `/api/memories/${w.memoryA}`,
    valid: { flagged: true },
    invalid: { flagged: 'yes', approved: 3 },
  },
  'PATCH /api/users/{id}/profile': {
    actor: (w) => w.customerB,
    path: (w) => `/api/users/${w.customerA.user.id}/profile`,
    valid: { profileData: { fullName: 'Renamed' } },
    invalid: { email: 'not an email', role: 'owner' },
  },
  'PATCH /api/users/{customerId}/reset-password': {
    actor: (w) => w.providerB,
    path: (w) => `/api/users/${w.customerA.user.id}/reset-password`,
    valid: { password: '864200' },
    invalid: { password: 'abc' },
  },
  'POST /api/admin/service-providers/{id}/reset-password': {
    actor: (w) => w.providerB,
    path: (w) => `/api/admin/service-providers/${w.providerA.provider!.id}/reset-password`,
    valid: { newPassword: 'takenover1' },
    invalid: {},
  },
  'PATCH /api/admin/service-providers/{id}/verification': {
    actor: (w) => w.providerA,
    path: (w) => `/api/admin/service-providers/${w.providerA.provider!.id}/verification`,
    valid: { verified: true },
    invalid: { verified: 'yes' },
  },
  'PATCH /api/admin/service-providers/{id}/retention': {
    actor: (w) => w.providerA,
    path: (w) => `/api/admin/service-providers/${w.providerA.provider!.id}/retention`,
    valid: { retentionDays: 30 },
    invalid: { retentionDays: 3 },
  },
};

/**
 * Guests may write to any live event's wall, and ask after the submissions they name: there is no object
 * they could not own.
 */
const OPEN_TO_EVERYONE = [
  'POST /api/events/{eventId}/submissions/message',
  'POST /api/events/{eventId}/submissions/drawing',
  'POST /api/events/{eventId}/my-memories',
  // Any guest may heart any memory on a public wall (a device id in the body, limited per address).
  'POST /api/events/{eventId}/memories/{memoryId}/hearts',
];

describe('authorization is decided before the body is validated', () => {
  let t: TestEnvironment;
  let api: RunningProcess;
  let world: World;

  beforeAll(async () => {
    t = await createTestEnvironment();
    api = await startApi(t.env);
    const [providerA, providerB, customerA, customerB] = await Promise.all([
      createAccount(t.dataSource, Role.ServiceProvider),
      createAccount(t.dataSource, Role.ServiceProvider),
      createAccount(t.dataSource, Role.Customer),
      createAccount(t.dataSource, Role.Customer),
    ]);
    const eventA = await createEvent(t.dataSource, { serviceProviderId: providerA.provider!.id });
    const eventB = await createEvent(t.dataSource, { serviceProviderId: providerB.provider!.id });
    await makeEventAdmin(t.dataSource, customerA.user.id, eventA.id);
    await makeEventAdmin(t.dataSource, customerB.user.id, eventB.id);
    const memory = await t.dataSource
      .getRepository(Memory)
      .save({ eventId: eventA.id, author: 'Guest', content: 'Hello', approved: true, processingState: 'ready' });
    world = { eventA: eventA.id, memoryA: memory.id, customerA, providerA, providerB, customerB };
  });

  afterAll(async () => {
    await api?.stop();
    await t?.cleanup();
  });

  it('has a row for every route that writes to an object of its path with a JSON body', async () => {
    const document = (await (await fetch(`${api.url}/api/docs-json`)).json()) as {
      paths: Record<string, Record<string, any>>;
    };
    const routes = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([, spec]) => path.includes('{') && spec.requestBody?.content?.['application/json'])
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(routes.filter((route) => !(route in ROWS) && !OPEN_TO_EVERYONE.includes(route))).toEqual([]);
    expect(Object.keys(ROWS).filter((route) => !routes.includes(route))).toEqual([]);
  });

  it.each(Object.entries(ROWS))('%s answers a stranger the same 403/404 whatever the body', async (route, row) => {
    const client = new ApiClient(api.url);
    const actor = row.actor(world);
    await client.login(actor.username, actor.password);
    const method = route.split(' ')[0];
    const refused = await client.request(method, row.path(world), row.invalid);
    const valid = await client.request(method, row.path(world), row.valid);
    expect([403, 404]).toContain(valid.status);
    expect({ status: refused.status, message: refused.body?.message }).toEqual({
      status: valid.status,
      message: valid.body?.message,
    });
  });

  it("still answers the object's own hosts with the schema's complaint", async () => {
    const client = new ApiClient(api.url);
    await client.login(world.providerA.username, world.providerA.password);
    const res = await client.patch(`/api/events/${world.eventA}`, ROWS['PATCH /api/events/{id}'].invalid);
    expect(res.status).toBe(400);
    expect(res.body.fields).toHaveProperty('unknownField');
  });
});
