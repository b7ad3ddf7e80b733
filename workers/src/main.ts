import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { assertReadyForProduction, ConfigError, createJsonLogger, loadConfig, loadDotEnv } from '@memory-wall/core';
import { WorkersModule } from './workers.module';

async function main() {
  loadDotEnv();
  const config = loadConfig();
  await assertReadyForProduction(config);
  const app = await NestFactory.createApplicationContext(WorkersModule.forRoot(config), {
    logger: createJsonLogger(config.LOG_LEVEL),
  });
  app.enableShutdownHooks();
}

main().catch((err) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
