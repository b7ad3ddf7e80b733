import { ConfigError, loadConfig } from './app-config';

/** The message loadConfig throws for this environment (fails the test if it does not throw). */
function configErrorOf(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe('loadConfig', () => {
  it('gives the documented defaults for an empty environment', () => {
    expect(loadConfig({})).toMatchObject({
      NODE_ENV: 'development',
      PORT: 3000,
      HOST: '0.0.0.0',
      PUBLIC_URL: 'http://localhost:3000',
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/memorywall',
      REDIS_URL: 'redis://127.0.0.1:6379',
      REDIS_PREFIX: 'mw',
      LOG_LEVEL: 'info',
      S3_USE_SSL: false,
      S3_BUCKET: 'memory-wall',
      OPENAI_API_KEY: '',
      WORKER_CONCURRENCY: 2,
      MODERATION_CONCURRENCY: 16,
      isProduction: false,
    });
  });

  it('reads given values, converting numbers and booleans', () => {
    const config = loadConfig({
      PORT: '8080',
      S3_USE_SSL: 'true',
      S3_ENDPOINT: 'minio',
      S3_PORT: '9000',
      NODE_ENV: 'production',
    });
    expect(config).toMatchObject({
      PORT: 8080,
      S3_USE_SSL: true,
      S3_ENDPOINT: 'minio',
      S3_PORT: 9000,
      isProduction: true,
    });
    expect(loadConfig({ S3_USE_SSL: 'false' }).S3_USE_SSL).toBe(false);
  });

  it('reads REDIS_CLUSTER_NODES as a list of host:port, empty for a single Redis', () => {
    expect(loadConfig({}).REDIS_CLUSTER_NODES).toEqual([]);
    expect(loadConfig({ REDIS_CLUSTER_NODES: 'redis-1:7000, 10.0.0.2:7001' }).REDIS_CLUSTER_NODES).toEqual([
      'redis-1:7000',
      '10.0.0.2:7001',
    ]);
  });

  it('reads ALLOWED_ORIGINS as a comma-separated list of origins and refuses anything else', () => {
    expect(loadConfig({}).ALLOWED_ORIGINS).toEqual([]);
    expect(loadConfig({ ALLOWED_ORIGINS: '' }).ALLOWED_ORIGINS).toEqual([]);
    expect(
      loadConfig({ ALLOWED_ORIGINS: 'https://screens.example.com, http://10.0.0.5:3000' }).ALLOWED_ORIGINS,
    ).toEqual(['https://screens.example.com', 'http://10.0.0.5:3000']);
    for (const bad of ['screens.example.com', 'https://screens.example.com/wall', 'ftp://x.example', '*']) {
      expect(configErrorOf({ ALLOWED_ORIGINS: bad })).toContain('ALLOWED_ORIGINS');
    }
  });

  it.each([
    ['PORT', 'abc'],
    ['DATABASE_URL', 'mysql://root@localhost/db'],
    ['REDIS_PREFIX', 'mw:prod'],
    ['REDIS_CLUSTER_NODES', 'redis-1:6379,redis-2'],
    ['STRIPE_API_BASE', 'localhost:12111'],
  ])('refuses a bad %s with a ConfigError naming it', (name, value) => {
    const message = configErrorOf({ [name]: value });
    expect(message).toContain(`${name}=${JSON.stringify(value)}`);
    expect(message.split('\n')).toHaveLength(2); // the heading and this one variable
  });

  it("talks to Stripe's own API unless STRIPE_API_BASE names another address", () => {
    expect(loadConfig({}).STRIPE_API_BASE).toBe('');
    expect(loadConfig({ STRIPE_API_BASE: 'http://127.0.0.1:12111' }).STRIPE_API_BASE).toBe('http://127.0.0.1:12111');
  });

  it('names every invalid variable at once', () => {
    const message = configErrorOf({ PORT: 'abc', REDIS_PREFIX: 'a b' });
    expect(message).toContain('PORT="abc"');
    expect(message).toContain('REDIS_PREFIX="a b"');
  });

  it('ignores variables it does not know', () => {
    const config = loadConfig({ PATH: '/usr/bin', SOMETHING_ELSE: 'x', npm_config_cache: '/tmp' });
    expect(config).not.toHaveProperty('PATH');
    expect(config).not.toHaveProperty('SOMETHING_ELSE');
  });
});
