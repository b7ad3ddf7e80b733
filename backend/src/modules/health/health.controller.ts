import { Controller, Get, Header, Inject } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from '../../common/auth/auth.decorators';
import { HealthCheck, HealthCheckService, HealthIndicatorService, TypeOrmHealthIndicator } from '@nestjs/terminus';
import Redis from 'ioredis';
import { REDIS } from '@memory-wall/core';
import { Answers } from '../../openapi/responses';

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly database: TypeOrmHealthIndicator,
    private readonly indicators: HealthIndicatorService,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  @Public()
  @Get()
  @HealthCheck()
  @ApiOperation({ summary: 'Database and Redis reachability (200 up, 503 down)' })
  check() {
    return this.health.check([
      () => this.database.pingCheck('database', { timeout: 2000 }),
      () =>
        this.indicators
          .check('redis')
          .attempt(async () => void (await this.redis.ping()))
          .withTimeout(2000),
    ]);
  }

  /**
   * Liveness: answers while the process serves HTTP, without touching the database or Redis. A venue
   * screen that lost its live socket asks this before opening another (frontend/src/api/live.ts): a cheap
   * request that no browser throttles, unlike failed WebSocket attempts. Not rate-limited: hundreds of
   * screens behind one venue address ask it every second or so while the network is down. The screen
   * sends no cookie, so the session guard reads nothing either.
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
