import { CreditTransaction, ServiceProvider, User } from '@memory-wall/core';
import { createAccount, makeEventAdmin } from '@memory-wall/testkit/accounts';
import { createEvent } from '@memory-wall/testkit/factories';
import { ApiClient, signedIn } from '@memory-wall/testkit/http';
import { RunningProcess, startApi } from '@memory-wall/testkit/processes';
import { createTestEnvironment, TestEnvironment } from '@memory-wall/testkit/test-environment';

describe('accounts', () => {
  let t: TestEnvironment;
  let api: RunningProcess;
  const client = () => new ApiClient(api.url);

  beforeAll(async () => {
    t = await createTestEnvironment();
    api = await startApi({
      ...t.env,
      OWNER_USERNAME: 'rootowner',
      OWNER_EMAIL: 'Root@Example.test',
      OWNER_PASSWORD: 'rootpass123',
    });
  });

  afterAll(async () => {
    await api?.stop();
    await t?.cleanup();
  });

  const register = (body: Record<string, unknown>) =>
    client().post('/api/auth/register', { password: 'secret1', passwordConfirm: 'secret1', ...body });

  describe('registration', () => {
    it('creates a guest by default, signs them in, and never shows a password or hash', async () => {
      const c = client();
      const res = await c.post('/api/auth/register', {
        username: 'guest_one',
        email: 'Guest.One@Example.test',
        password: 'secret1',
        passwordConfirm: 'secret1',
        profileData: { fullName: 'Guest One' },
      });
      expect(res.status).toBe(201);
      expect(res.body.user).toMatchObject({
        username: 'guest_one',
        email: 'guest.one@example.test',
        role: 'guest',
        profileData: { fullName: 'Guest One' },
      });
      expect(res.text).not.toMatch(/password|argon2/i);
      const me = await c.get('/api/auth/me');
      expect(me.status).toBe(200);
      expect(me.body.user.id).toBe(res.body.user.id);
      expect(me.text).not.toMatch(/argon2/);
      const stored = await t.dataSource
        .getRepository(User)
        .createQueryBuilder('u')
        .addSelect('u.password')
        .where({ id: res.body.user.id })
        .getOneOrFail();
      // Production's parameters (64 MiB, 3 passes, 4 lanes), whatever the test accounts are hashed with.
      expect(stored.password).toMatch(/^\$argon2id\$v=19\$m=65536,p=4,t=3\$/);
    });

    it('gives a new service provider its provider row, 10 credits and a matching promotion ledger row', async () => {
      const res = await register({
        username: 'pat_provider',
        email: 'pat@example.test',
        role: 'service_provider',
        password: 'abcd1234',
        passwordConfirm: 'abcd1234',
        profileData: { fullName: 'Pat', companyName: 'Pat Events', serviceTypes: ['wedding', 'memorial'] },
      });
      expect(res.status).toBe(201);
      expect(res.body.user.serviceProvider).toMatchObject({
        companyName: 'Pat Events',
        serviceTypes: ['wedding', 'memorial'],
        availableCredits: 10,
      });
      const provider = await t.dataSource.getRepository(ServiceProvider).findOneByOrFail({ userId: res.body.user.id });
      const ledger = await t.dataSource.getRepository(CreditTransaction).findBy({ serviceProviderId: provider.id });
      expect(ledger).toEqual([expect.objectContaining({ amount: 10, transactionType: 'promotion' })]);
    });

    it.each([
      [
        { role: 'customer', password: '12345', passwordConfirm: '12345' },
        'password',
        'Customer password must be exactly 6 digits',
      ],
      [
        { role: 'customer', password: 'abcdef', passwordConfirm: 'abcdef' },
        'password',
        'Customer password must be exactly 6 digits',
      ],
      [
        { role: 'service_provider', password: 'short12', passwordConfirm: 'short12' },
        'password',
        'Password must be at least 8 alphanumeric characters',
      ],
      [
        { role: 'service_provider', password: 'has space 123', passwordConfirm: 'has space 123' },
        'password',
        'Password must be at least 8 alphanumeric characters',
      ],
      [
        { role: 'guest', password: 'five5', passwordConfirm: 'five5' },
        'password',
        'Password must be at least 6 characters',
      ],
      [{ password: 'secret1', passwordConfirm: 'secret2' }, 'passwordConfirm', 'Passwords do not match'],
      [{ username: 'ab' }, 'username', 'Username must be at least 3 characters'],
      [{ email: 'not-an-email' }, 'email', 'Please enter a valid email address'],
      [{ role: 'owner' }, 'role', 'Role must be guest, customer or service_provider'],
      [
        {
          role: 'service_provider',
          password: 'abcd1234',
          passwordConfirm: 'abcd1234',
          profileData: { serviceTypes: ['general'] },
        },
        'profileData.companyName',
        'Company name is required',
      ],
      [
        {
          role: 'service_provider',
          password: 'abcd1234',
          passwordConfirm: 'abcd1234',
          profileData: { companyName: 'Pat Events', serviceTypes: [] },
        },
        'profileData.serviceTypes',
        'Please choose at least one service type',
      ],
      [
        {
          role: 'service_provider',
          password: 'abcd1234',
          passwordConfirm: 'abcd1234',
          profileData: { companyName: 'Pat Events', serviceTypes: ['birthday'] },
        },
        'profileData.serviceTypes',
        'Service types must be wedding, memorial or general',
      ],
      [{ credits: 500 }, 'credits', 'property credits should not exist'],
    ])('refuses %j with the spec message on %s and stores nothing', async (body, field, message) => {
      const username = `refused_${Math.random().toString(36).slice(2, 8)}`;
      const res = await register({ username, email: `${username}@example.test`, ...body });
      expect(res.status).toBe(400);
      expect(res.body.fields[field]).toBe(message);
      expect(
        await t.dataSource
          .getRepository(User)
          .countBy({ username: (body as { username?: string }).username ?? username }),
      ).toBe(0);
    });

    it('accepts a customer with a 6-digit PIN', async () => {
      const res = await register({
        username: 'cust_pin',
        email: 'cust@example.test',
        role: 'customer',
        password: '024681',
        passwordConfirm: '024681',
      });
      expect(res.status).toBe(201);
      expect(res.body.user.role).toBe('customer');
    });

    it('refuses a taken username (any case) or email with 409 and the field', async () => {
      await register({ username: 'Taken_Name', email: 'taken@example.test' });
      const byName = await register({ username: 'taken_name', email: 'other@example.test' });
      expect(byName.status).toBe(409);
      expect(byName.body.fields).toEqual({ username: 'Username is already taken' });
      const byEmail = await register({ username: 'fresh_name', email: 'TAKEN@example.test' });
      expect(byEmail.status).toBe(409);
      expect(byEmail.body.fields).toEqual({ email: 'An account with this email already exists' });
    });
  });

  describe('sign-in and sessions', () => {
    it('signs in by username or email, with the spec messages for missing fields', async () => {
      const account = await createAccount(t.dataSource, 'guest');
      expect(
        (
          await client().post('/api/auth/login', {
            emailOrUsername: account.username.toUpperCase(),
            password: account.password,
          })
        ).status,
      ).toBe(200);
      expect(
        (await client().post('/api/auth/login', { emailOrUsername: account.user.email, password: account.password }))
          .status,
      ).toBe(200);
      const missing = await client().post('/api/auth/login', {});
      expect(missing.status).toBe(400);
      expect(missing.body.fields).toEqual({
        emailOrUsername: 'Email or username is required',
        password: 'Password is required',
      });
    });

    it("answers 'Invalid credentials' alike for a wrong password and an unknown account", async () => {
      const account = await createAccount(t.dataSource, 'guest');
      for (const body of [
        { emailOrUsername: account.username, password: 'wrong-one' },
        { emailOrUsername: 'nobody_here', password: 'whatever' },
      ]) {
        const res = await client().post('/api/auth/login', body);
        expect(res.status).toBe(401);
        expect(res.body.message).toBe('Invalid credentials');
      }
    });

    it('sets an HttpOnly, SameSite=Lax session cookie, Secure only over https', async () => {
      const account = await createAccount(t.dataSource, 'guest');
      const res = await client().post('/api/auth/login', {
        emailOrUsername: account.username,
        password: account.password,
      });
      const cookie = res.headers.get('set-cookie')!;
      expect(cookie).toMatch(/^mw_session=/);
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/SameSite=Lax/i);
      expect(cookie).not.toMatch(/Secure/i);
    });

    it('gives a new session id at sign-in and ends the old one', async () => {
      const account = await createAccount(t.dataSource, 'guest');
      const c = await signedIn(api.url, account);
      const before = c.cookie;
      await c.login(account.username, account.password);
      expect(c.cookie).not.toBe(before);
      const stale = new ApiClient(api.url);
      stale.cookie = before;
      expect((await stale.get('/api/auth/me')).status).toBe(401);
      expect((await c.get('/api/auth/me')).status).toBe(200);
    });

    it('refuses a forged or tampered cookie', async () => {
      const forged = new ApiClient(api.url);
      forged.cookie = 'mw_session=abc.def';
      expect((await forged.get('/api/auth/me')).status).toBe(401);
    });

    it('logs out: the session is gone', async () => {
      const c = await signedIn(api.url, await createAccount(t.dataSource, 'guest'));
      const cookie = c.cookie;
      expect((await c.post('/api/auth/logout')).body).toEqual({ success: true });
      const old = new ApiClient(api.url);
      old.cookie = cookie;
      expect((await old.get('/api/auth/me')).status).toBe(401);
    });

    it('creates the owner from OWNER_* at start-up; nobody can register as owner', async () => {
      const owner = await signedIn(api.url, { username: 'rootowner', password: 'rootpass123' });
      expect((await owner.get('/api/auth/me')).body.user).toMatchObject({ role: 'owner', email: 'root@example.test' });
    });
  });

  describe('profile and passwords', () => {
    it('updates one’s own profile, refuses fields nobody may set and other people’s profiles', async () => {
      const me = await createAccount(t.dataSource, 'service_provider');
      const other = await createAccount(t.dataSource, 'guest');
      const c = await signedIn(api.url, me);
      const ok = await c.patch(`/api/users/${me.user.id}/profile`, {
        profileData: { fullName: 'New Name', phoneNumber: '555-0100' },
      });
      expect(ok.status).toBe(200);
      expect(ok.body.user.profileData).toMatchObject({ fullName: 'New Name', phoneNumber: '555-0100' });
      expect((await c.patch(`/api/users/${me.user.id}/profile`, { role: 'owner' })).status).toBe(400);
      expect((await c.patch(`/api/users/${me.user.id}/profile`, { credits: 99 })).status).toBe(400);
      expect(
        (await c.patch(`/api/users/${other.user.id}/profile`, { profileData: { fullName: 'Hacked' } })).status,
      ).toBe(403);
      expect(
        (await t.dataSource.getRepository(User).findOneByOrFail({ id: other.user.id })).profileData.fullName,
      ).not.toBe('Hacked');
      expect((await t.dataSource.getRepository(User).findOneByOrFail({ id: me.user.id })).role).toBe(
        'service_provider',
      );
    });

    it('changes one’s own password by the role’s rule, ending other sessions but keeping this one', async () => {
      const account = await createAccount(t.dataSource, 'customer');
      const here = await signedIn(api.url, account);
      const elsewhere = await signedIn(api.url, account);
      const wrong = await here.post('/api/auth/change-password', {
        currentPassword: '000000',
        newPassword: '246802',
        confirmPassword: '246802',
      });
      expect(wrong.body.fields).toEqual({ currentPassword: 'Current password is incorrect' });
      const rule = await here.post('/api/auth/change-password', {
        currentPassword: account.password,
        newPassword: 'abcdefgh',
        confirmPassword: 'abcdefgh',
      });
      expect(rule.body.fields).toEqual({ newPassword: 'For customers, password must be exactly 6 digits.' });
      const mismatch = await here.post('/api/auth/change-password', {
        currentPassword: account.password,
        newPassword: '246802',
        confirmPassword: '246803',
      });
      expect(mismatch.body.fields).toEqual({ confirmPassword: 'The passwords you entered do not match.' });

      const ok = await here.post('/api/auth/change-password', {
        currentPassword: account.password,
        newPassword: '246802',
        confirmPassword: '246802',
      });
      expect(ok.status).toBe(200);
      expect((await here.get('/api/auth/me')).status).toBe(200);
      expect((await elsewhere.get('/api/auth/me')).status).toBe(401);
      expect(
        (await client().post('/api/auth/login', { emailOrUsername: account.username, password: '246802' })).status,
      ).toBe(200);
    });

    it("lets a provider reset the PIN of its own event's customer only, ending the customer's sessions", async () => {
      const provider = await createAccount(t.dataSource, 'service_provider');
      const stranger = await createAccount(t.dataSource, 'service_provider');
      const customer = await createAccount(t.dataSource, 'customer');
      const event = await createEvent(t.dataSource, { serviceProviderId: provider.provider!.id });
      await makeEventAdmin(t.dataSource, customer.user.id, event.id);
      const customerSession = await signedIn(api.url, customer);

      const strangerClient = await signedIn(api.url, stranger);
      expect(
        (await strangerClient.patch(`/api/users/${customer.user.id}/reset-password`, { password: '111222' })).status,
      ).toBe(404);
      const guestClient = await signedIn(api.url, await createAccount(t.dataSource, 'guest'));
      expect(
        (await guestClient.patch(`/api/users/${customer.user.id}/reset-password`, { password: '111222' })).status,
      ).toBe(403);

      const providerClient = await signedIn(api.url, provider);
      const bad = await providerClient.patch(`/api/users/${customer.user.id}/reset-password`, { password: '12ab56' });
      expect(bad.body.fields).toEqual({ password: 'Password must be exactly 6 digits' });
      expect((await customerSession.get('/api/auth/me')).status).toBe(200);

      expect(
        (await providerClient.patch(`/api/users/${customer.user.id}/reset-password`, { password: '111222' })).status,
      ).toBe(200);
      expect((await customerSession.get('/api/auth/me')).status).toBe(401);
      expect(
        (await client().post('/api/auth/login', { emailOrUsername: customer.username, password: '111222' })).status,
      ).toBe(200);
    });

    it("lets only the owner reset a provider's password, ending the provider's sessions", async () => {
      const provider = await createAccount(t.dataSource, 'service_provider');
      const providerSession = await signedIn(api.url, provider);
      const path = `/api/admin/service-providers/${provider.provider!.id}/reset-password`;
      expect((await providerSession.post(path, { newPassword: 'takeover123' })).status).toBe(403);

      const owner = await signedIn(api.url, await createAccount(t.dataSource, 'owner'));
      const bad = await owner.post(path, { newPassword: 'short' });
      expect(bad.body.fields).toEqual({ newPassword: 'Password must be at least 8 alphanumeric characters.' });
      expect((await owner.post(path, { newPassword: 'brandnew123' })).status).toBe(200);
      expect((await providerSession.get('/api/auth/me')).status).toBe(401);
      expect(
        (await client().post('/api/auth/login', { emailOrUsername: provider.username, password: 'brandnew123' }))
          .status,
      ).toBe(200);
    });
  });

  describe('abuse', () => {
    it('refuses a state-changing request from a foreign Origin and accepts its own', async () => {
      const account = await createAccount(t.dataSource, 'guest');
      const body = { emailOrUsername: account.username, password: account.password };
      const foreign = await client().post('/api/auth/login', body, { origin: 'https://evil.example' });
      expect(foreign.status).toBe(403);
      expect(foreign.body.message).toBe('Request refused: it did not come from this site');
      expect((await client().post('/api/auth/login', body, { origin: api.url })).status).toBe(200);
    });

    it('sends security headers on errors too', async () => {
      const res = await client().get('/api/auth/me');
      expect(res.status).toBe(401);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-frame-options')).toBeTruthy();
    });
  });
});
