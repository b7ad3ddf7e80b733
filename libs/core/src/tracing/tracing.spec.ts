import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-node';
import { context, contextFrom, currentTraceparent, inSpan, registerTracing, SpanKind, trace } from './tracing';

describe('tracing', () => {
  it('records nothing and puts no traceparent in a job while no tracer provider is registered', async () => {
    const ran = await inSpan('publish live', { kind: SpanKind.PRODUCER }, async (span) => {
      expect(span.isRecording()).toBe(false);
      return currentTraceparent();
    });
    expect(ran).toBeUndefined();
  });

  describe('with a provider', () => {
    const exporter = new InMemorySpanExporter();
    beforeAll(() => registerTracing('api', [new SimpleSpanProcessor(exporter)]));
    beforeEach(() => exporter.reset());

    it('carries the active span as a traceparent that continues the same trace elsewhere', async () => {
      const traceparent = await inSpan('POST /api/events/:eventId/submissions/message', { kind: SpanKind.SERVER }, () =>
        Promise.resolve(currentTraceparent()),
      );
      expect(traceparent).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
      // What a worker does with a job's data: a span whose parent is the request's.
      await inSpan('process memory-moderation', { kind: SpanKind.CONSUMER, parent: contextFrom({ traceparent }) }, () =>
        inSpan('publish live', { kind: SpanKind.PRODUCER }, () => Promise.resolve()),
      );

      const [request, publish, job] = exporter.getFinishedSpans();
      expect([request.name, job.name, publish.name]).toEqual([
        'POST /api/events/:eventId/submissions/message',
        'process memory-moderation',
        'publish live',
      ]);
      const traceIds = new Set([request, job, publish].map((span) => span.spanContext().traceId));
      expect(traceIds.size).toBe(1);
      expect(job.parentSpanContext?.spanId).toBe(request.spanContext().spanId);
      expect(publish.parentSpanContext?.spanId).toBe(job.spanContext().spanId);
      expect(trace.getSpan(context.active())).toBeUndefined();
    });

    it('starts a trace of its own for a job without a traceparent (enqueued by the sweeper, or an older release)', async () => {
      await inSpan('process memory-media', { kind: SpanKind.CONSUMER, parent: contextFrom({}) }, () =>
        Promise.resolve(),
      );
      const [job] = exporter.getFinishedSpans();
      expect(job.parentSpanContext).toBeUndefined();
    });

    it('marks a span whose work threw as failed, with the error, and throws on', async () => {
      await expect(
        inSpan('process memory-media', {}, () => Promise.reject(new Error('the original is missing'))),
      ).rejects.toThrow('the original is missing');
      const [job] = exporter.getFinishedSpans();
      expect(job.status).toMatchObject({ code: 2, message: 'the original is missing' });
      expect(job.events.map((event) => event.name)).toEqual(['exception']);
    });
  });
});
