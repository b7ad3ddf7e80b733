import { execFile } from 'node:child_process';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { runMigrations, undoLastMigration } from '@memory-wall/core';
import { createTestEnvironment, TestEnvironment } from '@memory-wall/testkit/test-environment';

const ROOT = resolve(__dirname, '../../..');
const run = promisify(execFile);

/** Rollback of an upgrade (docs/operations.md): every migration's `down` runs, and the schema comes back whole. */
describe('migration rollback (node scripts/migrate.mjs --undo)', () => {
  let t: TestEnvironment;

  beforeAll(async () => {
    t = await createTestEnvironment();
  });

  afterAll(() => t?.cleanup());

  const applied = async (): Promise<string[]> =>
    (await t.dataSource.query('SELECT name FROM migrations ORDER BY timestamp')).map(
      (row: { name: string }) => row.name,
    );

  it('reverts the latest migration, then every other one down to an empty schema, and migrating again restores it', async () => {
    const all = await applied();
    const { stdout } = await run(process.execPath, [join(ROOT, 'scripts/migrate.mjs'), '--undo'], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', ...t.env },
    });
    expect(stdout).toContain(`Reverted migration: ${all.at(-1)}`);
    expect(await applied()).toEqual(all.slice(0, -1));

    while (await undoLastMigration({ DATABASE_URL: t.env.DATABASE_URL }));
    expect(await applied()).toEqual([]);
    const [{ tables }] = await t.dataSource.query(
      `SELECT count(*)::int AS tables FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'migrations'`,
    );
    expect(tables).toBe(0);

    expect(await runMigrations({ DATABASE_URL: t.env.DATABASE_URL })).toEqual(all);
    const pending = await t.dataSource.driver.createSchemaBuilder().log();
    expect(pending.upQueries.map((q) => q.query)).toEqual([]);
  });
});
