import { Queue } from 'bullmq';
import { DOMAIN_EVENT_NAMES, DomainEventName, QueueName, Role } from '@memory-wall/contracts';
import { createAccount } from '@memory-wall/testkit/accounts';
import { createEvent } from '@memory-wall/testkit/factories';
import { FakeStripe, sendWebhook, succeeded } from '@memory-wall/testkit/fake-stripe';
import { ApiClient, signedIn } from '@memory-wall/testkit/http';
import { RunningProcess, startApi, startWorkers } from '@memory-wall/testkit/processes';
import { SmtpInbox } from '@memory-wall/testkit/smtp-inbox';
import { TcpProxy } from '@memory-wall/testkit/tcp-proxy';
import { createTestEnvironment, TEST_REDIS_URL, TestEnvironment } from '@memory-wall/testkit/test-environment';
import { waitFor } from '@memory-wall/testkit/wait';

interface Recorded {
  id: string;
  name: DomainEventName;
  payload: Record<string, unknown>;
  publishedAt: Date | null;
}

/**
 * Every module's domain events (auth, events, memories, credits, the owner's adjustments) are recorded with
 * their change, reach BullMQ through the one outbox relay, and are handled exactly once: also when the
 * workers' Redis was unreachable when the changes were made, and when every event is relayed again.
 */
