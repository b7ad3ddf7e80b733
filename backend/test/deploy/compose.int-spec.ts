import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Metrics } from '@memory-wall/core';

const ROOT = resolve(__dirname, '../../..');
const COMPOSE_FILE = join(ROOT, 'docker-compose.yml');
const NGINX_CONF = join(ROOT, 'deploy/nginx.conf');
const PROMETHEUS_CONF = join(ROOT, 'deploy/prometheus.yml');
const DASHBOARD = join(ROOT, 'deploy/grafana/dashboards/memory-wall.json');

const DEBIAN_COMPOSE = '/usr/bin/docker-compose';
const DEBIAN_PYTHON = '/usr/bin/python3';
const INSTALL_HINT =
  'docker-compose is required to validate docker-compose.yml but was not found. ' +
  'Install it with: apt-get update && apt-get install -y docker-compose';

// Debian's docker-compose is a Python script; run it with the system Python so a pyenv/venv `python3` on PATH
// (without its modules) cannot break it.
function composeCommand(): [string, string[]] {
  if (existsSync(DEBIAN_COMPOSE) && existsSync(DEBIAN_PYTHON)) return [DEBIAN_PYTHON, [DEBIAN_COMPOSE]];
  return ['docker-compose', []];
}

// A clean environment and an empty env file (instead of a developer's ./.env), so the compose file itself is
// what gets checked. docker-compose 1.29 refuses /dev/null as an env file.
const cleanEnv = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? '/tmp', LANG: 'C.UTF-8' };
/** The secrets the compose file requires from its operator (it has no defaults for them). */
const OPERATOR_SECRETS = {
  POSTGRES_PASSWORD: 'pg-secret-from-operator',
  MINIO_ROOT_USER: 'minio-user-from-operator',
  MINIO_ROOT_PASSWORD: 'minio-secret-from-operator',
  SESSION_SECRET: 'session-secret-from-operator-0123456789',
  OWNER_PASSWORD: 'ownerFromOperator1',
  METRICS_TOKEN: 'metrics-token-from-operator-0123',
  GRAFANA_ADMIN_PASSWORD: 'grafana-secret-from-operator',
};
const scratchDir = mkdtempSync(join(tmpdir(), 'compose-spec-'));
const emptyEnvFile = join(scratchDir, 'empty.env');
writeFileSync(emptyEnvFile, '');
afterAll(() => rmSync(scratchDir, { recursive: true, force: true }));

