import { Module } from '@nestjs/common';
import { EventsModule } from '../modules/events/events.module';
import { LiveAdmission } from './live-admission';
import { LiveGateway } from './live.gateway';
import { LiveRegistry } from './live-registry';
import { LiveSubscriber } from './live-subscriber';
import { SessionRevocations } from './session-revocations';

@Module({
  imports: [EventsModule],
  providers: [LiveGateway, LiveAdmission, LiveRegistry, LiveSubscriber, SessionRevocations],
  exports: [LiveSubscriber],
})
export class LiveModule {}
