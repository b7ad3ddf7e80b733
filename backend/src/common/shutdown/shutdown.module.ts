import { Global, Module } from '@nestjs/common';
import { Draining } from './draining';
import { GracefulShutdown } from './graceful-shutdown';

@Global()
@Module({ providers: [Draining, GracefulShutdown], exports: [Draining] })
export class ShutdownModule {}
