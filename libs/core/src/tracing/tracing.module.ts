import { DynamicModule, Global, Inject, Injectable, Module, OnApplicationShutdown } from '@nestjs/common';
import type { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { AppConfig } from '../config/app-config';
import { startTracing, TracedService } from './tracing';

const SERVICE = Symbol('TracedService');

/** The process's tracing: started with the application when OTEL_EXPORTER_OTLP_ENDPOINT is set, flushed when it stops. */
@Injectable()
export class Tracing implements OnApplicationShutdown {
  private readonly provider?: NodeTracerProvider;

  constructor(@Inject(SERVICE) service: TracedService, @Inject(AppConfig) config: AppConfig) {
    this.provider = startTracing(service, config.OTEL_EXPORTER_OTLP_ENDPOINT);
  }

  get enabled(): boolean {
    return this.provider !== undefined;
  }

  async onApplicationShutdown() {
    // The last batch of spans goes out before the process ends.
    await this.provider?.shutdown();
  }
}

@Global()
@Module({})
export class TracingModule {
  static forRoot(service: TracedService): DynamicModule {
    return {
      module: TracingModule,
      providers: [{ provide: SERVICE, useValue: service }, Tracing],
      exports: [Tracing],
    };
  }
}
