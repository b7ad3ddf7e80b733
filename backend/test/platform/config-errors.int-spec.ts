import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { createTestEnvironment } from '@memory-wall/testkit/test-environment';

const ROOT = resolve(__dirname, '../../..');
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Runs a built program with PATH and the given variables only; resolves once it exits. */
function run(script: string, env: Record<string, string>) {
  const child = spawn(process.execPath, [script], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', ...env },
    timeout: 30_000,
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((done) =>
    child.on('close', (code) => done({ code, stdout, stderr })),
  );
}

describe('start-up with a configuration an operator got wrong', () => {
  it('the API refuses an invalid PORT, naming it', async () => {
    const { code, stderr } = await run('backend/dist/main.js', { PORT: 'abc' });
    expect(code).not.toBe(0);
    expect(stderr).toContain('PORT="abc"');
  });

  it('migrate names the PostgreSQL it cannot reach and the variable to change, in one line', async () => {
    const { code, stderr } = await run('scripts/migrate.mjs', {
      DATABASE_URL: 'postgres://postgres@127.0.0.1:1/x',
      REDIS_URL,
    });
    expect(code).not.toBe(0);
    const lines = stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Cannot reach PostgreSQL at postgres:\/\/postgres@127\.0\.0\.1:1\/x\b/);
    expect(lines[0]).toContain('DATABASE_URL');
  });

  it('migrate does not print the database password', async () => {
    const { code, stderr } = await run('scripts/migrate.mjs', {
      DATABASE_URL: 'postgres://postgres:s3cret@127.0.0.1:1/x',
      REDIS_URL,
    });
    expect(code).not.toBe(0);
    expect(stderr).toContain('Cannot reach PostgreSQL at postgres://postgres:***@127.0.0.1:1/x');
    expect(stderr).not.toContain('s3cret');
  });

  it('migrate names the Redis it cannot reach and the variable to change, in one line', async () => {
    // A reachable database of this test's own, so only Redis is missing.
    const t = await createTestEnvironment();
    const { code, stderr } = await run('scripts/migrate.mjs', {
      DATABASE_URL: t.env.DATABASE_URL,
      REDIS_URL: 'redis://127.0.0.1:1',
    }).finally(() => t.cleanup());
    expect(code).not.toBe(0);
    const lines = stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Cannot reach Redis at redis:\/\/127\.0\.0\.1:1\b/);
    expect(lines[0]).toContain('REDIS_URL');
  });
});
