import { AuthMessages } from '@memory-wall/contracts';
import { User } from '@memory-wall/core';
import { In } from 'typeorm';
import { createAccount } from '@memory-wall/testkit/accounts';
import { ApiClient, signedIn } from '@memory-wall/testkit/http';
import { RunningProcess, startApi } from '@memory-wall/testkit/processes';
import { createTestEnvironment, TestEnvironment } from '@memory-wall/testkit/test-environment';

/** Usernames cannot pass for someone's email or look like another account's name. */
describe('usernames', () => {
  let t: TestEnvironment;
  let api: RunningProcess;
  let address = 0;

  beforeAll(async () => {
    t = await createTestEnvironment();
    api = await startApi({ ...t.env, TRUST_PROXY: '1' });
    await createAccount(t.dataSource, 'service_provider', { username: 'paypal_host' });
  });

  afterAll(async () => {
    await api?.stop();
    await t?.cleanup();
  });

  // Each registration from its own client address, so the per-address registration limit stays out of the way.
  const register = (username: string, email = `${Math.random().toString(36).slice(2, 10)}@example.test`) =>
    new ApiClient(api.url).post(
      '/api/auth/register',
      { username, email, password: 'secret1', passwordConfirm: 'secret1' },
      { 'x-forwarded-for': `198.18.0.${++address}` },
    );

  it("refuses a username spelled like an email, so sign-in by email reaches the email's owner", async () => {
    const victim = await createAccount(t.dataSource, 'guest');
    const res = await register(victim.user.email);
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({ username: AuthMessages.usernameCharacters });
    expect(await t.dataSource.getRepository(User).countBy({ username: victim.user.email })).toBe(0);
  });

  it('signs in by email as the owner of that email even when an older username is spelled like it', async () => {
    const victim = await createAccount(t.dataSource, 'guest');
    // An account from before the rule (straight in the database), named like the victim's email.
    await createAccount(t.dataSource, 'customer', {
      username: victim.user.email,
      email: `squatter${Date.now()}@example.test`,
    });
    const c = await signedIn(api.url, { username: victim.user.email, password: victim.password });
    expect((await c.get('/api/auth/me')).body.user.id).toBe(victim.user.id);
  });

  it.each([
    ['a zero-width space', 'zero\u200bwidth'],
    ['a zero-width joiner', 'join\u200der'],
    ['a space', 'two words'],
    ['a right-to-left override', 'evil\u202egnp'],
  ])('refuses a username with %s', async (_, username) => {
    const res = await register(username);
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({ username: AuthMessages.usernameCharacters });
  });

  it('stores usernames in NFKC form: a full-width name is the plain one', async () => {
    const res = await register('ｆｕｌｌｗｉｄｔｈ');
    expect(res.status).toBe(201);
    expect(res.body.user.username).toBe('fullwidth');
    expect((await register('fullwidth')).status).toBe(409);
  });

  it.each([
    ['Cyrillic letters', 'раураl_host'],
    ['a digit for a letter', 'paypa1_host'],
    ['capitals and a Cyrillic a', 'PАYPAL_HOST'],
  ])('refuses a look-alike of the existing username paypal_host written with %s', async (_, lookAlike) => {
    const res = await register(lookAlike);
    expect(res.status).toBe(409);
    expect(res.body.fields).toEqual({ username: AuthMessages.usernameTaken });
    expect(await t.dataSource.getRepository(User).countBy({ username: lookAlike })).toBe(0);
  });

  it('lets only one of two look-alike names registered at the same moment win', async () => {
    const names = ['race_name', 'rаce_name', 'race_nаme', 'RACE_NAME'];
    const answers = await Promise.all(names.map((name) => register(name)));
    expect(answers.map((res) => res.status).sort()).toEqual([201, 409, 409, 409]);
    expect(await t.dataSource.getRepository(User).countBy({ username: In(names) })).toBe(1);
  });

  it('does not let a profile update change the username', async () => {
    const account = await createAccount(t.dataSource, 'guest');
    const c = await signedIn(api.url, account);
    expect((await c.patch(`/api/users/${account.user.id}/profile`, { username: 'раураl_host' })).status).toBe(400);
    expect((await t.dataSource.getRepository(User).findOneByOrFail({ id: account.user.id })).username).toBe(
      account.username,
    );
  });
});
