import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { SwaggerModule } from '@nestjs/swagger';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { Logger, PinoLogger } from 'nestjs-pino';
import { AppConfig, createLogger, Metrics, Tracing } from '@memory-wall/core';
import { AppModule } from './app.module';
import { AccessLog } from './common/access-log';
import { toErrorBody } from './common/api-errors';
import { ApiExceptionFilter } from './common/api-exception.filter';
import { createLogStream } from './common/log-stream';
import { compressResponses } from './common/compression';
import { measureRequests } from './common/http-metrics';
import { bindRequestLogContext } from './common/request-log-context';
import { traceRequests } from './common/request-tracing';
import { FrontendPages } from './common/frontend-pages';
import { apiValidationPipe } from './common/validation.pipe';
import { OwnOrigins, refuseForeignOrigins } from './common/origin-check';
import { applyRouteBodyLimits, DEFAULT_BODY_LIMIT, refuseUnacceptableRequests } from './common/request-limits';
import { addSecurityHeaders } from './common/security-headers';
import { closeConnectionsWhileDraining } from './common/shutdown/graceful-shutdown';
import { Draining } from './common/shutdown/draining';
import { trustProxyHops } from './common/trusted-proxies';
import { parseClientMessage } from './live/live-message-parser';
import { LiveWsAdapter } from './live/live-ws-adapter';
import { MemoriesService } from './modules/memories/memories.service';
import { answerPublicWallReads } from './modules/memories/public-wall.http';
import { MemoriesController } from './modules/memories/memories.controller';
import { throttleDrawingsBeforeTheirBody } from './modules/memories/drawing-throttle.http';
import { SubmissionsController } from './modules/memories/submissions.controller';
import { SubmissionThrottle } from './modules/memories/submission-throttle';
import { API_PREFIX, routeOf } from './common/routes';
import { acceptStreamedForms } from './modules/uploads/upload-file';
import { createOpenApiDocument } from './openapi/openapi-document';

const REQUEST_ID = /^[\w.-]{1,128}$/;

/** Builds the API application, not yet listening (main.ts starts it). */
export async function createApp(config: AppConfig): Promise<NestFastifyApplication> {
  const logStream = createLogStream();
  const logger = createLogger(config.LOG_LEVEL, 'api', logStream);
  const adapter = new FastifyAdapter({
    loggerInstance: logger,
    logController: new AccessLog(),
    // Keep a caller's request id (from the load balancer) so one id follows a request through the logs.
    genReqId: (req: { headers: Record<string, string | string[] | undefined> }) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    // Routes that need more say so with @BodyLimit (drawings); uploads are multipart and limited per route.
    bodyLimit: DEFAULT_BODY_LIMIT,
    // A client that trickles its headers, or stops sending a body, is cut off; a slow body that keeps
    // moving is not, up to the outer bound of a whole request.
    connectionTimeout: config.HTTP_IDLE_TIMEOUT_MS,
    requestTimeout: config.HTTP_REQUEST_TIMEOUT_MS,
    http: {
      headersTimeout: Math.min(config.HTTP_HEADERS_TIMEOUT_MS, config.HTTP_REQUEST_TIMEOUT_MS),
      // Node checks the headers and request timeouts only this often (30 s by default).
      connectionsCheckingInterval: Math.min(config.HTTP_HEADERS_TIMEOUT_MS, 1_000),
    },
    // Only this many proxies may speak for the client: a spoofed X-Forwarded-For beyond them is ignored.
    trustProxy: trustProxyHops(config.TRUST_PROXY),
    // Fastify's own refusals before routing (a malformed or over-long path) answer the API's one error body too.
    frameworkErrors: (error: FastifyError, _request: FastifyRequest, reply: FastifyReply) => {
      const body = toErrorBody(error);
      void reply.code(body.statusCode).send(body);
    },
  });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config, logger), adapter, {
    bufferLogs: true,
    // Keeps each JSON body's bytes as request.rawBody too: Stripe signs the exact bytes it sent.
    rawBody: true,
  });
  app.useLogger(app.get(Logger));
  const fastify = app.getHttpAdapter().getInstance();
  fastify.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  if (app.get(Tracing).enabled) traceRequests(fastify);
  fastify.addHook('onClose', (_instance, done) => logStream.flush(done));
  measureRequests(fastify, app.get(Metrics));
  closeConnectionsWhileDraining(fastify, app.get(Draining));
  applyRouteBodyLimits(fastify);
  refuseUnacceptableRequests(fastify);

  await app.register(cookie, { secret: config.SESSION_SECRET });
  // Before any route is added (Nest's, the static files'), as it hooks each route when it is added.
  await compressResponses(app);
  acceptStreamedForms(fastify);
  refuseForeignOrigins(fastify, new OwnOrigins(config));
  const pages = FrontendPages.load(config.FRONTEND_DIST);
  addSecurityHeaders(fastify, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Stripe.js and its Payment Element (credit purchases) load from Stripe's own hosts.
        // The prerendered guest pages start the app from an inline script, allowed by its hash only.
        // 'wasm-unsafe-eval' lets the HEIC decoder (WebAssembly, our own file) compile; JavaScript eval stays refused.
        scriptSrc: [
          "'self'",
          ...(pages?.scriptSources ?? []),
          'https://js.stripe.com',
          'https://*.js.stripe.com',
          "'wasm-unsafe-eval'",
        ],
        frameSrc: ["'self'", 'https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
        connectSrc: ["'self'", 'ws:', 'wss:', 'https://api.stripe.com'],
        mediaSrc: ["'self'", 'blob:'],
        // Over plain http (a venue's LAN address) upgrading would break every script and socket.
        upgradeInsecureRequests: config.PUBLIC_URL.startsWith('https:') ? [] : null,
      },
    },
  });

  answerPublicWallReads(fastify, app.get(MemoriesService), routeOf(MemoriesController, 'list'));
  throttleDrawingsBeforeTheirBody(fastify, app.get(SubmissionThrottle), routeOf(SubmissionsController, 'drawing'));
  bindRequestLogContext(fastify, await app.resolve(PinoLogger));

  app.setGlobalPrefix(API_PREFIX);
  app.useGlobalPipes(apiValidationPipe());
  app.useWebSocketAdapter(new LiveWsAdapter(app, { messageParser: parseClientMessage }));
  app.enableShutdownHooks();

  app.useGlobalFilters(new ApiExceptionFilter(await serveFrontend(app, config.FRONTEND_DIST, pages)));

  const document = createOpenApiDocument(app);
  SwaggerModule.setup('api/docs', app, document, { jsonDocumentUrl: 'api/docs-json' });
  return app;
}

/** Serves the built front end when it exists; returns its pages' HTML for the SPA fallback. */
async function serveFrontend(
  app: NestFastifyApplication,
  dist: string,
  pages: FrontendPages | null,
): Promise<FrontendPages | null> {
  if (!pages) return null;
  await app.register(fastifyStatic, {
    root: dist,
    wildcard: false,
    // The build writes a .br and a .gz beside each asset (frontend/vite.config.ts): sent as Accept-Encoding
    // allows, with no compression work per request.
    preCompressed: true,
    setHeaders: (res, path) => {
      // Vite fingerprints everything under assets/, so those never change.
      res.header(
        'cache-control',
        path.includes(`${join(dist, 'assets')}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  return pages;
}
