import { plainToInstance, Transform } from 'class-transformer';
import {
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  IsUrl,
  Matches,
  Max,
  Min,
  MinLength,
  ValidateIf,
  validateSync,
} from 'class-validator';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

const toInt = ({ value }: { value: unknown }) => (value === undefined || value === '' ? undefined : Number(value));
const toBool = ({ value }: { value: unknown }) =>
  value === undefined || value === '' ? undefined : ['1', 'true', 'yes'].includes(String(value).toLowerCase());
const emptyToUndefined = ({ value }: { value: unknown }) => (value === '' ? undefined : value);

/**
 * The one configuration of the API and the workers, read from the environment (and `.env` when present).
 * Every variable is listed, with its default and purpose, in `.env.example`.
 */
export class AppConfig {
  @IsIn(['development', 'production', 'test'])
  NODE_ENV: 'development' | 'production' | 'test' = 'development';

  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(65535)
  PORT = 3000;

  @IsString()
  HOST = '0.0.0.0';

  @IsUrl({ require_tld: false, protocols: ['http', 'https'] })
  PUBLIC_URL = 'http://localhost:3000';

  @Matches(/^postgres(ql)?:\/\/.+/, { message: 'must be a postgres:// URL' })
  DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/memorywall';

  @Matches(/^rediss?:\/\/.+/, { message: 'must be a redis:// URL' })
  REDIS_URL = 'redis://127.0.0.1:6379';

  /** Prefix of every Redis key and channel, so several deployments (or test runs) can share one Redis. */
  @Matches(/^[a-zA-Z0-9_-]+$/, { message: 'may hold only letters, digits, - and _' })
  REDIS_PREFIX = 'mw';

  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
  LOG_LEVEL = 'info';

  /** Directory of the built front end served by the API; empty to serve none. */
  @IsString()
  FRONTEND_DIST = resolve(__dirname, '../../../../frontend/dist');

  /** Local-disk object storage, used when S3_ENDPOINT is empty. */
  @IsString()
  STORAGE_DIR = resolve(process.cwd(), 'storage');

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  S3_ENDPOINT?: string;

  @Transform(toInt)
  @IsOptional()
  @IsInt()
  S3_PORT?: number;

  @Transform(toBool)
  @IsBoolean()
  S3_USE_SSL = false;

  @IsString()
  S3_ACCESS_KEY = '';

  @IsString()
  S3_SECRET_KEY = '';

  @IsString()
  S3_BUCKET = 'memory-wall';

  @IsString()
  S3_REGION = 'us-east-1';

  /** Empty: AI moderation holds every item for a human (fail closed). */
  @IsString()
  OPENAI_API_KEY = '';

  @IsUrl({ require_tld: false, protocols: ['http', 'https'] })
  OPENAI_BASE_URL = 'https://api.openai.com/v1';

  /** Empty: purchases answer that payments are not configured. */
  @IsString()
  STRIPE_SECRET_KEY = '';

  @IsString()
  STRIPE_PUBLISHABLE_KEY = '';

  @IsString()
  STRIPE_WEBHOOK_SECRET = '';

  /** Address of the Stripe API; empty for Stripe's own (tests point it at a local fake). */
  @ValidateIf((config: AppConfig) => config.STRIPE_API_BASE !== '')
  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['http', 'https'] })
  STRIPE_API_BASE = '';

  @IsString()
  @MinLength(16)
  SESSION_SECRET = 'local-development-session-secret-change-me';

  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(64)
  WORKER_CONCURRENCY = 2;

  /** How long a worker holds a job before BullMQ counts it stalled and hands it to another worker. */
  @Transform(toInt)
  @IsInt()
  @Min(1000)
  WORKER_LOCK_MS = 30_000;

  /** How long AI moderation may take before the memory is held for a human. */
  @Transform(toInt)
  @IsInt()
  @Min(100)
  OPENAI_TIMEOUT_MS = 10_000;

  /**
   * How long an API instance answers public wall reads from its cached body before reading the wall from
   * the database again, even without a live announcement: the bound on how long a change that was stored
   * but never announced (a crash, or Redis lost, between the two) stays off the wall.
   */
  @Transform(toInt)
  @IsInt()
  @Min(100)
  WALL_CACHE_MAX_AGE_MS = 30_000;

  /**
   * How long an API instance keeps following the live feed of a public wall it served again, after the
   * last read, when it has no viewer of that wall: while it follows, it knows the wall's version without
   * asking Redis (LiveSubscriber.watch).
   */
  @Transform(toInt)
  @IsInt()
  @Min(100)
  WALL_WATCH_MS = 60_000;

  /** Submissions one client address may make to one event per minute (venue guests share addresses). */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  SUBMISSIONS_PER_MINUTE = 60;

  /**
   * Registrations one client address may attempt per hour (those that pass validation, refused names too):
   * bounds account farming and the "already taken" answers that tell which names and emails exist.
   */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  REGISTRATIONS_PER_HOUR = 10;

  /** While AI moderation is unavailable, how often held memories are offered to it again. */
  @Transform(toInt)
  @IsInt()
  @Min(100)
  AI_RETRY_DELAY_MS = 60_000;

  /** Proxy hops in front of the API whose X-Forwarded-For is trusted (1 behind the compose load balancer). */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(5)
  TRUST_PROXY = 0;

  /** When all three are set, the API creates this owner account at start-up if it does not exist. */
  @IsString()
  OWNER_USERNAME = '';

  @IsString()
  OWNER_EMAIL = '';

  @IsString()
  OWNER_PASSWORD = '';

  get isProduction() {
    return this.NODE_ENV === 'production';
  }
}

export class ConfigError extends Error {}

/**
 * Validates the environment. Throws a ConfigError naming every missing or invalid variable, so that
 * start-up stops with a message an operator can act on.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const known = Object.keys(new AppConfig());
  const given = Object.fromEntries(
    Object.entries(env).filter(([key, value]) => known.includes(key) && value !== undefined),
  );
  const config = plainToInstance(AppConfig, given, { exposeDefaultValues: true });
  const errors = validateSync(config, { skipMissingProperties: false });
  if (errors.length > 0) {
    const lines = errors.map((e) => {
      const why = Object.values(e.constraints ?? {}).join(', ');
      return `${e.property}=${JSON.stringify(env[e.property] ?? '')}: ${why}`;
    });
    throw new ConfigError(`Invalid configuration (see .env.example):\n  ${lines.join('\n  ')}`);
  }
  return config;
}

/** Loads `.env` from the working directory into process.env when it exists (real env vars win). */
export function loadDotEnv(path = resolve(process.cwd(), '.env')) {
  if (existsSync(path)) process.loadEnvFile(path);
}
