import { AuthMessages } from '@memory-wall/contracts';
import { LOGIN_LIMITS } from '../../src/modules/auth/login-throttle';
import { createAccount } from '@memory-wall/testkit/accounts';
import { createEvent } from '@memory-wall/testkit/factories';
import { connectLive } from '@memory-wall/testkit/live-client';
import { ApiClient, signedIn } from '@memory-wall/testkit/http';
import { RunningProcess, startApi } from '@memory-wall/testkit/processes';
import { createTestEnvironment, TestEnvironment } from '@memory-wall/testkit/test-environment';

/** Sessions and sign-in limits are shared through Redis, so two API instances behave as one. */
describe('sessions and sign-in limits across two API instances', () => {
  let t: TestEnvironment;
  let a: RunningProcess;
  let b: RunningProcess;

  beforeAll(async () => {
    t = await createTestEnvironment();
    // As behind the compose load balancer: one trusted proxy hop.
    [a, b] = await Promise.all([startApi({ ...t.env, TRUST_PROXY: '1' }), startApi({ ...t.env, TRUST_PROXY: '1' })]);
  });

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await t?.cleanup();
  });

  it('a session made on A works on B, and a logout through B is refused by A at once', async () => {
    const onA = await signedIn(a.url, await createAccount(t.dataSource, 'guest'));
    const onB = onA.on(b.url);
    expect((await onB.get('/api/auth/me')).status).toBe(200);
    await onB.post('/api/auth/logout');
    expect((await onA.get('/api/auth/me')).status).toBe(401);
  });

  it('a password reset through A ends the sessions held on B', async () => {
    const provider = await createAccount(t.dataSource, 'service_provider');
    const providerOnB = await signedIn(b.url, provider);
    const owner = await signedIn(a.url, await createAccount(t.dataSource, 'owner'));
    await owner.post(`/api/admin/service-providers/${provider.provider!.id}/reset-password`, {
      newPassword: 'resetpass99',
    });
    expect((await providerOnB.get('/api/auth/me')).status).toBe(401);
  });

  it('counts failed sign-ins of one account on both instances, whatever X-Forwarded-For claims', async () => {
    const customer = await createAccount(t.dataSource, 'customer');
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const instance = i % 2 === 0 ? a : b;
      // A different spoofed client address on every try must not reset the per-account counter.
      const res = await new ApiClient(instance.url).post(
        '/api/auth/login',
        { emailOrUsername: customer.username, password: String(100000 + i) },
        { 'x-forwarded-for': `203.0.113.${i + 1}` },
      );
      statuses.push(res.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    // Even the right PIN is refused now, on either instance, with a time to come back.
    for (const instance of [a, b]) {
      const res = await new ApiClient(instance.url).post(
        '/api/auth/login',
        { emailOrUsername: customer.username, password: customer.password },
        { 'x-forwarded-for': '198.51.100.7' },
      );
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(res.body.message).toBe('Too many sign-in attempts. Please wait and try again.');
    }
  });

  it('refuses parallel guesses past the account limit before verifying them, across both instances', async () => {
    const customer = await createAccount(t.dataSource, 'customer');
    // 40 wrong PINs at once, half on each instance, each from its own address: only the per-account budget applies.
    const guesses = Array.from({ length: 40 }, (_, i) =>
      new ApiClient((i % 2 ? a : b).url).post(
        '/api/auth/login',
        { emailOrUsername: customer.username, password: String(200000 + i) },
        { 'x-forwarded-for': `203.0.113.${100 + i}` },
      ),
    );
    const answers = await Promise.all(guesses);
    const verified = answers.filter((res) => res.status !== 429);
    // A 401 is a verified guess; at most the account's 5 points' worth were verified.
    expect(verified.length).toBeGreaterThan(0);
    expect(verified.length).toBeLessThanOrEqual(LOGIN_LIMITS.perAccount.points);
    expect(verified.every((res) => res.status === 401)).toBe(true);
    expect(
      answers.filter((res) => res.status === 429).every((res) => res.body.message === AuthMessages.tooManyAttempts),
    ).toBe(true);
    // The right PIN now is refused too.
    const right = await new ApiClient(a.url).post(
      '/api/auth/login',
      { emailOrUsername: customer.username, password: customer.password },
      { 'x-forwarded-for': '203.0.113.250' },
    );
    expect(right.status).toBe(429);
  });

  it('counts guesses by username and by email against one account', async () => {
    const guest = await createAccount(t.dataSource, 'guest');
    const names = [guest.username, guest.username, guest.username, guest.user.email.toUpperCase(), guest.user.email];
    for (const [i, name] of names.entries()) {
      const res = await new ApiClient((i % 2 ? a : b).url).post(
        '/api/auth/login',
        { emailOrUsername: name, password: 'not-it' },
        { 'x-forwarded-for': `198.51.100.${20 + i}` },
      );
      expect(res.status).toBe(401);
    }
    const right = await new ApiClient(a.url).post(
      '/api/auth/login',
      { emailOrUsername: guest.username, password: guest.password },
      { 'x-forwarded-for': '198.51.100.40' },
    );
    expect(right.status).toBe(429);
  });

  it('does not count correct passwords against the account or the address', async () => {
    const guest = await createAccount(t.dataSource, 'guest');
    for (let i = 0; i < 2 * LOGIN_LIMITS.perAccount.points; i++) {
      const res = await new ApiClient((i % 2 ? a : b).url).post(
        '/api/auth/login',
        { emailOrUsername: guest.username, password: guest.password },
        { 'x-forwarded-for': '198.51.100.60' },
      );
      expect(res.status).toBe(200);
    }
  });

  it('caps the verifications one address runs at once, whichever accounts it tries', async () => {
    const guests = await Promise.all(Array.from({ length: 12 }, () => createAccount(t.dataSource, 'guest')));
    const answers = await Promise.all(
      guests.map((guest, i) =>
        new ApiClient((i % 2 ? a : b).url).post(
          '/api/auth/login',
          { emailOrUsername: guest.username, password: 'not-it' },
          { 'x-forwarded-for': '192.0.2.80' },
        ),
      ),
    );
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((s) => s === 401).length).toBeGreaterThan(0);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
  });

  it('limits one address trying many accounts, across both instances', async () => {
    const guests = await Promise.all(Array.from({ length: 31 }, () => createAccount(t.dataSource, 'guest')));
    const address = '192.0.2.50';
    const statuses: number[] = [];
    for (const [i, guest] of guests.entries()) {
      const res = await new ApiClient((i % 2 ? a : b).url).post(
        '/api/auth/login',
        { emailOrUsername: guest.username, password: 'not-it' },
        { 'x-forwarded-for': address },
      );
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
    expect(statuses[30]).toBe(429);
    // Another address is not affected.
    const other = await new ApiClient(a.url).post(
      '/api/auth/login',
      { emailOrUsername: guests[0].username, password: guests[0].password },
      { 'x-forwarded-for': '192.0.2.51' },
    );
    expect(other.status).toBe(200);
  });

  it('closes the live sockets of a session that ended elsewhere, and only those', async () => {
    const provider = await createAccount(t.dataSource, 'service_provider');
    const event = await createEvent(t.dataSource, { serviceProviderId: provider.provider!.id });
    const [first, second] = [await signedIn(a.url, provider), await signedIn(a.url, provider)];
    const ws = `${a.url.replace('http', 'ws')}/ws?eventId=${event.id}`;
    const [firstSocket, secondSocket, publicSocket] = await Promise.all([
      connectLive(ws, undefined, first.cookie),
      connectLive(ws, undefined, second.cookie),
      connectLive(ws),
    ]);
    // "joined" comes after the gateway read the socket's session: a revocation before that would find none.
    await Promise.all([firstSocket, secondSocket, publicSocket].map((client) => client.joined()));

    // One logout (through B) closes that session's socket on A; the other session's socket stays.
    await first.on(b.url).post('/api/auth/logout');
    expect((await firstSocket.closed()).code).toBe(4401);
    expect(secondSocket.socket.readyState).toBe(secondSocket.socket.OPEN);

    // A password reset (through B) ends all of the provider's sessions, and so its remaining socket.
    const owner = await signedIn(b.url, await createAccount(t.dataSource, 'owner'));
    await owner.post(`/api/admin/service-providers/${provider.provider!.id}/reset-password`, {
      newPassword: 'resetpass77',
    });
    expect((await secondSocket.closed()).code).toBe(4401);
    expect(publicSocket.socket.readyState).toBe(publicSocket.socket.OPEN);
    publicSocket.close();
  });

  it('marks the session cookie Secure when the request came over https through the proxy', async () => {
    const account = await createAccount(t.dataSource, 'guest');
    const res = await new ApiClient(a.url).post(
      '/api/auth/login',
      { emailOrUsername: account.username, password: account.password },
      { 'x-forwarded-proto': 'https' },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie')).toMatch(/Secure/i);
  });
});
