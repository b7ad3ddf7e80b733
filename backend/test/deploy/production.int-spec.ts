import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { resolve } from 'node:path';
import { DEMO_LOGINS, DEMO_USERNAMES, hashPassword, removeDemoData, User } from '@memory-wall/core';
import { In } from 'typeorm';
import { seedDemo } from '../../src/seed/demo-seed';
import { createAccount } from '@memory-wall/testkit/accounts';
import { ApiClient } from '@memory-wall/testkit/http';
import { freePort, startApi } from '@memory-wall/testkit/processes';
import { createTestEnvironment, TestEnvironment } from '@memory-wall/testkit/test-environment';

const ROOT = resolve(__dirname, '../../..');

/** Runs a built program to its exit (or stops it once it is serving), giving its exit code and output. */
async function runToExit(
  script: string,
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, [resolve(ROOT, script)], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', ...env, PORT: String(await freePort()), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  // A program that accepted its configuration keeps running: stop it after a while and report that.
  const stopper = setTimeout(() => child.kill('SIGKILL'), 15_000);
  const [code] = (await once(child, 'exit')) as [number | null];
  clearTimeout(stopper);
  return { code, output };
}

jest.setTimeout(120_000);

describe('production start-up', () => {
  let t: TestEnvironment;
  /** A production environment whose secrets are the operator's own. */
  let production: Record<string, string>;

  beforeAll(async () => {
    t = await createTestEnvironment();
    production = { ...t.env, NODE_ENV: 'production', SESSION_SECRET: 'an-operator-chosen-session-secret-4f1c' };
  });

  afterAll(async () => {
    await t?.cleanup();
  });

  it.each(['backend/dist/main.js', 'workers/dist/main.js'])(
    '%s refuses a published default secret, naming each variable',
    async (script) => {
      const { code, output } = await runToExit(script, {
        ...production,
        SESSION_SECRET: 'local-only-session-secret-change-me-0123456789abcdef',
        S3_ENDPOINT: '127.0.0.1',
        S3_ACCESS_KEY: 'memorywall',
        S3_SECRET_KEY: 'memorywall-local-secret',
        OWNER_PASSWORD: 'changeme123',
      });
      expect(code).toBe(1);
      for (const name of ['SESSION_SECRET', 'S3_ACCESS_KEY', 'S3_SECRET_KEY', 'OWNER_PASSWORD']) {
        expect(output).toContain(`${name} is a published default value`);
      }
    },
  );

  it('refuses the published database password of the compose defaults', async () => {
    const url = new URL(production.DATABASE_URL);
    url.password = 'memorywall-local';
    const { code, output } = await runToExit('backend/dist/main.js', { ...production, DATABASE_URL: url.toString() });
    expect(code).toBe(1);
    expect(output).toContain('DATABASE_URL uses a published default password');
  });

  it('never seeds the demo in production', async () => {
    const { code, output } = await runToExit('scripts/seed.mjs', production);
    expect(code).toBe(1);
    expect(output).toContain('The demo seed does not run in production');
    expect(await t.dataSource.getRepository(User).countBy({ username: DEMO_LOGINS.owner.username })).toBe(0);
  });

  it('API and workers refuse to start while the demo accounts exist, and start once they are removed', async () => {
    await seedDemo(t.dataSource);
    for (const script of ['backend/dist/main.js', 'workers/dist/main.js']) {
      const { code, output } = await runToExit(script, production);
      expect(code).toBe(1);
      expect(output).toContain('demo accounts with published passwords exist (couple, owner, planner)');
    }
    await removeDemoData(t.dataSource);
    expect(await t.dataSource.getRepository(User).countBy({ email: DEMO_LOGINS.owner.email })).toBe(0);
    const api = await startApi(production);
    await api.stop();
  });

  it('refuses to start while a demo account with new addresses, or any owner, signs in with a published password (D1)', async () => {
    await seedDemo(t.dataSource);
    const users = t.dataSource.getRepository(User);
    for (const login of Object.values(DEMO_LOGINS))
      await users.update({ username: login.username }, { email: `${login.username}@venue.example` });
    // A real owner with a published password, whatever its name.
    const rosa = await createAccount(t.dataSource, 'owner', {
      username: 'rosa_owner',
      password: await hashPassword('ownerpass1'),
    });
    for (const script of ['backend/dist/main.js', 'workers/dist/main.js']) {
      const { code, output } = await runToExit(script, production);
      expect(code).toBe(1);
      expect(output).toContain(
        'accounts sign in with a password published in this repository (couple, owner, planner, rosa_owner)',
      );
    }

    // Passwords of their own, and the same accounts start (docker-compose names its owner "owner" too).
    await users.update(
      { username: In([...DEMO_USERNAMES, rosa.username]) },
      { password: await hashPassword('chosen-by-them-7') },
    );
    const api = await startApi(production);
    await api.stop();
    await users.delete({ username: In(DEMO_USERNAMES) });
  });

  it('gives an existing owner the password from OWNER_PASSWORD', async () => {
    const owner = await createAccount(t.dataSource, 'owner', { username: 'siteowner' });
    const api = await startApi({
      ...t.env,
      OWNER_USERNAME: 'siteowner',
      OWNER_EMAIL: 'site@example.test',
      OWNER_PASSWORD: 'fromTheEnv123',
    });
    try {
      const client = new ApiClient(api.url);
      expect(
        (await client.post('/api/auth/login', { emailOrUsername: 'siteowner', password: owner.password })).status,
      ).toBe(401);
      expect(
        (await client.post('/api/auth/login', { emailOrUsername: 'siteowner', password: 'fromTheEnv123' })).status,
      ).toBe(200);
    } finally {
      await api.stop();
    }
  });

  it('does not make an owner of a non-owner account named by OWNER_USERNAME', async () => {
    const guest = await createAccount(t.dataSource, 'guest', { username: 'wouldbeowner' });
    const api = await startApi({
      ...t.env,
      OWNER_USERNAME: 'wouldbeowner',
      OWNER_EMAIL: 'x@example.test',
      OWNER_PASSWORD: 'fromTheEnv123',
    });
    try {
      expect(
        (
          await new ApiClient(api.url).post('/api/auth/login', {
            emailOrUsername: 'wouldbeowner',
            password: 'fromTheEnv123',
          })
        ).status,
      ).toBe(401);
      expect((await t.dataSource.getRepository(User).findOneByOrFail({ id: guest.user.id })).role).toBe('guest');
    } finally {
      await api.stop();
    }
  });
});