describe('domain events', () => {
  let t: TestEnvironment;
  let stripe: FakeStripe;
  let api: RunningProcess;
  let workers: RunningProcess;
  let redisProxy: TcpProxy;
  let inbox: SmtpInbox;
  let queue: Queue;
  let mailQueue: Queue;

  beforeAll(async () => {
    t = await createTestEnvironment();
    stripe = await FakeStripe.start();
    inbox = await SmtpInbox.start();
    api = await startApi({ ...t.env, ...stripe.env });
    const redis = new URL(TEST_REDIS_URL);
    redisProxy = new TcpProxy([{ port: Number(redis.port || 6379), host: redis.hostname }]);
    await redisProxy.start();
    workers = startWorkers({
      ...t.env,
      REDIS_URL: `redis://127.0.0.1:${redisProxy.port}`,
      SMTP_URL: inbox.url,
      MODERATION_DIGEST_INTERVAL_MS: '600000',
    });
    const queueOptions = { connection: { url: TEST_REDIS_URL }, prefix: `${t.env.REDIS_PREFIX}:bull` };
    queue = new Queue(QueueName.DomainEvents, queueOptions);
    mailQueue = new Queue(QueueName.Mail, queueOptions);
  });

  afterAll(async () => {
    await Promise.all([queue?.close(), mailQueue?.close()]);
    await Promise.all([api?.stop(), workers?.stop()]);
    await Promise.all([stripe?.stop(), inbox?.stop(), redisProxy?.stop()]);
    await t?.cleanup();
  });

  const recorded = (): Promise<Recorded[]> =>
    t.dataSource.query(`SELECT "id", "name", "payload", "publishedAt" FROM "domain_events" ORDER BY "occurredAt"`);
  const handlings = async (): Promise<Map<string, number>> => {
    const rows: Array<{ eventId: string; runs: number }> = await t.dataSource.query(
      `SELECT "eventId", count(*)::int AS "runs" FROM "domain_event_handlings" GROUP BY "eventId"`,
    );
    return new Map(rows.map((row) => [row.eventId, row.runs]));
  };
  const allHandled = async () => {
    const [events, handled] = await Promise.all([recorded(), handlings()]);
    return events.length > 0 && events.every((event) => handled.get(event.id) === 1);
  };

  it("arrive exactly once in their handlers, also when the workers' Redis was down at the time of the change", async () => {
    // The workers are up, then lose Redis: their relay cannot add jobs while the modules change things.
    await waitFor(() => redisProxy.stats.connections > 0, 30_000, 'the workers on Redis');
    redisProxy.drop();

    const guest = new ApiClient(api.url);
    const username = `de_${Date.now().toString(36)}`;
    const registered = await guest.post('/api/auth/register', {
      username,
      email: `${username}@example.test`,
      password: 'secret1',
      passwordConfirm: 'secret1',
    });
    expect(registered.status).toBe(201);
    expect(
      (await new ApiClient(api.url).post('/api/auth/password-reset/request', { emailOrUsername: username })).status,
    ).toBe(202);

    const provider = await createAccount(t.dataSource, Role.ServiceProvider);
    const asProvider = await signedIn(api.url, provider);
    const draft = await createEvent(t.dataSource, {
      serviceProviderId: provider.provider!.id,
      status: 'draft',
      isPublished: false,
    });
    expect((await asProvider.patch(`/api/events/${draft.id}`, { status: 'live' })).status).toBe(200);
    const message = await guest.post(`/api/events/${draft.id}/submissions/message`, { name: 'Ana', message: 'Hi' });
    expect(message.status).toBe(201);
    expect((await asProvider.patch(`/api/events/${draft.id}`, { status: 'completed' })).status).toBe(200);

    const intent = await asProvider.post('/api/create-payment-intent', { creditPackId: 'starter' });
    expect(
      (await sendWebhook(api.url, succeeded(stripe.paymentIntents.get(intent.body.paymentIntentId)!))).status,
    ).toBe(200);
    const asOwner = await signedIn(api.url, await createAccount(t.dataSource, Role.Owner));
    const adjusted = await asOwner.post('/api/admin/adjust-credits', {
      serviceProviderId: provider.provider!.id,
      amount: 3,
      reason: 'Goodwill',
    });
    expect(adjusted.status).toBe(200);

    // Recorded with their changes, and waiting: nothing reached the queue.
    await new Promise((r) => setTimeout(r, 3000));
    const waiting = await recorded();
    expect(waiting.filter((e) => e.publishedAt !== null)).toEqual([]);
    expect((await handlings()).size).toBe(0);

    redisProxy.restore();
    await waitFor(allHandled, 60_000, 'every domain event handled');
    const events = await recorded();
    // Every module's events, each once (the memory's approval comes from the workers once Redis is back).
    // Not keepsake.ready: the event completes before its message is approved, so it has no keepsake to build
    // (retention.int-spec follows a keepsake.ready to its one mail).
    const names = events.map((e) => e.name);
    const made = DOMAIN_EVENT_NAMES.filter((name) => name !== DomainEventName.KeepsakeReady);
    expect([...new Set(names)].sort()).toEqual([...made].sort());
    for (const name of made) expect([name, names.filter((n) => n === name).length]).toEqual([name, 1]);
    expect(events.find((e) => e.name === DomainEventName.MemorySubmitted)?.payload).toEqual({
      memoryId: message.body.memory.id,
      eventId: draft.id,
      type: 'message',
    });
    expect(events.find((e) => e.name === DomainEventName.CreditsAdjusted)?.payload).toMatchObject({ amount: 3 });
    for (const event of events) expect(await queue.getJobState(event.id)).toBe('completed');

    // Their handlers' mail, once each: the reset link and the purchase's receipt.
    const reset = await inbox.next(`${username}@example.test`);
    expect(reset.text).toContain('/reset-password?token=');
    const receipt = await inbox.next(provider.user.email);
    expect(receipt.subject).toContain('credits');

    // Every event relayed again, as after Redis lost its data (the mail jobs, whose ids would have refused a
    // second mail, are gone too): the jobs run again, the handlers do nothing.
    await queue.obliterate({ force: true });
    await mailQueue.obliterate({ force: true });
    await t.dataSource.query(`UPDATE "domain_events" SET "publishedAt" = NULL`);
    await waitFor(
      async () => (await Promise.all(events.map((e) => queue.getJobState(e.id)))).every((s) => s === 'completed'),
      30_000,
      'every event relayed and run again',
    );
    expect([...(await handlings()).values()].every((runs) => runs === 1)).toBe(true);
    expect((await handlings()).size).toBe(events.length);
    await new Promise((r) => setTimeout(r, 2000));
    expect(inbox.to(`${username}@example.test`)).toHaveLength(1);
    expect(inbox.to(provider.user.email)).toHaveLength(1);
  });
});