function compose(args: string[], secrets: Record<string, string> = OPERATOR_SECRETS): string {
  const [command, prefix] = composeCommand();
  try {
    return execFileSync(command, [...prefix, '--env-file', emptyEnvFile, '-f', COMPOSE_FILE, ...args], {
      cwd: ROOT,
      env: { ...cleanEnv, ...secrets },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  } catch (error) {
    const e = error as NodeJS.ErrnoException & { status?: number; stderr?: string };
    if (e.code === 'ENOENT') throw new Error(INSTALL_HINT, { cause: error });
    throw new Error(`docker-compose ${args.join(' ')} exited with ${e.status}:\n${e.stderr ?? e.message}`, {
      cause: error,
    });
  }
}

interface ComposeService {
  command?: string | string[];
  environment?: Record<string, string | null>;
  deploy?: { replicas?: number };
  ports?: Array<string | { published?: number | string; target?: number | string }>;
  volumes?: Array<string | { source?: string; target?: string }>;
  depends_on?: Record<string, { condition?: string }> | string[];
}

interface ComposeConfig {
  services: Record<string, ComposeService>;
}

// docker-compose 1.29 has no `config --format json`: convert its normalised YAML with the PyYAML it depends on.
function resolvedConfig(): ComposeConfig {
  const yaml = compose(['config']);
  const json = execFileSync(
    DEBIAN_PYTHON,
    ['-c', 'import json, sys, yaml; json.dump(yaml.safe_load(sys.stdin), sys.stdout)'],
    { input: yaml, encoding: 'utf8' },
  );
  return JSON.parse(json) as ComposeConfig;
}

function publishedPorts(service: ComposeService): string[] {
  return (service.ports ?? []).map((port) => {
    if (typeof port !== 'string') return String(port.published);
    const parts = port.split(':'); // [ip:]published:target
    return parts.length >= 2 ? parts[parts.length - 2] : '';
  });
}

jest.setTimeout(60_000);

describe('docker-compose.yml', () => {
  it('is a valid compose file (docker-compose config -q)', () => {
    expect(() => compose(['config', '-q'])).not.toThrow();
  });

  it("refuses to run without the operator's secrets, naming each one", () => {
    for (const name of Object.keys(OPERATOR_SECRETS)) {
      const { [name as keyof typeof OPERATOR_SECRETS]: _, ...others } = OPERATOR_SECRETS;
      expect(() => compose(['config', '-q'], others)).toThrow(`set ${name}`);
    }
  });

  it("passes the operator's secrets through, runs production and never seeds the demo", () => {
    const { services } = resolvedConfig();
    for (const name of ['api', 'workers', 'migrate']) {
      expect(services[name].environment).toMatchObject({
        NODE_ENV: 'production',
        SESSION_SECRET: OPERATOR_SECRETS.SESSION_SECRET,
        S3_SECRET_KEY: OPERATOR_SECRETS.MINIO_ROOT_PASSWORD,
        OWNER_PASSWORD: OPERATOR_SECRETS.OWNER_PASSWORD,
        DATABASE_URL: expect.stringContaining(`:${OPERATOR_SECRETS.POSTGRES_PASSWORD}@postgres:5432/`),
      });
    }
    expect([services.migrate.command].flat().join(' ')).not.toMatch(/seed/);
  });

  it('runs two API replicas behind nginx on port 3000, after migrations, with a durable Redis', () => {
    const { services } = resolvedConfig();

    expect(services.api.deploy?.replicas).toBe(2);
    expect(services.api.depends_on).toMatchObject({
      migrate: { condition: 'service_completed_successfully' },
      redis: { condition: 'service_healthy' },
    });

    const redisCommand = [services.redis.command ?? []].flat().join(' ');
    expect(redisCommand).toMatch(/--appendonly yes\b/);
    expect(redisCommand).toMatch(/--maxmemory-policy noeviction\b/);

    expect(publishedPorts(services.lb)).toContain('3000');
    const lbVolumes = (services.lb.volumes ?? []).map((v) => (typeof v === 'string' ? v : `${v.source}:${v.target}`));
    expect(lbVolumes.some((v) => v.includes('deploy/nginx.conf:/etc/nginx/nginx.conf'))).toBe(true);
  });

  it('proxies WebSocket upgrades on /ws and forwards client address and scheme', () => {
    const conf = readFileSync(NGINX_CONF, 'utf8');

    expect(conf).toMatch(/map \$http_upgrade \$connection_upgrade/);
    expect(conf).toMatch(/proxy_set_header\s+Upgrade\s+\$http_upgrade;/);
    expect(conf).toMatch(/proxy_set_header\s+Connection\s+\$connection_upgrade;/);
    expect(conf).toMatch(/location \/ws \{[^}]*proxy_read_timeout\s+\d+[hm];/);
    expect(conf).toMatch(/proxy_set_header\s+X-Forwarded-For\s+\$proxy_add_x_forwarded_for;/);
    expect(conf).toMatch(/proxy_set_header\s+X-Forwarded-Proto\s+\$scheme;/);
    expect(conf).toMatch(/client_max_body_size\s+12m;/);
  });

  it('has Prometheus scrape every API replica and the workers on their metrics port, with the token, never published', () => {
    const { services } = resolvedConfig();
    for (const name of ['api', 'workers']) {
      expect(services[name].environment).toMatchObject({
        METRICS_PORT: '9464',
        METRICS_HOST: '0.0.0.0',
        METRICS_TOKEN: OPERATOR_SECRETS.METRICS_TOKEN,
      });
      expect(publishedPorts(services[name])).toEqual([]);
    }
    expect(services.prometheus.environment).toMatchObject({ METRICS_TOKEN: OPERATOR_SECRETS.METRICS_TOKEN });
    const prometheus = readFileSync(PROMETHEUS_CONF, 'utf8');
    for (const job of ['api', 'workers']) {
      expect(prometheus).toMatch(
        new RegExp(
          `job_name: ${job}\\n[^]*?credentials_file: /prometheus/metrics-token[^]*?names: \\[${job}\\][^]*?port: 9464`,
        ),
      );
    }
    expect([services.prometheus.command].flat().join(' ')).toContain('/prometheus/metrics-token');
    const grafanaVolumes = (services.grafana.volumes ?? []).map((v) =>
      typeof v === 'string' ? v : `${v.source}:${v.target}`,
    );
    expect(grafanaVolumes.some((v) => v.includes('deploy/grafana/dashboards:/var/lib/grafana/dashboards'))).toBe(true);
    expect(grafanaVolumes.some((v) => v.includes('deploy/grafana/provisioning:/etc/grafana/provisioning'))).toBe(true);
  });

  it('draws the dashboard only from series the API and workers export', async () => {
    const dashboard = JSON.parse(readFileSync(DASHBOARD, 'utf8')) as {
      panels: Array<{ targets?: Array<{ expr: string }> }>;
    };
    const used = new Set(
      dashboard.panels
        .flatMap((panel) => panel.targets ?? [])
        .flatMap((target) => target.expr.match(/memorywall_\w+/g) ?? []),
    );
    const metrics = new Metrics();
    const exported = new Set((await metrics.registry.getMetricsAsJSON()).map((metric) => metric.name));
    metrics.registry.clear();
    const unknown = [...used].filter((name) => !exported.has(name.replace(/_(bucket|count|sum)$/, '')));
    expect(used.size).toBeGreaterThan(10);
    expect(unknown).toEqual([]);
  });
});
