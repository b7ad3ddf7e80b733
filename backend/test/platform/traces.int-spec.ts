import { createServer, Server } from 'node:http';
import { once } from 'node:events';
import { randomBytes } from 'node:crypto';
import { createAccount } from '@memory-wall/testkit/accounts';
import { createEvent } from '@memory-wall/testkit/factories';
import { ApiClient } from '@memory-wall/testkit/http';
import { gpsTaggedJpeg, multipart } from '@memory-wall/testkit/images';
import { processed } from '@memory-wall/testkit/memories';
import { RunningProcess, startApi, startWorkers } from '@memory-wall/testkit/processes';
import { createTestEnvironment, TestEnvironment } from '@memory-wall/testkit/test-environment';
import { waitFor } from '@memory-wall/testkit/wait';

jest.setTimeout(90_000);

/** A span as OTLP/HTTP's JSON encoding sends it (ids in hex), with the service that sent it. */
interface ReceivedSpan {
  service: string;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: Array<{ key: string; value: { stringValue?: string; intValue?: string | number } }>;
}

/** OTLP's span kinds (the protocol's numbering). */
const Kind = { Server: 2, Producer: 4, Consumer: 5 };

/** A collector of the OTLP/HTTP protocol (JSON), like Jaeger's or an OpenTelemetry Collector's port 4318. */
class OtlpReceiver {
  readonly spans: ReceivedSpan[] = [];
  private server?: Server;

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        if (req.url === '/v1/traces') this.receive(JSON.parse(body) as OtlpTraces);
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    this.server.listen(0, '127.0.0.1');
    await once(this.server, 'listening');
    return `http://127.0.0.1:${(this.server.address() as { port: number }).port}`;
  }

  private receive(request: OtlpTraces) {
    for (const { resource, scopeSpans } of request.resourceSpans) {
      const service = resource.attributes.find((a) => a.key === 'service.name')?.value.stringValue ?? '';
      for (const { spans } of scopeSpans) this.spans.push(...spans.map((span) => ({ ...span, service })));
    }
  }

  async stop() {
    this.server?.close();
    if (this.server) await once(this.server, 'close');
  }
}

interface OtlpTraces {
  resourceSpans: Array<{
    resource: { attributes: ReceivedSpan['attributes'] };
    scopeSpans: Array<{ spans: Omit<ReceivedSpan, 'service'>[] }>;
  }>;
}

const attribute = (span: ReceivedSpan, key: string) => {
  const value = span.attributes.find((a) => a.key === key)?.value;
  return value?.stringValue ?? value?.intValue;
};

/**
 * API and workers as real processes exporting to an OTLP receiver: a guest's photo, posted with a caller's
 * traceparent (a load balancer's), is one trace from the HTTP request through the media job and the
 * moderation job to the live publish, each span the child of the one before.
 */
describe('traces', () => {
  let t: TestEnvironment;
  let api: RunningProcess;
  let workers: RunningProcess;
  const receiver = new OtlpReceiver();

  beforeAll(async () => {
    t = await createTestEnvironment();
    const env = {
      ...t.env,
      OTEL_EXPORTER_OTLP_ENDPOINT: await receiver.start(),
      // Export each batch at once rather than every 5 s.
      OTEL_BSP_SCHEDULE_DELAY: '50',
    };
    api = await startApi(env);
    workers = startWorkers(env);
  });

  afterAll(async () => {
    await Promise.all([api?.stop(), workers?.stop()]);
    await receiver.stop();
    await t?.cleanup();
  });

  it("follows a guest's photo from the POST through both jobs to the live publish in one trace", async () => {
    const provider = await createAccount(t.dataSource, 'service_provider');
    const event = await createEvent(t.dataSource, { serviceProviderId: provider.provider!.id });
    const traceId = randomBytes(16).toString('hex');
    const callerSpanId = randomBytes(8).toString('hex');

    const posted = await new ApiClient(api.url).request(
      'POST',
      `/api/events/${event.id}/submissions/photo`,
      multipart('photo', await gpsTaggedJpeg(), 'photo.jpg', { name: 'Guest' }),
      { traceparent: `00-${traceId}-${callerSpanId}-01` },
    );
    expect(posted.status).toBe(201);
    const memoryId = (posted.body as { memory: { id: string } }).memory.id;
    await processed(t.dataSource, memoryId);

    const inTrace = () => receiver.spans.filter((span) => span.traceId === traceId);
    await waitFor(() => inTrace().some((span) => span.name === 'publish live'), 20_000, 'the live publish span');
    const spans = inTrace();
    const one = (name: string) => {
      const found = spans.filter((span) => span.name === name);
      expect(found).toHaveLength(1);
      return found[0];
    };

    const request = one('POST /api/events/:eventId/submissions/photo');
    expect(request).toMatchObject({ service: 'memory-wall-api', kind: Kind.Server, parentSpanId: callerSpanId });
    expect(Number(attribute(request, 'http.response.status_code'))).toBe(201);

    const render = one('process memory-media');
    expect(render).toMatchObject({ service: 'memory-wall-workers', kind: Kind.Consumer, parentSpanId: request.spanId });
    expect(attribute(render, 'memorywall.memory_id')).toBe(memoryId);

    const moderate = one('process memory-moderation');
    expect(moderate).toMatchObject({
      service: 'memory-wall-workers',
      kind: Kind.Consumer,
      parentSpanId: render.spanId,
    });

    const publish = one('publish live');
    expect(publish).toMatchObject({
      service: 'memory-wall-workers',
      kind: Kind.Producer,
      parentSpanId: moderate.spanId,
    });
    expect(attribute(publish, 'memorywall.event_id')).toBe(event.id);
  });
});
