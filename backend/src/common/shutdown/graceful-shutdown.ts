import { BeforeApplicationShutdown, Inject, Injectable, Logger } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import type { Server } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { AppConfig } from '@memory-wall/core';
import { Draining } from './draining';

/**
 * The API's part of a graceful shutdown, before Nest closes the HTTP server (which then waits for the
 * requests under way) and the database and Redis connections (after those requests):
 * 1. readiness fails (503) and every response closes its connection;
 * 2. after SHUTDOWN_READINESS_GRACE_MS (for balancers that route by readiness), the listening socket closes:
 *    new connections are refused, so a balancer sends them to another instance, and idle keep-alive
 *    connections are closed;
 * 3. the live sockets are told to reconnect at once (RECONNECT_NOW_CLOSE_CODE): they land on another instance.
 */
@Injectable()
export class GracefulShutdown implements BeforeApplicationShutdown {
  private readonly logger = new Logger(GracefulShutdown.name);

  constructor(
    private readonly draining: Draining,
    private readonly adapterHost: HttpAdapterHost,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  async beforeApplicationShutdown(signal?: string) {
    if (this.draining.active) return;
    this.draining.begin();
    this.logger.log(`${signal ?? 'shutdown'}: draining (readiness fails from now on)`);
    if (this.config.SHUTDOWN_READINESS_GRACE_MS > 0) await sleep(this.config.SHUTDOWN_READINESS_GRACE_MS);
    const server = this.adapterHost.httpAdapter?.getHttpServer() as Server | undefined;
    // Only stops listening (and closes idle connections): Nest's own close waits for the requests under way.
    if (server?.listening) server.close();
    await this.draining.stoppedAccepting();
    this.logger.log('no longer accepting connections; live sockets sent elsewhere; finishing requests under way');
  }
}

/**
 * While draining, a response closes its connection: the client's next request opens one to another instance.
 * Decided as the response is sent, not as the request arrives: a request that arrived before the drain began
 * (a slow upload) is answered after it, and its connection must close too.
 */
export function closeConnectionsWhileDraining(fastify: FastifyInstance, draining: Draining) {
  fastify.addHook('onSend', (_request, reply, payload, done) => {
    if (draining.active) void reply.header('connection', 'close');
    done(null, payload);
  });
}
