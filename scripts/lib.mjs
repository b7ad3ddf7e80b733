// Shared by the start, migrate and seed scripts: load the built libraries and check the services.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
export const core = require('../libs/core/dist/index.js');

/** The validated configuration, or one clear message and exit. */
export function config() {
  core.loadDotEnv();
  try {
    return core.loadConfig();
  } catch (err) {
    console.error(err.message);
    process.exit(1);
  }
}

const redact = (url) => {
  const u = new URL(url);
  if (u.password) u.password = '***';
  return u.toString();
};

/** Stops with one line naming the URL tried when PostgreSQL or Redis cannot be reached. */
export async function requireServices(cfg) {
  try {
    await core.ensureDatabase(cfg.DATABASE_URL);
  } catch (err) {
    fail('PostgreSQL', redact(cfg.DATABASE_URL), 'DATABASE_URL', err);
  }
  const Redis = require('ioredis');
  const redis = new Redis(cfg.REDIS_URL, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    connectTimeout: 3000,
  });
  let cause;
  redis.on('error', (err) => (cause ??= err));
  try {
    await redis.connect();
    await redis.ping();
  } catch (err) {
    fail('Redis', redact(cfg.REDIS_URL), 'REDIS_URL', cause ?? err);
  } finally {
    redis.disconnect();
  }
}

function fail(service, url, variable, err) {
  const why = err.code ?? err.message ?? String(err);
  console.error(
    `Cannot reach ${service} at ${url} (${why}). Start it, or set ${variable} in .env or the environment to point elsewhere.`,
  );
  process.exit(1);
}
