import { Role } from '@memory-wall/contracts';
import { createAccount, makeEventAdmin, TestAccount } from '../support/accounts';
import { createEvent } from '../support/factories';
import { ApiClient } from '../support/http';
import { multipart, pngOf } from '../support/images';
import { RunningProcess, startApi } from '../support/processes';
import { createTestEnvironment, TestEnvironment } from '../support/test-environment';

/**
 * Every route of the running app, and who may call it. The route list comes from the app's own OpenAPI
 * document, so a new route without a row here fails this test.
 *
 * The world of each row: provider A owns live event A, whose event admin is customer A; provider B and
 * customer B are the same for event B. "own" actors relate to the row's target, "other" actors do not.
 */
const ACTORS = ['anonymous', 'guest', 'customerOwn', 'customerOther', 'providerOwn', 'providerOther', 'owner'] as const;
type Actor = (typeof ACTORS)[number];
type Outcome = 'allow' | 'deny';

interface World {
  eventA: string;
  image: Buffer;
  publicImageUrl: string;
  eventACode: string;
  eventASlug: string;
  /** A fresh draft of provider A (for rows that consume their target). */
  newDraftA: () => Promise<string>;
  eventB: string;
  customerA: TestAccount;
  providerA: TestAccount;
  accounts: Record<Exclude<Actor, 'anonymous'>, TestAccount>;
}

interface Row {
  route: string;
  path: (w: World) => string | Promise<string>;
  body?: (w: World, actor: Actor) => unknown;
  expect: Record<Actor, Outcome>;
  /** Further checks on an allowed answer. */
  verify?: (w: World, actor: Actor, body: any) => void;
}

const everyone = (): Record<Actor, Outcome> => Object.fromEntries(ACTORS.map((a) => [a, 'allow'])) as Record<Actor, Outcome>;
const only = (...allowed: Actor[]): Record<Actor, Outcome> =>
  Object.fromEntries(ACTORS.map((a) => [a, allowed.includes(a) ? 'allow' : 'deny'])) as Record<Actor, Outcome>;
const signedIn = only('guest', 'customerOwn', 'customerOther', 'providerOwn', 'providerOther', 'owner');
let unique = 0;
const uniqueName = () => `matrix_${Date.now().toString(36)}_${++unique}`;
const newPasswordFor: Record<Role, string> = { owner: 'ownerpass2', service_provider: 'providerpass2', customer: '975310', guest: 'guestpass2' };

const ROWS: Row[] = [
  { route: 'GET /api/health', path: () => '/api/health', expect: everyone() },
  { route: 'GET /api/settings', path: () => '/api/settings', expect: everyone() },
  {
    route: 'GET /api/events',
    path: () => '/api/events',
    expect: only('customerOwn', 'customerOther', 'providerOwn', 'providerOther', 'owner'),
    verify: (w, actor, body) => {
      const ids = body.events.map((e: { id: string }) => e.id);
      expect(ids.includes(w.eventA)).toBe(['customerOwn', 'providerOwn', 'owner'].includes(actor));
    },
  },
  { route: 'GET /api/events/public/{id}', path: (w) => `/api/events/public/${w.eventA}`, expect: everyone() },
  {
    route: 'POST /api/events/{eventId}/submissions/message',
    path: (w) => `/api/events/${w.eventA}/submissions/message`,
    body: () => ({ name: 'Matrix', message: 'hello' }),
    expect: everyone(),
  },
  { route: 'GET /api/events/{eventId}/memories', path: (w) => `/api/events/${w.eventA}/memories`, expect: everyone() },
  {
    route: 'POST /api/events',
    path: () => '/api/events',
    body: () => ({ name: 'Matrix draft', eventType: 'general' }),
    expect: only('providerOwn', 'providerOther', 'owner'),
  },
  { route: 'GET /api/events/by-code/{eventCode}', path: (w) => `/api/events/by-code/${w.eventACode.toLowerCase()}`, expect: everyone() },
  { route: 'GET /api/events/by-slug/{eventSlug}', path: (w) => `/api/events/by-slug/${w.eventASlug}`, expect: everyone() },
  { route: 'GET /api/events/{id}', path: (w) => `/api/events/${w.eventA}`, expect: only('customerOwn', 'providerOwn', 'owner') },
  {
    route: 'PATCH /api/events/{id}',
    path: (w) => `/api/events/${w.eventA}`,
    body: () => ({ wallTitle: 'Matrix title' }),
    expect: only('customerOwn', 'providerOwn', 'owner'),
  },
  { route: 'DELETE /api/events/{id}', path: (w) => w.newDraftA().then((id) => `/api/events/${id}`), expect: only('providerOwn', 'owner') },
  { route: 'GET /api/events/{id}/customer', path: (w) => `/api/events/${w.eventA}/customer`, expect: only('providerOwn', 'owner') },
  {
    route: 'POST /api/events/{id}/customer',
    path: (w) => `/api/events/${w.eventA}/customer`,
    body: () => {
      const username = uniqueName();
      return { customerName: 'Matrix Customer', customerEmail: `${username}@example.test`, customerUsername: username };
    },
    expect: only('providerOwn', 'owner'),
  },
  {
    route: 'POST /api/upload/featured-image/{id}',
    path: (w) => `/api/upload/featured-image/${w.eventA}`,
    body: (w) => multipart('image', w.image),
    expect: only('customerOwn', 'providerOwn', 'owner'),
  },
  { route: 'GET /api/media/public/{path}', path: (w) => w.publicImageUrl, expect: everyone() },
  {
    route: 'POST /api/auth/register',
    path: () => '/api/auth/register',
    body: () => {
      const username = uniqueName();
      return { username, email: `${username}@example.test`, password: 'secret1', passwordConfirm: 'secret1' };
    },
    expect: everyone(),
  },
  {
    route: 'POST /api/auth/login',
    path: () => '/api/auth/login',
    body: (w) => ({ emailOrUsername: w.accounts.guest.username, password: w.accounts.guest.password }),
    expect: everyone(),
  },
  { route: 'POST /api/auth/logout', path: () => '/api/auth/logout', expect: everyone() },
  { route: 'GET /api/auth/me', path: () => '/api/auth/me', expect: signedIn },
  {
    route: 'POST /api/auth/change-password',
    path: () => '/api/auth/change-password',
    body: (w, actor) => {
      const account = actor === 'anonymous' ? w.accounts.guest : w.accounts[actor];
      const next = newPasswordFor[account.user.role];
      return { currentPassword: account.password, newPassword: next, confirmPassword: next };
    },
    expect: signedIn,
  },
  {
    route: 'PATCH /api/users/{id}/profile',
    path: (w) => `/api/users/${w.customerA.user.id}/profile`,
    body: () => ({ profileData: { fullName: 'Changed' } }),
    expect: only('customerOwn', 'owner'),
  },
  {
    route: 'PATCH /api/users/{customerId}/reset-password',
    path: (w) => `/api/users/${w.customerA.user.id}/reset-password`,
    body: () => ({ password: '864200' }),
    expect: only('providerOwn', 'owner'),
  },
  {
    route: 'POST /api/admin/service-providers/{id}/reset-password',
    path: (w) => `/api/admin/service-providers/${w.providerA.provider!.id}/reset-password`,
    body: () => ({ newPassword: 'resetbyowner1' }),
    expect: only('owner'),
  },
];

