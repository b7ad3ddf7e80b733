import 'reflect-metadata';
import { createHash, randomBytes } from 'node:crypto';
import Redis from 'ioredis';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { dataSourceOptions, runMigrations } from '@memory-wall/core';

const ADMIN_URL = process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export interface TestEnvironment {
  /** Environment for API and workers processes of this test file. */
  env: Record<string, string>;
  dataSource: DataSource;
  redis: Redis;
  cleanup(): Promise<void>;
}

const databaseUrl = (name: string) => Object.assign(new URL(ADMIN_URL), { pathname: `/${name}` }).toString();

/** Taken while a template is looked for and built, so that test files starting together build it once. */
const TEMPLATE_LOCK = 0x6d77_7470;

/**
 * The name of a database migrated like production, built once per set of migrations and then copied for each
 * test file (`CREATE DATABASE … TEMPLATE`), which takes a fraction of the time the migrations take. The name
 * carries a hash of the migrations' code, so a changed or added migration gets a template of its own.
 */
async function migratedTemplate(admin: Client): Promise<string> {
  const hash = createHash('sha256');
  for (const migration of dataSourceOptions({ DATABASE_URL: '' }).migrations as (new () => object)[]) {
    hash.update(migration.name);
    for (const step of ['up', 'down']) hash.update(String((migration.prototype as Record<string, unknown>)[step]));
  }
  const name = `mw_template_${hash.digest('hex').slice(0, 16)}`;
  await admin.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK]);
  try {
    const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) {
      // Migrated under another name and renamed once complete: a run stopped halfway leaves no half-made template.
      const partial = `${name}_partial`;
      await admin.query(`DROP DATABASE IF EXISTS "${partial}" WITH (FORCE)`);
      await runMigrations({ DATABASE_URL: databaseUrl(partial) });
      await admin.query(`ALTER DATABASE "${partial}" RENAME TO "${name}"`);
    }
  } finally {
    await admin.query('SELECT pg_advisory_unlock($1)', [TEMPLATE_LOCK]);
  }
  return name;
}

/**
 * A database and a Redis key prefix of this test file's own, on the real PostgreSQL and Redis of the
 * machine, migrated like production. cleanup() drops both.
 */
export async function createTestEnvironment(): Promise<TestEnvironment> {
  const id = `t${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  const database = `mw_test_${id}`;
  const admin = new Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${database}" TEMPLATE "${await migratedTemplate(admin)}"`);
    // A test's database outlives no crash of the server, so its commits need not wait for the disk.
    await admin.query(`ALTER DATABASE "${database}" SET synchronous_commit = off`);
  } finally {
    await admin.end();
  }
  const env = {
    NODE_ENV: 'test',
    DATABASE_URL: databaseUrl(database),
    REDIS_URL: TEST_REDIS_URL,
    REDIS_PREFIX: `mwtest_${id}`,
    LOG_LEVEL: 'warn',
    FRONTEND_DIST: '',
  };
  const dataSource = await new DataSource(dataSourceOptions(env)).initialize();
  const redis = new Redis(TEST_REDIS_URL);

  return {
    env,
    dataSource,
    redis,
    async cleanup() {
      await dataSource.destroy();
      // In batches: a load test leaves hundreds of thousands of keys, too many for one call's arguments.
      for await (const batch of redis.scanStream({ match: `${env.REDIS_PREFIX}:*`, count: 1000 })) {
        const keys = batch as string[];
        if (keys.length) await redis.unlink(...keys);
      }
      redis.disconnect();
      const admin = new Client({ connectionString: ADMIN_URL });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
      await admin.end();
    },
  };
}

/**
 * Registers beforeAll/afterAll for a test file that needs only the database and Redis (no processes): the
 * returned environment is filled in before the file's tests run and dropped after them.
 */
export function useTestEnvironment(): TestEnvironment {
  const t = {} as TestEnvironment;
  beforeAll(async () => void Object.assign(t, await createTestEnvironment()));
  afterAll(() => t.cleanup?.());
  return t;
}
