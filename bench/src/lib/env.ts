import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { createTestEnvironment, TestEnvironment } from '@memory-wall/testkit/test-environment';
import { WORK } from './procs';

/** A distinct guest address per request number (65,536 of them), for X-Forwarded-For. */
export const guestAddress = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;

export interface BenchEnvironment extends TestEnvironment {
  storageDir: string;
}

export interface BenchSettings {
  /** LOG_LEVEL of the processes under test (production's default is info). */
  logLevel: string;
}

/**
 * A private PostgreSQL database and Redis prefix (the integration tests' environment, migrated), with
 * the variables a production deployment sets: NODE_ENV=production, its log level, local-disk storage
 * in a scratch directory.
 */
export async function benchEnvironment(
  settings: BenchSettings,
  extra: Record<string, string> = {},
): Promise<BenchEnvironment> {
  const test = await createTestEnvironment();
  const storageDir = resolve(WORK, `storage-${test.env.REDIS_PREFIX}`);
  mkdirSync(storageDir, { recursive: true });
  test.env.NODE_ENV = 'production';
  test.env.LOG_LEVEL = settings.logLevel;
  test.env.STORAGE_DIR = storageDir;
  // Production refuses the published default secret.
  test.env.SESSION_SECRET = randomBytes(24).toString('hex');
  // As behind the compose load balancer: the API trusts one proxy hop, so the load side can speak for
  // many guests' addresses (X-Forwarded-For) and the per-address submission limit applies per guest.
  test.env.TRUST_PROXY = '1';
  // The fan-out fleets (up to 10,000 sockets) open from the load side's one address, with no proxy header.
  test.env.LIVE_CONNECTIONS_PER_ADDRESS = '100000';
  Object.assign(test.env, extra);
  return {
    ...test,
    storageDir,
    async cleanup() {
      await test.cleanup();
      rmSync(storageDir, { recursive: true, force: true });
    },
  };
}
