import { resolve } from 'node:path';
import {
  JobName,
  KeepsakeKind,
  KeepsakeStatus,
  LiveFeed,
  LiveJoined,
  LiveMessage,
  LiveMessageType,
  memoryIdOf,
  ModerationType,
  QueueName,
  Role,
  SUBMISSION_ID_HEADER,
} from '@memory-wall/contracts';
import { createAccount, makeEventAdmin, TestAccount } from '@memory-wall/testkit/accounts';
import { randomBytes, randomUUID } from 'node:crypto';
import {
  Event,
  Keepsake,
  keepsakeKey,
  LocalDiskStorage,
  Memory,
  PasswordReset,
  passwordResetTokenHash,
} from '@memory-wall/core';
import { createEvent, postMessage } from '@memory-wall/testkit/factories';
import { signedWebhook, succeeded, webhookSignature } from '@memory-wall/testkit/fake-stripe';
import { ApiClient } from '@memory-wall/testkit/http';
import { multipart, pngOf } from '@memory-wall/testkit/images';
import { testVoice } from '@memory-wall/testkit/videos';
import { connectLive, LiveClient } from '@memory-wall/testkit/live-client';
import { RunningProcess, startWorkers } from '@memory-wall/testkit/processes';
import { QueueJobs } from '@memory-wall/testkit/queue-jobs';
import { useApiWithFakeStripe } from '@memory-wall/testkit/stripe-api';
import type { TestEnvironment } from '@memory-wall/testkit/test-environment';
import { waitFor } from '@memory-wall/testkit/wait';

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
  apiUrl: string;
  eventA: string;
  image: Buffer;
  /** A short recording as Chrome makes it. */
  voice: Buffer;
  publicImageUrl: string;
  eventACode: string;
  eventASlug: string;
  /** A fresh draft of provider A (for rows that consume their target). */
  newDraftA: () => Promise<string>;
  /** A fresh memory of event A, approved or pending. */
  newMemoryA: (approved: boolean, fields?: Partial<Memory>) => Promise<string>;
  /** A job of the media queue that failed for good (for rows that retry or remove it). */
  newFailedJob: () => Promise<string>;
  /** A fresh live event of provider A (customer A its admin) with an approved memory: keepsakes to ask for. */
  newKeptA: () => Promise<string>;
  /** A ready keepsake of event A (its file in storage): its id. */
  keepsakeA: () => Promise<string>;
  /** A download link of that keepsake, made by provider A. */
  keepsakeLinkA: () => Promise<string>;
  eventB: string;
  customerA: TestAccount;
  providerA: TestAccount;
  accounts: Record<Exclude<Actor, 'anonymous'>, TestAccount>;
  /** Per actor, an open password reset of an account of its own (a reset closes its account's other resets). */
  resetTokens: Record<Actor, string>;
}

interface Row {
  route: string;
  path: (w: World) => string | Promise<string>;
  body?: (w: World, actor: Actor) => unknown;
  /** Headers made for the body (the Stripe webhook's signature). */
  headers?: (w: World, actor: Actor, body: unknown) => Record<string, string>;
  expect: Record<Actor, Outcome>;
  /** Further checks on an allowed answer. */
  verify?: (w: World, actor: Actor, body: any) => void;
}

const everyone = (): Record<Actor, Outcome> =>
  Object.fromEntries(ACTORS.map((a) => [a, 'allow'])) as Record<Actor, Outcome>;
const only = (...allowed: Actor[]): Record<Actor, Outcome> =>
  Object.fromEntries(ACTORS.map((a) => [a, allowed.includes(a) ? 'allow' : 'deny'])) as Record<Actor, Outcome>;
const signedIn = only('guest', 'customerOwn', 'customerOther', 'providerOwn', 'providerOther', 'owner');
let unique = 0;
const uniqueName = () => `matrix_${Date.now().toString(36)}_${++unique}`;
const newPasswordFor: Record<Role, string> = {
  owner: 'ownerpass2',
  service_provider: 'providerpass2',
  customer: '975310',
  guest: 'guestpass2',
};

/** The headers of a tus creation: a clip of 1000 bytes from 'Matrix'. */
const TUS_CREATE = {
  'tus-resumable': '1.0.0',
  'upload-length': '1000',
  'upload-metadata': `name ${Buffer.from('Matrix').toString('base64')}`,
};

