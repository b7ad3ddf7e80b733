import {
  Attributes,
  context,
  Context,
  propagation,
  ROOT_CONTEXT,
  Span,
  SpanKind,
  SpanStatusCode,
  trace,
} from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, NodeTracerProvider, SpanProcessor } from '@opentelemetry/sdk-trace-node';

export type TracedService = 'api' | 'workers';

/** Every span of the product comes from this tracer; without a registered provider it is OpenTelemetry's no-op. */
const tracer = trace.getTracer('memory-wall');

/**
 * Registers the process-wide tracer provider (AsyncLocalStorage context, W3C trace context) with the given
 * span processors. Until this is called, every span below is OpenTelemetry's non-recording one: no
 * allocation beyond it, nothing exported.
 */
export function registerTracing(service: TracedService, processors: SpanProcessor[]): NodeTracerProvider {
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': process.env.OTEL_SERVICE_NAME || `memory-wall-${service}` }),
    spanProcessors: processors,
  });
  provider.register();
  return provider;
}

/**
 * Traces to the OTLP/HTTP collector at OTEL_EXPORTER_OTLP_ENDPOINT (Jaeger, Tempo, an OpenTelemetry
 * Collector), in batches; the exporter reads the standard OTEL_EXPORTER_OTLP_* variables (headers,
 * a traces-only endpoint, timeout) itself. Without the endpoint: nothing registered, nothing exported.
 */
export function startTracing(service: TracedService, endpoint: string): NodeTracerProvider | undefined {
  if (!endpoint) return undefined;
  return registerTracing(service, [new BatchSpanProcessor(new OTLPTraceExporter())]);
}

/**
 * Runs `work` in a span that is the active one for everything it awaits; a thrown error is recorded on the
 * span and thrown on. `parent`: a context taken from elsewhere (a job's traceparent), else the active one.
 */
export function inSpan<T>(
  name: string,
  options: { kind?: SpanKind; attributes?: Attributes; parent?: Context },
  work: (span: Span) => Promise<T>,
): Promise<T> {
  const parent = options.parent ?? context.active();
  return tracer.startActiveSpan(name, { kind: options.kind, attributes: options.attributes }, parent, async (span) => {
    try {
      return await work(span);
    } catch (err) {
      span.recordException(err as Error);
      span.setStatus({ code: SpanStatusCode.ERROR, message: (err as Error).message });
      throw err;
    } finally {
      span.end();
    }
  });
}

/** Starts a span that the caller ends (an HTTP request's, ended by its response hook). */
export function startSpan(name: string, options: { kind: SpanKind; attributes?: Attributes }, parent: Context): Span {
  return tracer.startSpan(name, options, parent);
}

/** The active span's W3C traceparent, to be carried in a job's data; undefined when nothing is traced. */
export function currentTraceparent(): string | undefined {
  const carrier: { traceparent?: string } = {};
  propagation.inject(context.active(), carrier);
  return carrier.traceparent;
}

/** The context a traceparent (from a job's data or a request's headers) continues. */
export function contextFrom(carrier: Record<string, unknown>): Context {
  return propagation.extract(ROOT_CONTEXT, carrier, {
    keys: (c) => Object.keys(c),
    get: (c, key) => {
      const value = c[key];
      return typeof value === 'string' || Array.isArray(value) ? (value as string | string[]) : undefined;
    },
  });
}

export { context, SpanKind, SpanStatusCode, trace };
export type { Span };