describe('authorization matrix', () => {
  let t: TestEnvironment;
  let api: RunningProcess;

  beforeAll(async () => {
    t = await createTestEnvironment();
    api = await startApi(t.env);
  });

  afterAll(async () => {
    await api?.stop();
    await t?.cleanup();
  });

  it('has a row for every route of the running app', async () => {
    const document = await (await fetch(`${api.url}/api/docs-json`)).json();
    const routes = Object.entries(document.paths as Record<string, Record<string, unknown>>).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(routes.length).toBeGreaterThan(10);
    expect(routes.filter((r) => !ROWS.some((row) => row.route === r))).toEqual([]);
    expect(ROWS.map((r) => r.route).filter((r) => !routes.includes(r))).toEqual([]);
  });

  let image: Buffer;
  let publicImageUrl: string;
  beforeAll(async () => {
    image = await pngOf(64, 48);
    const owner = await createAccount(t.dataSource, Role.Owner);
    const event = await createEvent(t.dataSource);
    const client = new ApiClient(api.url);
    await client.login(owner.username, owner.password);
    publicImageUrl = (await client.post(`/api/upload/featured-image/${event.id}`, multipart('image', image))).body.imageUrl;
  });

  /** A fresh world per row: rows change passwords and end sessions. */
  async function makeWorld(): Promise<World> {
    const [providerA, providerB] = await Promise.all([createAccount(t.dataSource, Role.ServiceProvider), createAccount(t.dataSource, Role.ServiceProvider)]);
    const [customerA, customerB, guest, owner] = await Promise.all([
      createAccount(t.dataSource, Role.Customer),
      createAccount(t.dataSource, Role.Customer),
      createAccount(t.dataSource, Role.Guest),
      createAccount(t.dataSource, Role.Owner),
    ]);
    const eventA = await createEvent(t.dataSource, { serviceProviderId: providerA.provider!.id, eventCode: Math.random().toString(36).slice(2, 8).toUpperCase() });
    const eventB = await createEvent(t.dataSource, { serviceProviderId: providerB.provider!.id });
    await makeEventAdmin(t.dataSource, customerA.user.id, eventA.id);
    await makeEventAdmin(t.dataSource, customerB.user.id, eventB.id);
    return {
      eventA: eventA.id,
      image,
      publicImageUrl,
      eventACode: eventA.eventCode!,
      eventASlug: eventA.slug,
      newDraftA: async () => (await createEvent(t.dataSource, { serviceProviderId: providerA.provider!.id, status: 'draft', isPublished: false })).id,
      eventB: eventB.id,
      customerA,
      providerA,
      accounts: { guest, customerOwn: customerA, customerOther: customerB, providerOwn: providerA, providerOther: providerB, owner },
    };
  }

  it.each(ROWS.map((row) => [row.route, row] as const))('%s', async (_, row) => {
    const world = await makeWorld();
    const seen: Record<string, number> = {};
    for (const actor of ACTORS) {
      const client = new ApiClient(api.url);
      if (actor !== 'anonymous') await client.login(world.accounts[actor].username, world.accounts[actor].password);
      const [method] = row.route.split(' ');
      const res = await client.request(method, await row.path(world), row.body?.(world, actor));
      seen[actor] = res.status;
      if (row.expect[actor] === 'allow' && res.status < 400) row.verify?.(world, actor, res.body);
    }
    const outcomes = Object.fromEntries(
      Object.entries(seen).map(([actor, status]) => [actor, status < 400 ? 'allow' : [401, 403, 404].includes(status) ? 'deny' : `status ${status}`]),
    );
    expect(outcomes).toEqual(row.expect);
  });
});
