import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { once } from 'node:events';
import { timingSafeEqual } from 'node:crypto';
import { Metrics } from './metrics';

/** Whether the request carries `Authorization: Bearer <token>`, compared in constant time. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header ?? '');
  const wanted = Buffer.from(`Bearer ${token}`);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

/**
 * GET /metrics in Prometheus' text format, on a port of its own (never the public one, which the load
 * balancer exposes) and only with the bearer token: the series name routes, queues and volumes, which are
 * nobody else's business. A plain node:http server, so the API's pipeline (sessions, rate limits, the
 * route list) neither sees nor counts the scrapes.
 */
export async function serveMetrics(
  metrics: Metrics,
  options: { port: number; host: string; token: string },
): Promise<Server> {
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics')
      return answer(response, 404, 'Not found');
    if (!bearerMatches(request.headers.authorization, options.token)) {
      response.setHeader('www-authenticate', 'Bearer');
      return answer(response, 401, 'A bearer token (METRICS_TOKEN) is required');
    }
    metrics.exposition().then(
      (text) => {
        response.setHeader('content-type', metrics.registry.contentType);
        response.end(text);
      },
      (err: Error) => answer(response, 500, `metrics could not be collected: ${err.message}`),
    );
  });
  server.listen(options.port, options.host);
  await once(server, 'listening');
  return server;
}

function answer(response: ServerResponse, status: number, message: string) {
  response.statusCode = status;
  response.setHeader('content-type', 'text/plain; charset=utf-8');
  response.end(`${message}\n`);
}
