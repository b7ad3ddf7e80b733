import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { dataSourceOptions, loadConfig, loadDotEnv } from '@memory-wall/core';
import { DEMO_EVENT, DEMO_LOGINS, seedDemo } from './demo-seed';

/** `npm run seed`, and step three of `npm start`. */
export async function runSeed() {
  loadDotEnv();
  const config = loadConfig();
  const dataSource = await new DataSource(dataSourceOptions(config)).initialize();
  try {
    const result = await seedDemo(dataSource);
    return { ...result, config, logins: DEMO_LOGINS, event: DEMO_EVENT };
  } finally {
    await dataSource.destroy();
  }
}