/** A guest's message to event A, named by a submission id only its sender knows. */
async function newOwnSubmission(w: World) {
  const submissionId = randomUUID();
  const posted = await new ApiClient(w.apiUrl).post(
    `/api/events/${w.eventA}/submissions/message`,
    { name: 'Matrix', message: 'mine' },
    { [SUBMISSION_ID_HEADER]: submissionId },
  );
  if (posted.status !== 201) throw new Error(`no submission: ${posted.status} ${posted.text}`);
  return { submissionId, memoryId: posted.body.memory.id as string };
}
let ownSubmission: { submissionId: string; memoryId: string };

/** A new video upload of event A (any caller may start one), its address. */
async function newVideoUpload(w: World): Promise<string> {
  const created = await new ApiClient(w.apiUrl).request(
    'POST',
    `/api/events/${w.eventA}/submissions/video`,
    undefined,
    TUS_CREATE,
  );
  if (created.status !== 201) throw new Error(`no upload: ${created.status} ${created.text}`);
  return created.headers.get('location')!;
}

const ROWS: Row[] = [
  { route: 'GET /api/health', path: () => '/api/health', expect: everyone() },
  { route: 'GET /api/health/live', path: () => '/api/health/live', expect: everyone() },
  { route: 'GET /api/health/ready', path: () => '/api/health/ready', expect: everyone() },
  { route: 'GET /api/settings', path: () => '/api/settings', expect: everyone() },
  {
    route: 'GET /api/settings/moderation',
    path: () => '/api/settings/moderation',
    expect: only('customerOwn', 'customerOther', 'providerOwn', 'providerOther', 'owner'),
  },
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
    route: 'POST /api/events/{eventId}/my-memories',
    path: (w) => `/api/events/${w.eventA}/my-memories`,
    body: () => ({ submissionIds: [randomUUID()] }),
    expect: everyone(),
  },
  {
    // Not a role but a secret: whoever holds the submission id a memory was sent with (here each actor its own
    // memory); anyone else is refused, with that memory's id or another's submission id (my-memories.int-spec).
    route: 'DELETE /api/events/{eventId}/my-memories/{memoryId}',
    path: async (w) => {
      ownSubmission = await newOwnSubmission(w);
      return `/api/events/${w.eventA}/my-memories/${ownSubmission.memoryId}`;
    },
    headers: () => ({ [SUBMISSION_ID_HEADER]: ownSubmission.submissionId }),
    expect: everyone(),
  },
  {
    route: 'POST /api/events/{eventId}/memories/{memoryId}/hearts',
    path: async (w) => `/api/events/${w.eventA}/memories/${await w.newMemoryA(true)}/hearts`,
    body: () => ({ deviceId: randomUUID() }),
    expect: everyone(),
  },
  {
    route: 'POST /api/events/{eventId}/submissions/photo',
    path: (w) => `/api/events/${w.eventA}/submissions/photo`,
    body: (w) => multipart('photo', w.image, 'photo.png', { name: 'Matrix' }),
    expect: everyone(),
  },
  {
    route: 'POST /api/events/{eventId}/submissions/video',
    path: (w) => `/api/events/${w.eventA}/submissions/video`,
    headers: () => TUS_CREATE,
    expect: everyone(),
  },
  {
    route: 'HEAD /api/events/{eventId}/submissions/video/{uploadId}',
    path: (w) => newVideoUpload(w),
    headers: () => ({ 'tus-resumable': '1.0.0' }),
    expect: everyone(),
  },
  {
    route: 'PATCH /api/events/{eventId}/submissions/video/{uploadId}',
    path: (w) => newVideoUpload(w),
    // A first piece of the clip (not all of it: a whole clip would be probed, and these bytes are no video).
    body: () => 'first bytes',
    headers: () => ({
      'tus-resumable': '1.0.0',
      'upload-offset': '0',
      'content-type': 'application/offset+octet-stream',
    }),
    expect: everyone(),
  },
  {
    route: 'POST /api/events/{eventId}/submissions/voice',
    path: (w) => `/api/events/${w.eventA}/submissions/voice`,
    body: (w) => multipart('voice', w.voice, 'voice.webm', { name: 'Matrix' }),
    expect: everyone(),
  },
  {
    route: 'POST /api/events/{eventId}/submissions/drawing',
    path: (w) => `/api/events/${w.eventA}/submissions/drawing`,
    body: (w) => ({ name: 'Matrix', content: `data:image/png;base64,${w.image.toString('base64')}` }),
    expect: everyone(),
  },
  {
    route: 'GET /api/events/{eventId}/stats',
    path: (w) => `/api/events/${w.eventA}/stats`,
    expect: only('customerOwn', 'providerOwn', 'owner'),
  },
  {
    route: 'GET /api/events/{eventId}/submissions/pending',
    path: (w) => `/api/events/${w.eventA}/submissions/pending`,
    expect: only('customerOwn', 'providerOwn', 'owner'),
  },
  {
    route: 'POST /api/submissions/{id}/approve',
    path: async (w) => `/api/submissions/${await w.newMemoryA(false)}/approve`,
    expect: only('customerOwn', 'providerOwn', 'owner'),
  },
  {
    route: 'DELETE /api/submissions/{id}',
    path: async (w) => `/api/submissions/${await w.newMemoryA(false)}`,
    expect: only('customerOwn', 'providerOwn', 'owner'),
  },
  {
    route: 'PATCH /api/memories/{id}',
    path: async (w) => `/api/memories/${await w.newMemoryA(true)}`,
    body: () => ({ flagged: true }),
    expect: only('customerOwn', 'providerOwn', 'owner'),
  },
  {
    route: 'DELETE /api/memories/{id}',
    path: async (w) => `/api/memories/${await w.newMemoryA(true)}`,
    expect: only('customerOwn', 'providerOwn', 'owner'),
  },
  {
    route: 'POST /api/memories/{id}/feature',
    path: async (w) => `/api/memories/${await w.newMemoryA(true)}/feature`,
    expect: only('customerOwn', 'providerOwn', 'owner'),
  },
  {
    route: 'POST /api/submissions/{id}/pull-back',
    path: async (w) =>
      `/api/submissions/${await w.newMemoryA(true, { publicAt: new Date(Date.now() + 600_000) })}/pull-back`,
    expect: only('customerOwn', 'providerOwn', 'owner'),
  },
  {
    route: 'PATCH /api/events/{id}/screens',
    path: (w) => `/api/events/${w.eventA}/screens`,
    body: () => ({ delaySeconds: 0 }),
    expect: only('customerOwn', 'providerOwn', 'owner'),
  },
  {
    route: 'POST /api/events/{eventId}/memories/bulk',
    path: (w) => `/api/events/${w.eventA}/memories/bulk`,
    // An id of no memory: the event decides who may ask; the answer then lists it as not found.
    body: () => ({ action: 'approve', memoryIds: ['00000000-0000-4000-8000-000000000001'] }),
    expect: only('customerOwn', 'providerOwn', 'owner'),
  },
  {
    route: 'PUT /api/events/{eventId}/keywords',
    path: (w) => `/api/events/${w.eventA}/keywords`,
    body: () => ({ keywords: ['rival'] }),
    expect: only('customerOwn', 'providerOwn', 'owner'),
  },
  {
    route: 'POST /api/memories/{id}/flag',
    path: async (w) => `/api/memories/${await w.newMemoryA(true)}/flag`,
    expect: only('customerOwn', 'providerOwn', 'owner'),
  },
  {
    route: 'POST /api/events',
    path: () => '/api/events',
    body: () => ({ name: 'Matrix draft', eventType: 'general' }),
    expect: only('providerOwn', 'providerOther', 'owner'),
  },
  {
    route: 'GET /api/events/by-code/{eventCode}',
    path: (w) => `/api/events/by-code/${w.eventACode.toLowerCase()}`,
    expect: everyone(),
  },
  {
    route: 'GET /api/events/by-slug/{eventSlug}',
    path: (w) => `/api/events/by-slug/${w.eventASlug}`,
    expect: everyone(),
  },
  {
    route: 'GET /api/events/{id}',
    path: (w) => `/api/events/${w.eventA}`,
    expect: only('customerOwn', 'providerOwn', 'owner'),
  },
  {
    route: 'PATCH /api/events/{id}',
    path: (w) => `/api/events/${w.eventA}`,
    body: () => ({ wallTitle: 'Matrix title' }),
    expect: only('customerOwn', 'providerOwn', 'owner'),
  },
  {
    route: 'DELETE /api/events/{id}',
    path: (w) => w.newDraftA().then((id) => `/api/events/${id}`),
    expect: only('providerOwn', 'owner'),
  },
  {
    route: 'POST /api/events/{id}/duplicate',
    path: (w) => `/api/events/${w.eventA}/duplicate`,
    expect: only('providerOwn', 'owner'),
  },
  {
    route: 'GET /api/events/{id}/customer',
    path: (w) => `/api/events/${w.eventA}/customer`,
    expect: only('providerOwn', 'owner'),
  },
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
    route: 'PATCH /api/events/{id}/customer/{userId}',
    path: (w) => `/api/events/${w.eventA}/customer/${w.customerA.user.id}`,
    // What customer A may do already: the rows after this one rely on it.
    body: () => ({ canModerate: true, canEditTheme: true }),
    expect: only('providerOwn', 'owner'),
  },
  {
    route: 'GET /api/events/{id}/keepsakes',
    path: (w) => `/api/events/${w.eventA}/keepsakes`,
    expect: only('customerOwn', 'providerOwn', 'owner'),
  },
  {
    // A fresh event per actor: hosts may ask once per few minutes per event.
    route: 'POST /api/events/{id}/keepsakes',
    path: async (w) => `/api/events/${await w.newKeptA()}/keepsakes`,
    expect: only('customerOwn', 'providerOwn', 'owner'),
  },
  {
    route: 'POST /api/events/{id}/keepsakes/{keepsakeId}/link',
    path: async (w) => `/api/events/${w.eventA}/keepsakes/${await w.keepsakeA()}/link`,
    expect: only('customerOwn', 'providerOwn', 'owner'),
  },
  {
    // Even with a valid link: a guest or a stranger who got hold of one is refused.
    route: 'GET /api/events/{id}/keepsakes/{keepsakeId}/download',
    path: (w) => w.keepsakeLinkA(),
    expect: only('customerOwn', 'providerOwn', 'owner'),
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
    route: 'POST /api/auth/password-reset/request',
    path: () => '/api/auth/password-reset/request',
    body: (w) => ({ emailOrUsername: w.accounts.guest.username }),
    expect: everyone(),
  },
  {
    route: 'POST /api/auth/password-reset',
    path: () => '/api/auth/password-reset',
    body: (w, actor) => ({ token: w.resetTokens[actor], password: 'guestpass3', passwordConfirm: 'guestpass3' }),
    expect: everyone(),
  },
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
    route: 'PUT /api/users/me/language',
    path: () => '/api/users/me/language',
    body: () => ({ language: 'fr' }),
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
  { route: 'GET /api/credit-packs', path: () => '/api/credit-packs', expect: everyone() },
  {
    route: 'GET /api/service-provider/credits',
    path: () => '/api/service-provider/credits',
    expect: only('providerOwn', 'providerOther'),
  },
  {
    route: 'POST /api/create-payment-intent',
    path: () => '/api/create-payment-intent',
    body: () => ({ creditPackId: 'starter' }),
    expect: only('providerOwn', 'providerOther'),
  },
  {
    // Public: Stripe signs its deliveries; the signature, not a session, is the authentication.
    route: 'POST /api/stripe/webhook',
    path: () => '/api/stripe/webhook',
    body: (w) =>
      signedWebhook(
        succeeded({
          id: `pi_${uniqueName()}`,
          object: 'payment_intent',
          amount: 25000,
          amount_received: 0,
          currency: 'usd',
          client_secret: 'x',
          description: null,
          metadata: {
            serviceProviderId: w.providerA.provider!.id,
            userId: w.providerA.user.id,
            creditPackId: 'starter',
            credits: '5',
          },
          automatic_payment_methods: { enabled: true },
          status: 'requires_payment_method',
          created: 0,
          livemode: false,
        }),
      ).event,
    // ApiClient sends JSON.stringify(body): the same bytes are signed.
    headers: (_, __, body) => ({ 'stripe-signature': webhookSignature(JSON.stringify(body)) }),
    expect: everyone(),
  },
  { route: 'GET /api/admin/service-providers', path: () => '/api/admin/service-providers', expect: only('owner') },
  {
    route: 'GET /api/admin/service-providers/{id}',
    path: (w) => `/api/admin/service-providers/${w.providerA.provider!.id}`,
    expect: only('owner'),
  },
  {
    route: 'GET /api/admin/service-providers/{id}/events',
    path: (w) => `/api/admin/service-providers/${w.providerA.provider!.id}/events`,
    expect: only('owner'),
  },
  {
    route: 'PATCH /api/admin/service-providers/{id}/verification',
    path: (w) => `/api/admin/service-providers/${w.providerA.provider!.id}/verification`,
    body: () => ({ verified: true }),
    expect: only('owner'),
  },
  {
    route: 'PATCH /api/admin/service-providers/{id}/retention',
    path: (w) => `/api/admin/service-providers/${w.providerA.provider!.id}/retention`,
    body: () => ({ retentionDays: 30 }),
    expect: only('owner'),
  },
  { route: 'GET /api/admin/events', path: () => '/api/admin/events', expect: only('owner') },
  { route: 'GET /api/admin/credit-transactions', path: () => '/api/admin/credit-transactions', expect: only('owner') },
  { route: 'GET /api/admin/billing', path: () => '/api/admin/billing', expect: only('owner') },
  { route: 'GET /api/admin/mail', path: () => '/api/admin/mail', expect: only('owner') },
  {
    route: 'POST /api/admin/adjust-credits',
    path: () => '/api/admin/adjust-credits',
    body: (w) => ({ serviceProviderId: w.providerA.provider!.id, amount: 1, reason: 'Matrix' }),
    expect: only('owner'),
  },
  {
    route: 'POST /api/admin/service-providers/{id}/reset-password',
    path: (w) => `/api/admin/service-providers/${w.providerA.provider!.id}/reset-password`,
    body: () => ({ newPassword: 'resetbyowner1' }),
    expect: only('owner'),
  },
  { route: 'GET /api/admin/queues', path: () => '/api/admin/queues', expect: only('owner') },
  {
    route: 'POST /api/admin/queues/{queue}/jobs/{jobId}/retry',
    path: async (w) => `/api/admin/queues/${QueueName.Media}/jobs/${await w.newFailedJob()}/retry`,
    expect: only('owner'),
  },
  {
    route: 'DELETE /api/admin/queues/{queue}/jobs/{jobId}',
    path: async (w) => `/api/admin/queues/${QueueName.Media}/jobs/${await w.newFailedJob()}`,
    expect: only('owner'),
  },
];

