import 'reflect-metadata';
import { assertReadyForProduction, ConfigError, loadConfig, loadDotEnv } from '@memory-wall/core';
import { createApp } from './app.factory';

async function main() {
  loadDotEnv();
  const config = loadConfig();
  await assertReadyForProduction(config);
  const app = await createApp(config);
  await app.listen({ port: config.PORT, host: config.HOST });
}

main().catch((err) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
