import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
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

/**
 * A database and a Redis key prefix of this test file's own, on the real PostgreSQL and Redis of the
 * machine, migrated like production. cleanup() drops both.
 */
export async function createTestEnvironment(): Promise<TestEnvironment> {
  const id = `t${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  const databaseUrl = new URL(ADMIN_URL);
  databaseUrl.pathname = `/mw_test_${id}`;
  const env = {
    NODE_ENV: 'test',
    DATABASE_URL: databaseUrl.toString(),
    REDIS_URL: TEST_REDIS_URL,
    REDIS_PREFIX: `mwtest_${id}`,
    LOG_LEVEL: 'warn',
    FRONTEND_DIST: '',
  };
  await runMigrations(env);
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
      await admin.query(`DROP DATABASE IF EXISTS "mw_test_${id}" WITH (FORCE)`);
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