/**
 * The live socket's feeds of event A (not in the OpenAPI document): every actor opens /ws?eventId=A with
 * its session, a guest submits a memory that waits for a host, and a host approves it. "allow" on the
 * hosts' feed: the socket joined the hosts' feed and was told of the pending memory (with its moderation
 * fields); "deny": it joined another feed and heard nothing of the memory until it was approved. "allow"
 * on the public feed: the socket was told of the approval.
 */
interface FeedRow {
  route: string;
  feed: LiveFeed;
  expect: Record<Actor, Outcome>;
}

const FEED_ROWS: FeedRow[] = [
  { route: 'WS /ws public feed of event A', feed: LiveFeed.Public, expect: everyone() },
  { route: "WS /ws hosts' feed of event A", feed: LiveFeed.Hosts, expect: only('customerOwn', 'providerOwn', 'owner') },
];

const about = (memoryId: string) => (m: LiveMessage) => memoryIdOf(m) === memoryId;

describe('authorization matrix', () => {
  const services = useApiWithFakeStripe();
  let t: TestEnvironment;
  let api: RunningProcess;
  let queueJobs: QueueJobs;
  beforeAll(() => {
    ({ t, api } = services);
    queueJobs = new QueueJobs(t.env);
  });
  afterAll(() => queueJobs.close());

  it('has a row for every route of the running app', async () => {
    const document = (await (await fetch(`${api.url}/api/docs-json`)).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const routes = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(routes.length).toBeGreaterThan(10);
    expect(routes.filter((r) => !ROWS.some((row) => row.route === r))).toEqual([]);
    expect(ROWS.map((r) => r.route).filter((r) => !routes.includes(r))).toEqual([]);
  });

  it('has a row for every live feed', () => {
    expect(Object.values(LiveFeed).filter((feed) => !FEED_ROWS.some((row) => row.feed === feed))).toEqual([]);
  });

  let image: Buffer;
  const voice = testVoice(1, 'webm');
  let publicImageUrl: string;
  let resetTokens: Record<Actor, string>;
  beforeAll(async () => {
    resetTokens = Object.fromEntries(ACTORS.map((actor) => [actor, randomBytes(16).toString('hex')])) as Record<
      Actor,
      string
    >;
    for (const actor of ACTORS)
      await t.dataSource.getRepository(PasswordReset).insert({
        id: randomUUID(),
        userId: (await createAccount(t.dataSource, Role.Guest)).user.id,
        tokenHash: passwordResetTokenHash(resetTokens[actor]),
        expiresAt: new Date(Date.now() + 3600_000),
      });
    image = await pngOf(64, 48);
    const owner = await createAccount(t.dataSource, Role.Owner);
    const event = await createEvent(t.dataSource);
    const client = new ApiClient(api.url);
    await client.login(owner.username, owner.password);
    publicImageUrl = (await client.post(`/api/upload/featured-image/${event.id}`, multipart('image', image))).body
      .imageUrl;
  });

  /** A ready ZIP keepsake of the event, its file in the API's storage (local disk, the default directory). */
  let keepsakeOfEvent: Record<string, string> = {};
  async function readyKeepsake(eventId: string): Promise<string> {
    if (keepsakeOfEvent[eventId]) return keepsakeOfEvent[eventId];
    const keepsake = await t.dataSource.getRepository(Keepsake).save({
      eventId,
      kind: KeepsakeKind.Archive,
      status: KeepsakeStatus.Ready,
      progress: 100,
      requestedAt: new Date(),
    });
    const key = keepsakeKey(keepsake);
    await new LocalDiskStorage(resolve(__dirname, '../../../storage')).put(
      key,
      Buffer.from('a keepsake'),
      'application/zip',
    );
    await t.dataSource.getRepository(Keepsake).update(keepsake.id, { objectKey: key, size: 10 });
    keepsakeOfEvent = { [eventId]: keepsake.id };
    return keepsake.id;
  }

  /** A fresh world per row: rows change passwords and end sessions. */
  async function makeWorld(): Promise<World> {
    const [providerA, providerB] = await Promise.all([
      createAccount(t.dataSource, Role.ServiceProvider),
      createAccount(t.dataSource, Role.ServiceProvider),
    ]);
    const [customerA, customerB, guest, owner] = await Promise.all([
      createAccount(t.dataSource, Role.Customer),
      createAccount(t.dataSource, Role.Customer),
      createAccount(t.dataSource, Role.Guest),
      createAccount(t.dataSource, Role.Owner),
    ]);
    const eventA = await createEvent(t.dataSource, {
      serviceProviderId: providerA.provider!.id,
      allowVideo: true,
      eventCode: Math.random().toString(36).slice(2, 8).toUpperCase(),
    });
    const eventB = await createEvent(t.dataSource, { serviceProviderId: providerB.provider!.id });
    await makeEventAdmin(t.dataSource, customerA.user.id, eventA.id);
    await makeEventAdmin(t.dataSource, customerB.user.id, eventB.id);
    return {
      apiUrl: api.url,
      resetTokens,
      eventA: eventA.id,
      image,
      voice,
      publicImageUrl,
      eventACode: eventA.eventCode!,
      eventASlug: eventA.slug,
      newMemoryA: async (approved, fields = {}) =>
        (
          await t.dataSource.getRepository(Memory).save({
            eventId: eventA.id,
            author: 'Guest',
            content: 'Hello',
            approved,
            processingState: 'ready',
            ...fields,
          })
        ).id,
      newKeptA: async () => {
        const kept = await createEvent(t.dataSource, { serviceProviderId: providerA.provider!.id });
        await makeEventAdmin(t.dataSource, customerA.user.id, kept.id);
        await t.dataSource
          .getRepository(Memory)
          .save({ eventId: kept.id, author: 'Guest', content: 'Hello', approved: true, processingState: 'ready' });
        return kept.id;
      },
      keepsakeA: () => readyKeepsake(eventA.id),
      keepsakeLinkA: async () => {
        const keepsakeId = await readyKeepsake(eventA.id);
        const host = new ApiClient(api.url);
        await host.login(providerA.username, providerA.password);
        return (await host.post(`/api/events/${eventA.id}/keepsakes/${keepsakeId}/link`)).body.url as string;
      },
      newDraftA: async () =>
        (
          await createEvent(t.dataSource, {
            serviceProviderId: providerA.provider!.id,
            status: 'draft',
            isPublished: false,
          })
        ).id,
      newFailedJob: async () => (await queueJobs.failed(JobName.RenderMedia, 'made to fail')).id,
      eventB: eventB.id,
      customerA,
      providerA,
      accounts: {
        guest,
        customerOwn: customerA,
        customerOther: customerB,
        providerOwn: providerA,
        providerOther: providerB,
        owner,
      },
    };
  }

  it.each(ROWS.map((row) => [row.route, row] as const))('%s', async (_, row) => {
    const world = await makeWorld();
    const seen: Record<string, number> = {};
    for (const actor of ACTORS) {
      const client = new ApiClient(api.url);
      if (actor !== 'anonymous') await client.login(world.accounts[actor].username, world.accounts[actor].password);
      const [method] = row.route.split(' ');
      const body = row.body?.(world, actor);
      const res = await client.request(method, await row.path(world), body, row.headers?.(world, actor, body));
      seen[actor] = res.status;
      if (row.expect[actor] === 'allow' && res.status < 400) row.verify?.(world, actor, res.body);
    }
    const outcomes = Object.fromEntries(
      Object.entries(seen).map(([actor, status]) => [
        actor,
        status < 400 ? 'allow' : [401, 403, 404].includes(status) ? 'deny' : `status ${status}`,
      ]),
    );
    expect(outcomes).toEqual(row.expect);
  });

  describe('live feeds', () => {
    let workers: RunningProcess;
    beforeAll(() => {
      workers = startWorkers(t.env);
    });
    afterAll(() => workers?.stop());

    it.each(FEED_ROWS.map((row) => [row.route, row] as const))('%s', async (_, row) => {
      const world = await makeWorld();
      await t.dataSource.getRepository(Event).update(world.eventA, { moderationType: ModerationType.ManualModeration });
      const wsUrl = `${api.url.replace('http', 'ws')}/ws?eventId=${world.eventA}`;
      const sockets = {} as Record<Actor, { client: LiveClient; joined: LiveJoined | null }>;
      for (const actor of ACTORS) {
        const session = actor === 'anonymous' ? undefined : await signedInCookie(world.accounts[actor]);
        const client = await connectLive(wsUrl, undefined, session);
        sockets[actor] = { client, joined: await client.joined(5_000).catch(() => null) };
      }
      try {
        const pending = (await postMessage(api.url, world.eventA, { name: 'Guest', message: 'For the hosts first' }))
          .body.memory.id as string;
        const host = new ApiClient(api.url);
        await host.login(world.providerA.username, world.providerA.password);
        await waitFor(
          async () =>
            (await t.dataSource.getRepository(Memory).findOneByOrFail({ id: pending })).processingState === 'ready',
          15_000,
          'the memory processed',
        );
        expect((await host.post(`/api/submissions/${pending}/approve`)).status).toBeLessThan(400);
        // One subscriber connection delivers both feeds in publishing order: a socket told of the approval
        // has been told everything published before it.
        // The wall is told memory_approved; the hosts, memory_updated with the memory now approved.
        const approved = (m: LiveMessage) =>
          about(pending)(m) &&
          (m.type === LiveMessageType.MemoryApproved ||
            (m.type === LiveMessageType.MemoryUpdated && 'approved' in m.memory && m.memory.approved === true));
        const joinedSockets = ACTORS.filter((a) => sockets[a].joined);
        await waitFor(
          () => joinedSockets.every((a) => sockets[a].client.messages.some(approved)),
          15_000,
          'the approval on every joined socket',
        ).catch(() => undefined);

        const outcomes = Object.fromEntries(
          ACTORS.map((actor) => {
            const { client, joined } = sockets[actor];
            const heard = client.messages.filter(about(pending));
            const beforeApproval = heard.slice(0, Math.max(heard.findIndex(approved), 0));
            if (row.feed === LiveFeed.Public) return [actor, heard.some(approved) ? 'allow' : 'deny'];
            const toldPending = beforeApproval.some(
              (m) => m.type === LiveMessageType.NewMemory && 'memory' in m && 'moderation' in m.memory,
            );
            if (joined?.feed === LiveFeed.Hosts && toldPending) return [actor, 'allow'];
            if (joined?.feed !== LiveFeed.Hosts && beforeApproval.length === 0) return [actor, 'deny'];
            return [actor, `joined ${joined?.feed ?? 'nothing'}, heard ${JSON.stringify(heard.map((m) => m.type))}`];
          }),
        );
        expect(outcomes).toEqual(row.expect);
      } finally {
        ACTORS.forEach((actor) => sockets[actor].client.close());
      }
    });

    async function signedInCookie(account: TestAccount) {
      const client = new ApiClient(api.url);
      await client.login(account.username, account.password);
      return client.cookie;
    }
  });
});
