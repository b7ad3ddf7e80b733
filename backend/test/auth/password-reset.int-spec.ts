import { AuthMessages, Role } from '@memory-wall/contracts';
import { PasswordReset, User } from '@memory-wall/core';
import { createAccount, TestAccount } from '@memory-wall/testkit/accounts';
import { useAppStack } from '@memory-wall/testkit/app-stack';
import { ApiClient, signedIn } from '@memory-wall/testkit/http';

/** "Forgot password?" end to end, with the mail read from a real SMTP server. */
describe('password reset by mail', () => {
  const app = useAppStack({ inbox: true });

  const ask = (emailOrUsername: string, language?: string) =>
    new ApiClient(app.api.url).post('/api/auth/password-reset/request', { emailOrUsername, language });
  const reset = (token: string, password: string, passwordConfirm = password) =>
    new ApiClient(app.api.url).post('/api/auth/password-reset', { token, password, passwordConfirm });
  const tokenIn = (text: string) =>
    new URL(/https?:\/\/\S+reset-password\S+/.exec(text)![0]).searchParams.get('token')!;
  const signsIn = async (account: TestAccount, password: string) =>
    (await new ApiClient(app.api.url).post('/api/auth/login', { emailOrUsername: account.username, password }))
      .status === 200;

  it.each([
    [Role.ServiceProvider, 'brandnew42'],
    [Role.Customer, '246802'],
    [Role.Owner, 'ownerfresh9'],
    [Role.Guest, 'guestfresh'],
  ])('lets the %s choose a new password from the mailed link, once', async (role, next) => {
    const account = await createAccount(app.t.dataSource, role);
    const session = await signedIn(app.api.url, account);
    const asked = await ask(account.user.email);
    expect(asked.status).toBe(202);
    expect(asked.body.message).toBe(AuthMessages.resetRequested);

    const mail = await app.inbox.next(account.user.email);
    expect(mail.subject).toBe('Reset your Memory Wall password');
    expect(mail.html).toContain('reset-password?token=');
    const token = tokenIn(mail.text);
    // Stored hashed: the token itself is nowhere in the database.
    const stored = await app.t.dataSource.getRepository(PasswordReset).findBy({ userId: account.user.id });
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(token);

    // The role's rule, checked before anything changes.
    const weak = await reset(token, 'short');
    expect(weak.status).toBe(400);
    expect(await signsIn(account, account.password)).toBe(true);

    expect((await reset(token, next)).status).toBe(200);
    expect(await signsIn(account, next)).toBe(true);
    expect(await signsIn(account, account.password)).toBe(false);
    expect((await session.get('/api/auth/me')).status).toBe(401);

    const again = await reset(token, `${next}0`.slice(0, next.length));
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(AuthMessages.resetLinkUsed);
    expect(await signsIn(account, next)).toBe(true);
  });

  it('answers alike whether or not the account exists, and mails only an account that does', async () => {
    const account = await createAccount(app.t.dataSource, Role.ServiceProvider, { language: 'fr' });
    const unknown = await ask('nobody-here@example.test');
    const known = await ask(account.username, 'de');
    expect([known.status, unknown.status]).toEqual([202, 202]);
    expect(unknown.body).toEqual(known.body);
    // In the language of the page it was asked from; the mail asked for first never came.
    expect((await app.inbox.next(account.user.email)).subject).toBe('Setzen Sie Ihr Memory-Wall-Passwort zurück');
    expect(app.inbox.to('nobody-here@example.test')).toEqual([]);
    // Anyone may ask, so the request writes nothing to the account: its own language stays (R1).
    expect((await app.t.dataSource.getRepository(User).findOneByOrFail({ id: account.user.id })).language).toBe('fr');
  });

  it('refuses an expired, unknown or tampered token with a 400, changing nothing', async () => {
    const account = await createAccount(app.t.dataSource, Role.Customer);
    const other = await createAccount(app.t.dataSource, Role.Customer);
    await ask(account.user.email);
    const token = tokenIn((await app.inbox.next(account.user.email)).text);

    expect((await reset(`${token}x`, '111111')).body.message).toBe(AuthMessages.resetLinkInvalid);
    expect((await reset('', '111111')).status).toBe(400);
    // A token works only for its own account: nothing of another's changes.
    expect(await signsIn(other, other.password)).toBe(true);

    await app.t.dataSource
      .getRepository(PasswordReset)
      .update({ userId: account.user.id }, { expiresAt: new Date(Date.now() - 1000) });
    const expired = await reset(token, '111111');
    expect(expired.status).toBe(400);
    expect(expired.body.message).toBe(AuthMessages.resetLinkExpired);
    expect(await signsIn(account, account.password)).toBe(true);
    expect(await signsIn(other, other.password)).toBe(true);
  });
});
