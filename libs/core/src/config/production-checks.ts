import { DataSource, In } from 'typeorm';
import { Role } from '@memory-wall/contracts';
import { dataSourceOptions } from '../database/data-source';
import { User } from '../database/entities/user.entity';
import { DEMO_LOGINS, DEMO_USERNAMES, demoAccountsPresent, hasUsersTable } from '../demo/demo-data';
import { verifyPassword } from '../users/passwords';
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
/** Account passwords published here: the demo logins' and the owner's published defaults. */
const PUBLISHED_PASSWORDS = [
  ...new Set([...Object.values(DEMO_LOGINS).map((login) => login.password), ...PUBLISHED_SECRETS.OWNER_PASSWORD!]),
];

/**
 * The usernames of the accounts that sign in with a published password, among those worth a look: the demo
 * usernames (a seeded account whose address was changed) and the owners. Checking every account would cost
 * a slow hash per password and account at each start.
 */
export async function accountsWithPublishedPasswords(dataSource: DataSource): Promise<string[]> {
  if (!(await hasUsersTable(dataSource))) return [];
  const accounts = await dataSource
    .getRepository(User)
    .createQueryBuilder('u')
    .addSelect('u.password')
    .where([{ username: In(DEMO_USERNAMES) }, { role: Role.Owner }])
    .orderBy('u.username')
    .getMany();
  const published = await Promise.all(
    accounts.map(async (account) => {
      for (const password of PUBLISHED_PASSWORDS)
        if (await verifyPassword(account.password, password).catch(() => false)) return account.username;
      return null;
    }),
  );
  return published.filter((username): username is string => username !== null);
}

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
    const published = (await accountsWithPublishedPasswords(dataSource)).filter((name) => !demo.includes(name));
    if (published.length) {
      problems.push(
        `accounts sign in with a password published in this repository (${published.join(', ')}): give them passwords of their own`,
      );
    }
  } finally {
    await dataSource.destroy();
  }
  if (problems.length)
    throw new ConfigError(`Refusing to start in production (NODE_ENV=production):\n  ${problems.join('\n  ')}`);
}
