import { Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { SessionGuard } from '../../common/auth/session.guard';
import { SessionStore } from './session.store';

/** Sessions for every module, and the guard that authorises every route. */
@Global()
@Module({
  providers: [SessionStore, { provide: APP_GUARD, useClass: SessionGuard }],
  exports: [SessionStore],
})
export class SessionModule {}
