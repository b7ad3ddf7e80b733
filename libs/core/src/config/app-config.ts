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
import { MAX_RETENTION_DAYS, RETENTION_WARNING_DAYS } from '@memory-wall/contracts';

const toInt = ({ value }: { value: unknown }) => (value === undefined || value === '' ? undefined : Number(value));

/** A whole number of at least `min` (and at most `max`), read from its variable's text. */
function IntSetting(min: number, max?: number): PropertyDecorator {
  return (target, key) => {
    // Last first, as TypeScript applies decorators written Transform, IsInt, Min, Max: errors read the same.
    if (max !== undefined) Max(max)(target, key);
    Min(min)(target, key);
    IsInt()(target, key);
    Transform(toInt)(target, key);
  };
}
const toBool = ({ value }: { value: unknown }) =>
  value === undefined || value === ''
    ? undefined
    : ['1', 'true', 'yes'].includes((typeof value === 'string' ? value : JSON.stringify(value)).toLowerCase());
const emptyToUndefined = ({ value }: { value: unknown }) => (value === '' ? undefined : value);
const toList = ({ value }: { value: unknown }) =>
  typeof value === 'string'
    ? value
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean)
    : value;

/**
 * The one configuration of the API and the workers, read from the environment (and `.env` when present).
 * Every variable is listed, with its default and purpose, in `.env.example`.
 */
export class AppConfig {
  @IsIn(['development', 'production', 'test'])
  NODE_ENV: 'development' | 'production' | 'test' = 'development';

  @IntSetting(0, 65535)
  PORT = 3000;

  @IsString()
  HOST = '0.0.0.0';

  @IsUrl({ require_tld: false, protocols: ['http', 'https'] })
  PUBLIC_URL = 'http://localhost:3000';

  /**
   * Further origins whose pages may use the API and the live socket with a visitor's session, besides
   * PUBLIC_URL's and the address a request was sent to (comma-separated, e.g. https://screens.example.com).
   */
  @Transform(toList)
  @Matches(/^https?:\/\/[^/\s]+$/, {
    each: true,
    message: 'must be a comma-separated list of origins like https://wall.example.com',
  })
  ALLOWED_ORIGINS: string[] = [];

  @Matches(/^postgres(ql)?:\/\/.+/, { message: 'must be a postgres:// URL' })
  DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/memorywall';

  @Matches(/^rediss?:\/\/.+/, { message: 'must be a redis:// URL' })
  REDIS_URL = 'redis://127.0.0.1:6379';

  /**
   * Nodes of a Redis Cluster to start from (comma-separated host:port, e.g. redis-1:6379,redis-2:6379); the
   * rest are discovered. Set: every connection is a cluster client, the live feeds use sharded pub/sub, and
   * REDIS_URL is not used. Empty: the single Redis at REDIS_URL.
   */
  @Transform(toList)
  @Matches(/^[^\s:,]+:\d{1,5}$/, { each: true, message: 'must be a comma-separated list of host:port' })
  REDIS_CLUSTER_NODES: string[] = [];

  /** Prefix of every Redis key and channel, so several deployments (or test runs) can share one Redis. */
  @Matches(/^[a-zA-Z0-9_-]+$/, { message: 'may hold only letters, digits, - and _' })
  REDIS_PREFIX = 'mw';

  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
  LOG_LEVEL = 'info';

  /** Port of GET /metrics (Prometheus), apart from the public one; empty: no metrics endpoint. */
  @Transform(toInt)
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(65535)
  METRICS_PORT?: number;

  /** Address the metrics port listens on (0.0.0.0 in a container, for Prometheus on the same network). */
  @IsString()
  METRICS_HOST = '127.0.0.1';

  /** The bearer token a scrape of /metrics must send; required with METRICS_PORT. */
  @ValidateIf((config: AppConfig) => config.METRICS_PORT !== undefined)
  @IsString()
  @MinLength(16, { message: 'METRICS_TOKEN must be at least 16 characters when METRICS_PORT is set' })
  METRICS_TOKEN = '';

