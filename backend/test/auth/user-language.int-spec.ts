import { EventMessages } from '@memory-wall/contracts';
import { User } from '@memory-wall/core';
import { useAppStack } from '@memory-wall/testkit/app-stack';
import { ApiClient } from '@memory-wall/testkit/http';

/** A user's language is kept whenever the app knows it, and every mail to them is written in it. */
describe("a user's language", () => {
  const app = useAppStack({ inbox: true });

  const languageOf = async (id: string) =>
    (await app.t.dataSource.getRepository(User).findOneByOrFail({ id })).language;
  /** A reset link asked for without saying the page's language: the mail is in the stored one. */
  async function resetMailSubject(email: string, count: number): Promise<string> {
    expect(
      (await new ApiClient(app.api.url).post('/api/auth/password-reset/request', { emailOrUsername: email })).status,
    ).toBe(202);
    return (await app.inbox.next(email, count, 60_000)).subject;
  }

  it('is kept at sign-up, at sign-in and from the top bar, and the mail follows it', async () => {
    const email = 'lin@example.test';
    const client = new ApiClient(app.api.url);
    const registered = await client.post('/api/auth/register', {
      username: 'lin_wei',
      email,
      password: 'guestpass',
      passwordConfirm: 'guestpass',
      language: 'zh',
    });
    expect(registered.status).toBe(201);
    const userId = registered.body.user.id as string;
    expect(await languageOf(userId)).toBe('zh');
    expect(await resetMailSubject(email, 1)).toBe('重置您的 Memory Wall 密码');

    const signedIn = await new ApiClient(app.api.url).post('/api/auth/login', {
      emailOrUsername: 'lin_wei',
      password: 'guestpass',
      language: 'es',
    });
    expect(signedIn.status).toBe(200);
    expect(await languageOf(userId)).toBe('es');
    expect(await resetMailSubject(email, 2)).toBe('Restablece tu contraseña de Memory Wall');

    // A sign-in that does not say keeps what was stored.
    await client.login('lin_wei', 'guestpass');
    expect(await languageOf(userId)).toBe('es');

    expect((await client.put('/api/users/me/language', { language: 'fr' })).status).toBe(200);
    expect(await languageOf(userId)).toBe('fr');
    expect(await resetMailSubject(email, 3)).toBe('Réinitialisez votre mot de passe Memory Wall');
  });

  it('refuses a language the app has no texts for, and anyone signed out', async () => {
    const client = new ApiClient(app.api.url);
    const registered = await client.post('/api/auth/register', {
      username: 'pat_klein',
      email: 'pat@example.test',
      password: 'guestpass',
      passwordConfirm: 'guestpass',
    });
    expect(registered.status).toBe(201);
    const userId = registered.body.user.id as string;
    expect(await languageOf(userId)).toBeNull();

    const unknown = await client.put('/api/users/me/language', { language: 'xx' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(EventMessages.languageInvalid);
    const signIn = await new ApiClient(app.api.url).post('/api/auth/login', {
      emailOrUsername: 'pat_klein',
      password: 'guestpass',
      language: 'klingon',
    });
    expect(signIn.status).toBe(400);
    expect(await languageOf(userId)).toBeNull();
    expect((await new ApiClient(app.api.url).put('/api/users/me/language', { language: 'de' })).status).toBe(401);
  });
});
