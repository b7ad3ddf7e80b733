import 'reflect-metadata';
import { DataSource } from 'typeorm';
import {
  AppConfig,
  ConfigError,
  dataSourceOptions,
  DEMO_EVENT,
  DEMO_LOGINS,
  loadConfig,
  loadDotEnv,
  removeDemoData,
} from '@memory-wall/core';
import { seedDemo } from './demo-seed';

/** The demo's passwords are published: its accounts must never exist in a production database. */
function refuseInProduction(config: AppConfig) {
  if (config.isProduction) throw new ConfigError('The demo seed does not run in production (NODE_ENV=production).');
}

async function withDatabase<T>(config: AppConfig, work: (dataSource: DataSource) => Promise<T>): Promise<T> {
  const dataSource = await new DataSource(dataSourceOptions(config)).initialize();
  try {
    return await work(dataSource);
  } finally {
    await dataSource.destroy();
  }
}

/** `npm run seed`, and step three of `npm start` (which skips it in production). */
export async function runSeed() {
  loadDotEnv();
  const config = loadConfig();
  refuseInProduction(config);
  const result = await withDatabase(config, seedDemo);
  return { ...result, config, logins: DEMO_LOGINS, event: DEMO_EVENT };
}

/** `node scripts/remove-demo.mjs`: deletes the demo event and accounts (allowed in production). */
export async function removeDemo() {
  loadDotEnv();
  await withDatabase(loadConfig(), removeDemoData);
}