  /**
   * OTLP/HTTP collector that receives traces (e.g. http://jaeger:4318); empty: no tracing, at no cost. The
   * other standard OTEL_EXPORTER_OTLP_* variables (headers, a traces-only endpoint) and OTEL_SERVICE_NAME
   * are read by OpenTelemetry itself.
   */
  @ValidateIf((config: AppConfig) => config.OTEL_EXPORTER_OTLP_ENDPOINT !== '')
  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['http', 'https'] })
  OTEL_EXPORTER_OTLP_ENDPOINT = '';

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

  /**
   * With S3, how public renditions reach a browser: `redirect` (the API answers with a redirect to
   * MEDIA_PUBLIC_BASE_URL, or to a presigned GET of the bucket, and sends no bytes) or `stream` (through the
   * API, for a bucket browsers cannot reach). Local disk always streams.
   */
  @IsIn(['redirect', 'stream'])
  MEDIA_DELIVERY: 'redirect' | 'stream' = 'redirect';

  /**
   * With S3: where the public renditions (keys under public/) are served from, e.g. a CDN in front of the
   * bucket. Empty: the API answers a public rendition with a redirect to a presigned GET of the bucket.
   */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['http', 'https'] })
  MEDIA_PUBLIC_BASE_URL?: string;

  /** With S3 and no MEDIA_PUBLIC_BASE_URL: how long a presigned rendition URL is valid, in seconds. */
  @IntSetting(120, 604_800)
  MEDIA_PRESIGN_SECONDS = 3600;

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

  /**
   * Where mail is sent (smtp:// or smtps://, credentials in the URL). Empty: mail goes to the local outbox,
   * which the owner reads in the console (Mail), and start-up says so.
   */
  @ValidateIf((config: AppConfig) => config.SMTP_URL !== '')
  @Matches(/^smtps?:\/\/.+/, { message: 'must be an smtp:// or smtps:// URL' })
  SMTP_URL = '';

  /** The sender of every mail. */
  @IsString()
  MAIL_FROM = 'Memory Wall <no-reply@memory-wall.local>';

  /** The moderation digest goes to an event's hosts at most once per this interval (15 minutes). */
  @IntSetting(1000)
  MODERATION_DIGEST_INTERVAL_MS = 15 * 60_000;

  /** Photos, drawings and voice messages each workers process renders at once: CPU-bound, so about its cores. */
  @IntSetting(1, 64)
  WORKER_CONCURRENCY = 2;

  /**
   * Video clips each workers process transcodes at once, beside WORKER_CONCURRENCY: their own lane, so that
   * clips (minutes of CPU each, at most) never hold the slots photos need.
   */
  @IntSetting(1, 64)
  CLIP_CONCURRENCY = 1;

  /** Memories each workers process moderates at once: mostly waiting on OpenAI, so many more than cores. */
  @IntSetting(1, 256)
  MODERATION_CONCURRENCY = 16;

  /**
   * Where the API keeps guests' video clips while they go up (tus uploads, resumable). API replicas behind
   * one load balancer share it (docker-compose mounts one volume), so a resumed upload may reach any of them.
   */
  @IsString()
  VIDEO_UPLOAD_DIR = resolve(process.cwd(), 'storage', 'uploads');

  /** Longest one ffmpeg or ffprobe run may take before it is killed (a minute of 1080p transcodes in far less). */
  @IntSetting(1000)
  FFMPEG_TIMEOUT_MS = 300_000;

  /** Threads one ffmpeg run may use (CLIP_CONCURRENCY clips and WORKER_CONCURRENCY voice messages may go at once). */
  @IntSetting(1, 64)
  FFMPEG_THREADS = 2;

  /** Address space one ffmpeg or ffprobe run may take, in MB (prlimit --as). */
  @IntSetting(256)
  FFMPEG_MEMORY_MB = 2048;
  /** Keepsakes each workers process builds at once: long streams from storage into storage, flat in memory. */
  @IntSetting(1, 16)
  KEEPSAKE_CONCURRENCY = 1;

  /** How long a keepsake's download link works, in seconds (a browser resuming later asks for a new one). */
  @IntSetting(60, 7 * 24 * 3600)
  KEEPSAKE_LINK_TTL_SECONDS = 3600;

  /**
   * Days an event keeps its photos' and clips' files after its completion, unless its provider set its own
   * (the texts stay; the keepsake, built before anything is deleted, keeps the originals).
   */
  @Transform(toInt)
  @IsInt()
  @Min(RETENTION_WARNING_DAYS + 1)
  @Max(MAX_RETENTION_DAYS)
  RETENTION_DAYS = 90;

  /** How often the workers look for events to warn about or expire (the retention sweep). */
  @Transform(toInt)
  @IsInt()
  @Min(1000)
  RETENTION_SWEEP_MS = 3_600_000;

  /** How long a worker holds a job before BullMQ counts it stalled and hands it to another worker. */
  @IntSetting(1000)
  WORKER_LOCK_MS = 30_000;

  /** How long AI moderation may take before the memory is held for a human. */
  @IntSetting(100)
  OPENAI_TIMEOUT_MS = 10_000;

  /**
   * How long an API instance answers public wall reads from its cached body before reading the wall from
   * the database again, even without a live announcement: the bound on how long a change that was stored
   * but never announced (a crash, or Redis lost, between the two) stays off the wall.
   */
  @IntSetting(100)
  WALL_CACHE_MAX_AGE_MS = 30_000;

  /**
   * How long an API instance keeps following the live feed of a public wall it served again, after the
   * last read, when it has no viewer of that wall: while it follows, it knows the wall's version without
   * asking Redis (LiveSubscriber.watch).
   */
  @IntSetting(100)
  WALL_WATCH_MS = 60_000;

  /** Submissions one client address may make to one event per minute (venue guests share addresses). */
  @IntSetting(1)
  SUBMISSIONS_PER_MINUTE = 60;

  /**
   * Hearts one client address may give one event's memories per minute. A venue's guests share an address
   * and heart many memories each; this stops a script making device ids, not a busy room.
   */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  HEARTS_PER_MINUTE = 600;

  /**
   * Event look-ups by code or slug per client address per minute. A venue's guests share one Wi-Fi
   * address: 150 phones scanning the QR code in the minute after it is announced, each looking the event
   * up three or four times (the contribute page, coming back from the camera, the thank-you page), is
   * about 600. Found or not, every look-up counts here.
   */
  @IntSetting(1)
  EVENT_LOOKUPS_PER_MINUTE = 600;

  /**
   * Look-ups per client address per minute that find no event, i.e. guesses. A room of guests mistypes a
   * code a few times; a script guessing 6-character codes (31^6, about 887 million) at 30 a minute tries
   * about 0.005% of them a day.
   */
  @IntSetting(1)
  EVENT_LOOKUP_MISSES_PER_MINUTE = 30;

  /**
   * Registrations one client address may attempt per hour (those that pass validation, refused names too):
   * bounds account farming and the "already taken" answers that tell which names and emails exist.
   */
  @IntSetting(1)
  REGISTRATIONS_PER_HOUR = 10;

  /** While AI moderation is unavailable, how often held memories are offered to it again. */
  @IntSetting(100)
  AI_RETRY_DELAY_MS = 60_000;

  /**
   * Live sockets one client address may hold open on one API instance. Guests at a venue share one
   * address (a NAT), each phone and screen with a socket: keep this above a venue's crowd.
   */
  @IntSetting(1)
  LIVE_CONNECTIONS_PER_ADDRESS = 1000;

  /** Join messages one live socket may send per minute (a page joins once per connection). */
  @IntSetting(1)
  LIVE_JOINS_PER_MINUTE = 30;

  /**
   * How long an API instance remembers which feed of an event a session may join, so that a crowd joining
   * one event costs one database query: also how long a host's withdrawn access may still join the hosts' feed.
   */
  @IntSetting(0, 60_000)
  LIVE_JOIN_CACHE_MS = 5_000;

  /** Proxy hops in front of the API whose X-Forwarded-For is trusted (1 behind the compose load balancer). */
  @IntSetting(0, 5)
  TRUST_PROXY = 0;

  /** How long a client may take to send a request's headers, in total (slowly trickled headers are cut off). */
  @IntSetting(100)
  HTTP_HEADERS_TIMEOUT_MS = 20_000;

  /**
   * How long a connection may send nothing in the middle of a request before it is closed: a stalled body is
   * cut off while a slow upload that keeps moving is not (idle keep-alive connections have their own timeout).
   */
  @IntSetting(100)
  HTTP_IDLE_TIMEOUT_MS = 60_000;

  /** The outer bound on one whole request, generous enough for a 10 MB photo from a slow phone. */
  @IntSetting(1000)
  HTTP_REQUEST_TIMEOUT_MS = 900_000;

  /**
   * On SIGTERM the API answers its readiness check 503 for this long before it stops accepting connections:
   * a load balancer that routes by readiness (Kubernetes, a cloud LB) stops sending new requests first. 0
   * when the balancer fails over on a refused connection (nginx in docker-compose.yml).
   */
  @IntSetting(0)
  SHUTDOWN_READINESS_GRACE_MS = 0;

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
