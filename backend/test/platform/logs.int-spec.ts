import { randomBytes } from 'node:crypto';
import { Memory } from '@memory-wall/core';
import { createAccount } from '@memory-wall/testkit/accounts';
import { useAppStack } from '@memory-wall/testkit/app-stack';
import { createEvent } from '@memory-wall/testkit/factories';
import { FakeOpenAi } from '@memory-wall/testkit/fake-openai';
import { ApiClient, signedIn } from '@memory-wall/testkit/http';
import { gpsTaggedJpeg, multipart } from '@memory-wall/testkit/images';
import { processed } from '@memory-wall/testkit/memories';
import { waitFor } from '@memory-wall/testkit/wait';

type LogLine = Record<string, unknown> & { level: string; time: string; service: string; msg: string };

const unique = (prefix: string) => `${prefix}${randomBytes(6).toString('hex')}`;

jest.setTimeout(90_000);

/**
 * A full run at debug level, API and workers as real processes: an owner, a provider, a customer with a
 * PIN, guests' messages (one the AI flags, one it cannot review) and a photo with a caption. Afterwards
 * their whole logs are read: one JSON format, the request id carried into the jobs, each job's ids on its
 * lines, and none of the secrets, PINs, session cookies or texts that passed through.
 */
describe('logs', () => {
  const openai = new FakeOpenAi();
  const secrets = {
    SESSION_SECRET: unique('session-secret-'),
    OPENAI_API_KEY: unique('sk-openai-'),
    METRICS_TOKEN: unique('metrics-token-'),
  };
  const pin = String(100000 + (randomBytes(3).readUIntBE(0, 3) % 900000));
  const texts = {
    message: unique('Guest message text '),
    flagged: `${unique('FLAGME text ')}`,
    unreviewed: `${unique('ERROR500 text ')}`,
    caption: unique('Photo caption '),
  };
  const requestId = unique('guest-request-');
  let apiLines: LogLine[];
  let workerLines: LogLine[];
  let sessionCookies: string[] = [];
  let passwords: string[] = [];
  let memoryId: string;
  let eventId: string;

  // Its own OpenAI key (one of the secrets), not the stack's `openai` option's shared one.
  const app = useAppStack({
    env: async () => ({
      ...secrets,
      LOG_LEVEL: 'debug',
      OPENAI_BASE_URL: await openai.start(),
      AI_RETRY_DELAY_MS: '200',
    }),
    stop: () => openai.stop(),
  });

  beforeAll(async () => {
    const { t, api } = app;
    const workers = app.workers!;

    const provider = await createAccount(t.dataSource, 'service_provider');
    passwords = [provider.password];
    const event = await createEvent(t.dataSource, {
      serviceProviderId: provider.provider!.id,
      moderationType: 'ai_moderation',
    });
    eventId = event.id;
    const providerClient = await signedIn(api.url, provider);
    const customerUsername = unique('customer_');
    const added = await providerClient.post(`/api/events/${event.id}/customer`, {
      customerName: 'Anna & Ben',
      customerEmail: `${customerUsername}@example.test`,
      customerUsername,
      customerPassword: pin,
    });
    expect(added.status).toBe(201);
    const customer = await signedIn(api.url, { username: customerUsername, password: pin });
    expect(
      (await customer.post('/api/auth/login', { emailOrUsername: customerUsername, password: `${pin.slice(1)}0` }))
        .status,
    ).toBe(401);
    sessionCookies = [providerClient.cookie!, customer.cookie!].map((cookie) =>
      decodeURIComponent(cookie.split('=')[1]),
    );

    const guest = new ApiClient(api.url);
    const posted = await guest.post(
      `/api/events/${event.id}/submissions/message`,
      { name: 'Guest', message: texts.message },
      { 'x-request-id': requestId },
    );
    expect(posted.status).toBe(201);
    memoryId = posted.body.memory.id;
    const flagged = await guest.post(`/api/events/${event.id}/submissions/message`, {
      name: 'Guest',
      message: texts.flagged,
    });
    const unreviewed = await guest.post(`/api/events/${event.id}/submissions/message`, {
      name: 'Guest',
      message: texts.unreviewed,
    });
    const photo = await guest.request(
      'POST',
      `/api/events/${event.id}/submissions/photo`,
      multipart('photo', await gpsTaggedJpeg(), 'photo.jpg', { name: 'Guest', photoCaption: texts.caption }),
    );
    expect(photo.status).toBe(201);
    for (const id of [memoryId, flagged.body.memory.id, unreviewed.body.memory.id, photo.body.memory.id])
      await processed(t.dataSource, id);
    // The memory held while OpenAI was unavailable is offered to it again (and fails again): a retried job.
    const askedAbout = (text: string) =>
      openai.requests.filter((r) => r.body.input.some((i) => i.type === 'text' && i.text.includes(text))).length;
    await waitFor(() => askedAbout(texts.unreviewed) >= 4, 20_000, 'a retried AI review');
    await customer.post(`/api/submissions/${memoryId}/approve`);
    await customer.post('/api/auth/logout');

    await Promise.all([api.stop(), workers.stop()]);
    const parse = (output: string) =>
      output
        .split('\n')
        .filter(Boolean)
        .map((line) => {
          try {
            return JSON.parse(line) as LogLine;
          } catch {
            throw new Error(`not a JSON line: ${line}`);
          }
        });
    apiLines = parse(api.output());
    workerLines = parse(workers.output());
  });

  it('writes one JSON format from API and workers: level by name, ISO time, service, message', () => {
    expect(apiLines.length).toBeGreaterThan(20);
    expect(workerLines.length).toBeGreaterThan(5);
    for (const [service, lines] of [
      ['api', apiLines],
      ['workers', workerLines],
    ] as const) {
      for (const line of lines) {
        expect(line).toMatchObject({
          level: expect.stringMatching(/^(trace|debug|info|warn|error|fatal)$/),
          service,
          msg: expect.any(String),
        });
        expect(new Date(line.time).toISOString()).toBe(line.time);
      }
    }
  });

  it("carries the guest's request id into the jobs it caused, and puts job, memory and event ids on every job's line", async () => {
    const submission = apiLines.find((line) => line.requestId === requestId && line.msg === 'request completed');
    expect(submission).toMatchObject({ method: 'POST', statusCode: 201 });

    const aboutTheMemory = workerLines.filter((line) => line.memoryId === memoryId);
    expect(aboutTheMemory.map((line) => line.msg)).toContain(`memory ${memoryId} approved`);
    for (const line of aboutTheMemory)
      expect(line).toMatchObject({ requestId, eventId, jobId: expect.any(String), job: expect.any(String) });

    // Every worker line that speaks of a memory is a job's line, with the job's ids.
    const memories = await app.t.dataSource.getRepository(Memory).findBy({ eventId });
    for (const line of workerLines.filter((l) => memories.some((m) => l.msg.includes(m.id)))) {
      expect(line).toMatchObject({ jobId: expect.any(String), memoryId: expect.any(String), eventId });
    }
  });

  it('has no secrets, PINs, passwords, session cookies or guest texts in any line', () => {
    const everything = `${app.api.output()}\n${app.workers!.output()}`;
    const forbidden = {
      ...secrets,
      pin,
      ...Object.fromEntries(passwords.map((p, i) => [`password${i}`, p])),
      ...Object.fromEntries(sessionCookies.map((c, i) => [`session${i}`, c])),
      ...texts,
    };
    const found = Object.entries(forbidden).filter(([, value]) => everything.includes(value));
    expect(found).toEqual([]);
    // The cookie's session id alone (before its signature) is a credential too.
    for (const cookie of sessionCookies) expect(everything).not.toContain(cookie.split('.')[0]);
  });
});
