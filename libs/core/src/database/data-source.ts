import { Client, type Pool } from 'pg';
import { DataSource, DataSourceOptions } from 'typeorm';
import { AppConfig } from '../config/app-config';
import { ENTITIES } from './entities';
import { MIGRATIONS } from './migrations';

export function dataSourceOptions(config: Pick<AppConfig, 'DATABASE_URL'>): DataSourceOptions {
  return {
    type: 'postgres',
    url: config.DATABASE_URL,
    uuidExtension: 'pgcrypto',
    entities: ENTITIES,
    migrations: MIGRATIONS,
    // The schema changes only through reviewed migrations.
    synchronize: false,
    migrationsRun: false,
    extra: { max: 20, connectionTimeoutMillis: 5000 },
  };
}

/** The pg pool under a TypeORM data source (its PostgreSQL driver keeps it as `master`). */
export function pgPool(dataSource: DataSource): Pool {
  return (dataSource.driver as unknown as { master: Pool }).master;
}

/** Creates the database named in the URL when the server has no such database yet. */
export async function ensureDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new Client({ connectionString: admin.toString(), connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
  } finally {
    await client.end();
  }
}

/** Applies pending migrations; returns the names of those it ran. */
export async function runMigrations(config: Pick<AppConfig, 'DATABASE_URL'>): Promise<string[]> {
  await ensureDatabase(config.DATABASE_URL);
  const dataSource = new DataSource(dataSourceOptions(config));
  await dataSource.initialize();
  try {
    const ran = await dataSource.runMigrations({ transaction: 'each' });
    return ran.map((m) => m.name);
  } finally {
    await dataSource.destroy();
  }
}

/** Reverts the latest applied migration (its `down`); returns its name, or null when none was applied. */
export async function undoLastMigration(config: Pick<AppConfig, 'DATABASE_URL'>): Promise<string | null> {
  const dataSource = new DataSource(dataSourceOptions(config));
  await dataSource.initialize();
  try {
    const applied = await dataSource.query<{ name: string }[]>(
      'SELECT name FROM migrations ORDER BY timestamp DESC LIMIT 1',
    );
    if (!applied.length) return null;
    await dataSource.undoLastMigration({ transaction: 'each' });
    return applied[0].name;
  } finally {
    await dataSource.destroy();
  }
}
