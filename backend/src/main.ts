import 'reflect-metadata';
import { assertReadyForProduction, ConfigError, loadConfig, loadDotEnv } from '@memory-wall/core';
import { createApp } from './app.factory';

/**
 * Connections the kernel holds for the API before it accepts them (capped by net.core.somaxconn). When an
 * instance restarts, every screen it served connects again within a second; beyond Node's default of 511 the
 * kernel drops the rest of the SYNs, and those screens wait a whole TCP retransmission (1 s) more.
 */
const LISTEN_BACKLOG = 4096;

async function main() {
  loadDotEnv();
  const config = loadConfig();
  await assertReadyForProduction(config);
  const app = await createApp(config);
  await app.listen({ port: config.PORT, host: config.HOST, backlog: LISTEN_BACKLOG });
}

main().catch((err) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
