import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import { assertReadyForProduction, ConfigError, createLogger, loadConfig, loadDotEnv } from '@memory-wall/core';
import { WorkersModule } from './workers.module';

async function main() {
  loadDotEnv();
  const config = loadConfig();
  await assertReadyForProduction(config);
  const app = await NestFactory.createApplicationContext(
    WorkersModule.forRoot(config, createLogger(config.LOG_LEVEL, 'workers')),
    { bufferLogs: true },
  );
  app.useLogger(app.get(Logger));
  app.enableShutdownHooks();
}

main().catch((err) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
