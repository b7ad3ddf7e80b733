import { Queue } from 'bullmq';
import { ModerationType, QueueName, Role } from '@memory-wall/contracts';
import { EventAdmin, Memory, User } from '@memory-wall/core';
import { createAccount } from '@memory-wall/testkit/accounts';
import { createEvent } from '@memory-wall/testkit/factories';
import { FakeStripe, sendWebhook, succeeded } from '@memory-wall/testkit/fake-stripe';
import { ApiClient, signedIn } from '@memory-wall/testkit/http';
import { RunningProcess, startApi, startWorkers } from '@memory-wall/testkit/processes';
import { SmtpInbox } from '@memory-wall/testkit/smtp-inbox';
import { createTestEnvironment, TEST_REDIS_URL, TestEnvironment } from '@memory-wall/testkit/test-environment';
import { waitFor } from '@memory-wall/testkit/wait';

const DIGEST_INTERVAL_MS = 8000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('mail over SMTP', () => {
  let t: TestEnvironment;
  let stripe: FakeStripe;
  let api: RunningProcess;
  let workers: RunningProcess;
  let inbox: SmtpInbox;

  beforeAll(async () => {
    t = await createTestEnvironment();
    stripe = await FakeStripe.start();
    inbox = await SmtpInbox.start();
    api = await startApi({ ...t.env, ...stripe.env });
    workers = startWorkers({
      ...t.env,
      SMTP_URL: inbox.url,
      MODERATION_DIGEST_INTERVAL_MS: String(DIGEST_INTERVAL_MS),
    });
  });

  afterAll(async () => {
    await Promise.all([api?.stop(), workers?.stop()]);
    await Promise.all([stripe?.stop(), inbox?.stop()]);
    await t?.cleanup();
  });

  const post = (eventId: string, n: number) =>
    new ApiClient(api.url).post(`/api/events/${eventId}/submissions/message`, { name: `Guest ${n}`, message: 'Hi' });

  it('mails the hosts one digest per interval of what waits for them, and none when nothing waits', async () => {
    const provider = await createAccount(t.dataSource, Role.ServiceProvider);
    const customer = await createAccount(t.dataSource, Role.Customer);
    const held = await createEvent(t.dataSource, {
      serviceProviderId: provider.provider!.id,
      moderationType: ModerationType.ManualModeration,
      name: 'Rosa & Tom',
    });
    await t.dataSource.getRepository(EventAdmin).save({ eventId: held.id, userId: customer.user.id });
    const auto = await createEvent(t.dataSource, { serviceProviderId: provider.provider!.id, name: 'Open house' });

    // A burst early in an interval: one digest at its end, for each host, counting all of it.
    await sleep(DIGEST_INTERVAL_MS - (Date.now() % DIGEST_INTERVAL_MS) + 200);
    for (let n = 1; n <= 4; n++) expect((await post(held.id, n)).status).toBe(201);
    for (let n = 1; n <= 3; n++) expect((await post(auto.id, n)).status).toBe(201);
    const digest = await inbox.next(provider.user.email, 1, 30_000);
    expect(digest.subject).toBe('4 memories wait for your approval on Rosa & Tom');
    expect(digest.text).toContain(`/events/${held.id}/moderation`);
    expect(digest.html).toContain('Rosa &amp; Tom');
    expect((await inbox.next(customer.user.email)).subject).toBe(digest.subject);

    // Nothing more until another memory arrives, and nothing for the event whose memories were approved.
    await sleep(DIGEST_INTERVAL_MS + 1000);
    expect(inbox.to(provider.user.email)).toHaveLength(1);
    expect(inbox.mails.filter((m) => m.subject.includes('Open house'))).toEqual([]);
    const approved = await t.dataSource.getRepository(Memory).countBy({ eventId: auto.id, approved: true });
    expect(approved).toBe(3);

    expect((await post(held.id, 5)).status).toBe(201);
    expect((await inbox.next(provider.user.email, 2, 30_000)).subject).toBe(
      '5 memories wait for your approval on Rosa & Tom',
    );
  });

  it('mails a receipt for a credit purchase, once, in the buyer’s language', async () => {
    const provider = await createAccount(t.dataSource, Role.ServiceProvider);
    await t.dataSource.getRepository(User).update({ id: provider.user.id }, { language: 'fr' });
    const asProvider = await signedIn(api.url, provider);
    const intent = await asProvider.post('/api/create-payment-intent', { creditPackId: 'starter' });
    const paid = succeeded(stripe.paymentIntents.get(intent.body.paymentIntentId)!);
    expect((await sendWebhook(api.url, paid)).status).toBe(200);
    expect((await sendWebhook(api.url, paid)).status).toBe(200); // Stripe delivers again: one receipt
    const receipt = await inbox.next(provider.user.email);
    expect(receipt.subject).toMatch(/^Votre reçu : \d+ crédits$/);
    expect(receipt.text).toContain('Montant payé');
    await sleep(2000);
    expect(inbox.to(provider.user.email)).toHaveLength(1);
  });

  it('retries mail while the SMTP server is down, failed attempts visible, holding up nothing else', async () => {
    const account = await createAccount(t.dataSource, Role.Guest);
    inbox.down();
    await new ApiClient(api.url).post('/api/auth/password-reset/request', { emailOrUsername: account.username });
    await waitFor(() => inbox.refused >= 2, 30_000, 'two refused attempts');

    // Memories go on meanwhile.
    const event = await createEvent(t.dataSource);
    const message = await post(event.id, 1);
    await waitFor(
      async () =>
        (await t.dataSource.getRepository(Memory).findOneBy({ id: message.body.memory.id }))?.approved === true,
      20_000,
      'the memory approved',
    );

    const queue = new Queue(QueueName.Mail, {
      connection: { url: TEST_REDIS_URL },
      prefix: `${t.env.REDIS_PREFIX}:bull`,
    });
    try {
      const [job] = (await queue.getJobs(['delayed', 'waiting', 'active'])).filter(
        (j) => (j.data as { to?: string }).to === account.user.email,
      );
      expect(job.attemptsMade).toBeGreaterThanOrEqual(1);
      expect(job.failedReason).toMatch(/Service not available|421/);
    } finally {
      await queue.close();
    }

    inbox.up();
    expect((await inbox.next(account.user.email, 1, 40_000)).subject).toBe('Reset your Memory Wall password');
  });
});

