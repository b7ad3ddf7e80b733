import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../database/data-source';
import { demoAccountsPresent } from '../demo/demo-data';
import { AppConfig, ConfigError } from './app-config';

/**
 * Secrets whose values are published in this repository (built-in defaults, .env.example, earlier compose
 * files, MinIO's own default): anyone who reads the code knows them.
 */
const PUBLISHED_SECRETS: Partial<Record<keyof AppConfig, readonly string[]>> = {
  SESSION_SECRET: [
    'local-development-session-secret-change-me',
    'local-only-session-secret-change-me-0123456789abcdef',
  ],
  S3_ACCESS_KEY: ['memorywall', 'minioadmin'],
  S3_SECRET_KEY: ['memorywall-local-secret', 'minioadmin'],
  OWNER_PASSWORD: ['changeme123', 'ownerpass1'],
};
const PUBLISHED_DATABASE_PASSWORDS = ['memorywall-local'];

/** What keeps this configuration from running in production, one line per variable to set. */
export function productionConfigProblems(config: AppConfig): string[] {
  const problems: string[] = [];
  for (const [name, published] of Object.entries(PUBLISHED_SECRETS) as [keyof AppConfig, readonly string[]][]) {
    if (name.startsWith('S3_') && !config.S3_ENDPOINT) continue;
    if (published.includes(String(config[name])))
      problems.push(`${name} is a published default value: set your own secret`);
  }
  const databasePassword = decodeURIComponent(new URL(config.DATABASE_URL).password);
  if (PUBLISHED_DATABASE_PASSWORDS.includes(databasePassword)) {
    problems.push('DATABASE_URL uses a published default password: set your own (POSTGRES_PASSWORD in docker-compose)');
  }
  return problems;
}

/**
 * API and workers call this before starting: in production they refuse to run with a published secret or
 * with the demo accounts (whose passwords are published) in the database, naming what to change.
 */
export async function assertReadyForProduction(config: AppConfig): Promise<void> {
  if (!config.isProduction) return;
  const problems = productionConfigProblems(config);
  const dataSource = await new DataSource(dataSourceOptions(config)).initialize();
  try {
    const demo = await demoAccountsPresent(dataSource);
    if (demo.length) {
      problems.push(
        `demo accounts with published passwords exist (${demo.join(', ')}): remove them with \`node scripts/remove-demo.mjs\``,
      );
    }
  } finally {
    await dataSource.destroy();
  }
  if (problems.length)
    throw new ConfigError(`Refusing to start in production (NODE_ENV=production):\n  ${problems.join('\n  ')}`);
}
