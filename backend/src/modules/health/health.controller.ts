import { applyDecorators, Controller, Get, Header, Inject } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { Public } from '../../common/auth/auth.decorators';
import { HealthCheck, HealthCheckService, HealthIndicatorService, TypeOrmHealthIndicator } from '@nestjs/terminus';
import Redis from 'ioredis';
import { REDIS } from '@memory-wall/core';
import { Draining } from '../../common/shutdown/draining';
import { Answers, schemaRef } from '../../openapi/responses';

/** Terminus documents its report itself: off, so that the contracts' schemas below are the only ones. */
const HEALTH_CHECK = { noCache: true, swaggerDocumentation: false };

/** The readiness answers: the checks' report, ready or not (the 503 is the report too, not an error body). */
const Readiness = () =>
  applyDecorators(
    Answers(200, 'ReadinessResponse', 'Ready'),
    ApiResponse({
      status: 503,
      description: 'Not ready: a store is unreachable or the instance is shutting down',
      schema: schemaRef('NotReadyResponse'),
    }),
  );

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly database: TypeOrmHealthIndicator,
    private readonly indicators: HealthIndicatorService,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly draining: Draining,
  ) {}

  /**
   * Readiness: whether this instance should be sent requests. Down (503) while the database or Redis is
   * unreachable, and from the moment the instance starts shutting down (SIGTERM), before it stops
   * accepting connections, so a balancer that routes by readiness moves its clients first.
   */
  @Public()
  @Get('ready')
  @HealthCheck(HEALTH_CHECK)
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: 'Readiness: database and Redis reachable and not shutting down (200 ready, 503 not)' })
  @Readiness()
  ready() {
    return this.health.check([
      () => {
        const instance = this.indicators.check('instance');
        return this.draining.active ? instance.down({ reason: 'shutting down' }) : instance.up();
      },
      () => this.database.pingCheck('database', { timeout: 2000 }),
      () =>
        this.indicators
          .check('redis')
          .attempt(async () => void (await this.redis.ping()))
          .withTimeout(2000),
    ]);
  }

  /** The readiness check at its first address (kept for the probes and scripts that ask it). */
  @Public()
  @Get()
  @HealthCheck(HEALTH_CHECK)
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: 'Readiness (same as /api/health/ready)' })
  @Readiness()
  check() {
    return this.ready();
  }

  /**
   * Liveness: answers while the process serves HTTP, without touching the database or Redis. A venue
   * screen that lost its live socket asks this before opening another (frontend/src/api/live.ts): a cheap
   * request that no browser throttles, unlike failed WebSocket attempts. Not rate-limited: hundreds of
   * screens behind one venue address ask it every second or so while the network is down. The screen
   * sends no cookie, so the session guard reads nothing either. Still 200 while the instance drains: the
   * process is alive, and restarting it would cut the requests it is finishing.
   */
  @Public()
  @Get('live')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: 'Liveness: 200 while the API process answers (no database or Redis I/O)' })
  @Answers(200, 'LivenessResponse')
  live() {
    return { status: 'ok' };
  }
}