describe('mail without SMTP_URL', () => {
  let t: TestEnvironment;
  let api: RunningProcess;
  let workers: RunningProcess;

  beforeAll(async () => {
    t = await createTestEnvironment();
    api = await startApi(t.env);
    workers = startWorkers({ ...t.env, LOG_LEVEL: 'info' });
  });

  afterAll(async () => {
    await Promise.all([api?.stop(), workers?.stop()]);
    await t?.cleanup();
  });

  it('says so at start-up and keeps the mail in the outbox, which the owner reads', async () => {
    await waitFor(() => workers.output().includes('SMTP_URL is not set'), 30_000, 'the start-up notice');
    const account = await createAccount(t.dataSource, Role.Customer);
    await new ApiClient(api.url).post('/api/auth/password-reset/request', { emailOrUsername: account.user.email });
    const asOwner = await signedIn(api.url, await createAccount(t.dataSource, Role.Owner));
    await waitFor(
      async () => (await asOwner.get('/api/admin/mail')).body.mails.length === 1,
      30_000,
      'the mail in the outbox',
    );
    const { body } = await asOwner.get('/api/admin/mail');
    expect(body.smtpConfigured).toBe(false);
    expect(body.mails[0]).toMatchObject({ to: account.user.email, subject: 'Reset your Memory Wall password' });
    expect(body.mails[0].text).toContain('/reset-password?token=');
    expect((await signedIn(api.url, account).then((c) => c.get('/api/admin/mail'))).status).toBe(403);
  });
});
