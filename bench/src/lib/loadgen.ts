import { connect, Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { latencySummary, LatencySummary, Samples } from './stats';

/**
 * A fixed-rate (open-loop) HTTP/1.1 load generator, in the spirit of `autocannon -R`/wrk2, over raw
 * keep-alive sockets (no HTTP client library in the measured path, so it is cheap per request). Why not
 * autocannon itself: see bench/README.md.
 *
 * Requests are scheduled at exact times (t0 + i/rate). Each goes out on an idle connection of a bounded
 * pool; when every connection is busy it waits in a queue. Latency counts from the scheduled time, so
 * time spent waiting behind a slow server is counted (no coordinated omission). A step that falls more
 * than `maxBacklogMs` behind its schedule stops early: the server cannot sustain that rate.
 */

export interface HttpTarget {
  host: string;
  port: number;
}

export interface StepOptions {
  rate: number;
  durationMs: number;
  /** The raw request bytes of request number i. */
  request: (i: number) => Buffer;
  /** Status codes counted as success. */
  expect: number[];
  connections?: number;
  maxBacklogMs?: number;
  timeoutMs?: number;
}

export interface StepResult {
  rate: number;
  sent: number;
  completed: number;
  errors: number;
  /** The first few unexpected answers or failures, for the report. */
  errorSamples: string[];
  /** Completed per second of the step. */
  achieved: number;
  latency: LatencySummary;
  /** The step stopped early: it fell behind its schedule. */
  fellBehind: boolean;
  durationMs: number;
  /** CPU this load generator used, as a share of one core: near 100% means the generator may limit. */
  generatorCpuPct: number;
}

interface Pending {
  scheduled: number;
  index: number;
}

class Connection {
  socket: Socket;
  busy = false;
  closed = false;
  private buffer: Buffer | null = null;
  private current?: Pending;

  constructor(
    target: HttpTarget,
    private readonly onDone: (conn: Connection, job: Pending, status: number, error?: string) => void,
  ) {
    this.socket = connect({ host: target.host, port: target.port, noDelay: true });
    this.socket.on('data', (chunk) => this.onData(chunk));
    const fail = (why: string) => {
      if (this.closed) return;
      this.closed = true;
      const job = this.current;
      this.current = undefined;
      this.socket.destroy();
      if (job) this.onDone(this, job, 0, why);
    };
    this.socket.on('error', (err) => fail(err.message));
    this.socket.on('close', () => fail('connection closed'));
  }

  ready(): Promise<void> {
    if (!this.socket.connecting) return Promise.resolve();
    return new Promise((resolve, reject) => {
      this.socket.once('connect', () => resolve());
      this.socket.once('error', reject);
    });
  }

  send(job: Pending, bytes: Buffer) {
    this.busy = true;
    this.current = job;
    this.buffer = null;
    this.socket.write(bytes);
  }

  private onData(chunk: Buffer) {
    this.buffer = this.buffer ? Buffer.concat([this.buffer, chunk]) : chunk;
    const buf = this.buffer;
    const headEnd = buf.indexOf('\r\n\r\n');
    if (headEnd < 0) return;
    const head = buf.toString('latin1', 0, headEnd);
    const status = Number(head.slice(9, 12));
    const lower = head.toLowerCase();
    let complete: boolean;
    const cl = /\r\ncontent-length:\s*(\d+)/.exec(lower);
    if (cl) complete = buf.length >= headEnd + 4 + Number(cl[1]);
    else if (lower.includes('\r\ntransfer-encoding: chunked'))
      complete =
        buf.indexOf('\r\n0\r\n\r\n', headEnd) >= 0 || buf.subarray(headEnd + 4, headEnd + 9).toString() === '0\r\n\r\n';
    else complete = status === 304 || status === 204 || (status >= 100 && status < 200);
    if (!complete) return;
    this.buffer = null;
    const job = this.current!;
    this.current = undefined;
    this.busy = false;
    if (/\r\nconnection:\s*close/.test(lower)) {
      this.closed = true;
      this.socket.destroy();
    }
    this.onDone(this, job, status);
  }
}

export async function runStep(target: HttpTarget, options: StepOptions): Promise<StepResult> {
  const maxConnections = options.connections ?? 64;
  const maxBacklogMs = options.maxBacklogMs ?? 1000;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const latencies = new Samples();
  const errorSamples: string[] = [];
  let errors = 0;
  let completed = 0;
  let sent = 0;
  let fellBehind = false;
  const queue: Pending[] = [];
  const idle: Connection[] = [];
  const all = new Set<Connection>();

  const onDone = (conn: Connection, job: Pending, status: number, error?: string) => {
    const now = performance.now();
    completed++;
    latencies.push(now - job.scheduled);
    if (error || !options.expect.includes(status)) {
      errors++;
      if (errorSamples.length < 5) errorSamples.push(error ?? `HTTP ${status}`);
    }
    if (conn.closed) all.delete(conn);
    else release(conn);
  };
  const open = () => {
    const conn = new Connection(target, onDone);
    all.add(conn);
    return conn;
  };
  const release = (conn: Connection) => {
    const next = queue.shift();
    if (next) conn.send(next, options.request(next.index));
    else idle.push(conn);
  };
  const dispatch = (job: Pending) => {
    let conn = idle.pop();
    while (conn && conn.closed) conn = idle.pop();
    if (!conn && all.size < maxConnections) conn = open();
    if (conn) conn.send(job, options.request(job.index));
    else queue.push(job);
  };

  // Warm connections first, so the step does not measure TCP handshakes.
  const warm = Array.from({ length: Math.min(maxConnections, Math.max(4, Math.ceil(options.rate / 200))) }, open);
  await Promise.all(warm.map((c) => c.ready().catch(() => undefined)));
  idle.push(...warm.filter((c) => !c.closed));

  const cpuStart = process.cpuUsage();
  const t0 = performance.now();
  const total = Math.max(1, Math.round((options.rate * options.durationMs) / 1000));
  const interval = 1000 / options.rate;
  while (sent < total) {
    const now = performance.now();
    const due = Math.min(total, Math.floor((now - t0) / interval) + 1);
    while (sent < due) dispatch({ scheduled: t0 + sent * interval, index: sent++ });
    if (queue.length && now - queue[0].scheduled > maxBacklogMs) {
      fellBehind = true;
      break;
    }
    // Yield to I/O; wake at the next send time (timers have ~1 ms granularity, which is fine).
    await sleep(Math.max(0, Math.min(5, t0 + sent * interval - performance.now())));
  }
  // Requests never sent because the step fell behind count as failures: the server did not keep up. A step
  // that kept up may still have requests waiting for a connection when the last one is due: they are sent
  // as connections free up, timed from when they were due like the rest.
  const abandoned = fellBehind ? queue.length : 0;
  errors += abandoned;
  if (fellBehind) queue.length = 0;
  // Drain what is queued and in flight (bounded); whatever does not answer in time is a failure too.
  const deadline = performance.now() + timeoutMs;
  while (completed + abandoned < sent && performance.now() < deadline) await sleep(2);
  const timedOut = sent - abandoned - completed;
  errors += timedOut;
  if (timedOut > 0 && errorSamples.length < 5) errorSamples.push(`${timedOut} timed out`);
  const elapsed = performance.now() - t0;
  const cpu = process.cpuUsage(cpuStart);
  for (const conn of all) {
    conn.closed = true;
    conn.socket.destroy();
  }
  return {
    rate: options.rate,
    sent,
    completed,
    errors,
    errorSamples,
    achieved: (completed * 1000) / Math.min(elapsed, options.durationMs + 50),
    latency: latencySummary(latencies.values()),
    fellBehind,
    durationMs: Math.round(elapsed),
    generatorCpuPct: Math.round(((cpu.user + cpu.system) / 1000 / elapsed) * 100),
  };
}

/**
 * Closed-loop throughput (each connection sends its next request as soon as the last one answered), as
 * a first guess of where the fixed-rate search should start. Not a result by itself.
 */
export async function closedLoopThroughput(
  target: HttpTarget,
  request: (i: number) => Buffer,
  connections: number,
  durationMs: number,
): Promise<number> {
  let completed = 0;
  let issued = 0;
  let stop = false;
  const conns: Connection[] = [];
  const onDone = (conn: Connection) => {
    completed++;
    if (!stop && !conn.closed) conn.send({ scheduled: performance.now(), index: issued }, request(issued++));
  };
  for (let c = 0; c < connections; c++) conns.push(new Connection(target, onDone));
  await Promise.all(conns.map((c) => c.ready().catch(() => undefined)));
  const t0 = performance.now();
  for (const conn of conns) if (!conn.closed) conn.send({ scheduled: t0, index: issued }, request(issued++));
  await sleep(durationMs);
  stop = true;
  const elapsed = performance.now() - t0;
  const done = completed;
  for (const conn of conns) {
    conn.closed = true;
    conn.socket.destroy();
  }
  return (done * 1000) / elapsed;
}

/**
 * A request factory for many guests: the same request with a distinct X-Forwarded-For per request
 * number (the API trusts one proxy hop in the bench, as behind the compose load balancer).
 */
export function perGuestRequest(
  method: string,
  path: string,
  headers: Record<string, string>,
  body: string | undefined,
  addressOf: (i: number) => string,
) {
  const lines = [`${method} ${path} HTTP/1.1`, 'host: 127.0.0.1'];
  for (const [k, v] of Object.entries({ connection: 'keep-alive', ...headers })) lines.push(`${k}: ${v}`);
  if (body !== undefined) lines.push(`content-length: ${Buffer.byteLength(body)}`);
  const head = `${lines.join('\r\n')}\r\nx-forwarded-for: `;
  const tail = `\r\n\r\n${body ?? ''}`;
  return (i: number) => Buffer.from(`${head}${addressOf(i)}${tail}`);
}

/** Raw HTTP/1.1 request bytes. */
export function rawRequest(
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: string | Buffer,
): Buffer {
  const bodyBytes = body === undefined ? undefined : Buffer.isBuffer(body) ? body : Buffer.from(body);
  const lines = [`${method} ${path} HTTP/1.1`, 'host: 127.0.0.1'];
  for (const [k, v] of Object.entries({ connection: 'keep-alive', ...headers })) lines.push(`${k}: ${v}`);
  if (bodyBytes) lines.push(`content-length: ${bodyBytes.length}`);
  const head = Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1');
  return bodyBytes ? Buffer.concat([head, bodyBytes]) : head;
}

/**
 * One request on a connection of its own, which the server closes after answering (`connection: close` in
 * `request`), as from a screen that has just reconnected: the status, and the time from connecting to the
 * answer's last byte.
 */
export function requestOnNewConnection(target: HttpTarget, request: Buffer): Promise<{ status: number; ms: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const socket = connect(target.port, target.host, () => socket.write(request));
    let head = '';
    socket.on('data', (chunk: Buffer) => {
      if (head.length < 12) head += chunk.toString('latin1', 0, 12);
    });
    socket.on('end', () => resolve({ status: Number(head.slice(9, 12)), ms: performance.now() - started }));
    socket.on('error', reject);
  });
}

export function targetOf(url: string): HttpTarget {
  const u = new URL(url);
  return { host: u.hostname, port: Number(u.port) };
}
