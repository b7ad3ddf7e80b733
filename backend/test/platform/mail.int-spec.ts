import { Queue } from 'bullmq';
import { ModerationType, QueueName, Role } from '@memory-wall/contracts';
import { EventAdmin, Memory, User } from '@memory-wall/core';
import { createAccount } from '@memory-wall/testkit/accounts';
import { useAppStack } from '@memory-wall/testkit/app-stack';
import { createEvent } from '@memory-wall/testkit/factories';
import { FakeStripe, sendWebhook, succeeded } from '@memory-wall/testkit/fake-stripe';
import { ApiClient, signedIn } from '@memory-wall/testkit/http';
import { TEST_REDIS_URL } from '@memory-wall/testkit/test-environment';
import { waitFor } from '@memory-wall/testkit/wait';

const DIGEST_INTERVAL_MS = 4000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('mail over SMTP', () => {
  let stripe: FakeStripe;
  const app = useAppStack({
    env: async () => {
      stripe = await FakeStripe.start();
      return stripe.env;
    },
    inbox: true,
    workersEnv: () => ({ MODERATION_DIGEST_INTERVAL_MS: String(DIGEST_INTERVAL_MS) }),
    stop: () => stripe?.stop(),
  });

  const post = (eventId: string, n: number) =>
    new ApiClient(app.api.url).post(`/api/events/${eventId}/submissions/message`, {
      name: `Guest ${n}`,
      message: 'Hi',
    });

  it('mails the hosts one digest per interval of what waits for them, and none when nothing waits', async () => {
    const provider = await createAccount(app.t.dataSource, Role.ServiceProvider);
    const customer = await createAccount(app.t.dataSource, Role.Customer);
    const held = await createEvent(app.t.dataSource, {
      serviceProviderId: provider.provider!.id,
      moderationType: ModerationType.ManualModeration,
      name: 'Rosa & Tom',
    });
    await app.t.dataSource.getRepository(EventAdmin).save({ eventId: held.id, userId: customer.user.id });
    const auto = await createEvent(app.t.dataSource, { serviceProviderId: provider.provider!.id, name: 'Open house' });

    // A burst early in an interval: one digest at its end, for each host, counting all of it.
    await sleep(DIGEST_INTERVAL_MS - (Date.now() % DIGEST_INTERVAL_MS) + 200);
    const burst = [1, 2, 3, 4].map((n) => post(held.id, n)).concat([1, 2, 3].map((n) => post(auto.id, n)));
    expect((await Promise.all(burst)).map((res) => res.status)).toEqual(Array(7).fill(201));
    const digest = await app.inbox.next(provider.user.email, 1, 30_000);
    expect(digest.subject).toBe('4 memories wait for your approval on Rosa & Tom');
    expect(digest.text).toContain(`/events/${held.id}/moderation`);
    expect(digest.html).toContain('Rosa &amp; Tom');
    expect((await app.inbox.next(customer.user.email)).subject).toBe(digest.subject);

    // The next memory's digest, an interval later, is the next mail: none came in between, and none for the
    // event whose memories were approved (its digest was due with the first).
    expect((await post(held.id, 5)).status).toBe(201);
    expect((await app.inbox.next(provider.user.email, 2, 30_000)).subject).toBe(
      '5 memories wait for your approval on Rosa & Tom',
    );
    expect(app.inbox.to(provider.user.email).map((m) => m.subject)).toEqual([
      '4 memories wait for your approval on Rosa & Tom',
      '5 memories wait for your approval on Rosa & Tom',
    ]);
    expect(app.inbox.mails.filter((m) => m.subject.includes('Open house'))).toEqual([]);
    const approved = await app.t.dataSource.getRepository(Memory).countBy({ eventId: auto.id, approved: true });
    expect(approved).toBe(3);
  });

  it('mails a receipt for a credit purchase, once, in the buyer’s language', async () => {
    const provider = await createAccount(app.t.dataSource, Role.ServiceProvider);
    await app.t.dataSource.getRepository(User).update({ id: provider.user.id }, { language: 'fr' });
    const asProvider = await signedIn(app.api.url, provider);
    const intent = await asProvider.post('/api/create-payment-intent', { creditPackId: 'starter' });
    const paid = succeeded(stripe.paymentIntents.get(intent.body.paymentIntentId)!);
    expect((await sendWebhook(app.api.url, paid)).status).toBe(200);
    expect((await sendWebhook(app.api.url, paid)).status).toBe(200); // Stripe delivers again: one receipt
    const receipt = await app.inbox.next(provider.user.email);
    expect(receipt.subject).toMatch(/^Votre reçu : \d+ crédits$/);
    expect(receipt.text).toContain('Montant payé');
    // A mail asked for after both deliveries arrives next: no second receipt came before it.
    await new ApiClient(app.api.url).post('/api/auth/password-reset/request', { emailOrUsername: provider.username });
    expect((await app.inbox.next(provider.user.email, 2)).subject).not.toMatch(/reçu/);
    expect(app.inbox.to(provider.user.email)).toHaveLength(2);
  });

  it('retries mail while the SMTP server is down, failed attempts visible, holding up nothing else', async () => {
    const account = await createAccount(app.t.dataSource, Role.Guest);
    app.inbox.down();
    await new ApiClient(app.api.url).post('/api/auth/password-reset/request', { emailOrUsername: account.username });
    await waitFor(() => app.inbox.refused >= 2, 30_000, 'two refused attempts');

    // Memories go on meanwhile.
    const event = await createEvent(app.t.dataSource);
    const message = await post(event.id, 1);
    await waitFor(
      async () =>
        (await app.t.dataSource.getRepository(Memory).findOneBy({ id: message.body.memory.id }))?.approved === true,
      20_000,
      'the memory approved',
    );

    const queue = new Queue(QueueName.Mail, {
      connection: { url: TEST_REDIS_URL },
      prefix: `${app.t.env.REDIS_PREFIX}:bull`,
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

    app.inbox.up();
    expect((await app.inbox.next(account.user.email, 1, 40_000)).subject).toBe('Reset your Memory Wall password');
  });
});

describe('mail without SMTP_URL', () => {
  const app = useAppStack({ workersEnv: () => ({ LOG_LEVEL: 'info' }) });

  it('says so at start-up and keeps the mail in the outbox, which the owner reads', async () => {
    await waitFor(() => app.workers!.output().includes('SMTP_URL is not set'), 30_000, 'the start-up notice');
    const account = await createAccount(app.t.dataSource, Role.Customer);
    await new ApiClient(app.api.url).post('/api/auth/password-reset/request', { emailOrUsername: account.user.email });
    const asOwner = await signedIn(app.api.url, await createAccount(app.t.dataSource, Role.Owner));
    await waitFor(
      async () => (await asOwner.get('/api/admin/mail')).body.mails.length === 1,
      30_000,
      'the mail in the outbox',
    );
    const { body } = await asOwner.get('/api/admin/mail');
    expect(body.smtpConfigured).toBe(false);
    expect(body.mails[0]).toMatchObject({ to: account.user.email, subject: 'Reset your Memory Wall password' });
    expect(body.mails[0].text).toContain('/reset-password?token=');
    expect((await signedIn(app.api.url, account).then((c) => c.get('/api/admin/mail'))).status).toBe(403);
  });
});
