import { ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from './processes';

/** Answers whether something on the port speaks Redis (PING → +PONG) within `timeoutMs`. */
function pings(port: number, timeoutMs = 500): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const done = (ok: boolean) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(ok);
    };
    const timer = setTimeout(() => done(false), timeoutMs);
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => done(data.toString().startsWith('+PONG')));
    socket.once('error', () => done(false));
  });
}

/**
 * A redis-server of the test's own, as a child process on a free port: the fault scenarios stop and restart
 * it at will (the machine's shared Redis is never touched). No persistence: a restart starts it empty, as a
 * Redis that lost its memory would.
 */
export class OwnRedis {
  private child?: ChildProcess;
  private readonly dir = mkdtempSync(join(tmpdir(), 'mw-own-redis-'));
  private log = '';

  private constructor(
    readonly port: number,
    /** Further redis-server arguments (a cluster node's, see OwnRedisCluster). */
    private readonly extraArgs: string[],
  ) {}

  static async start(port?: number, extraArgs: string[] = []): Promise<OwnRedis> {
    const redis = new OwnRedis(port ?? (await freePort()), extraArgs);
    await redis.start();
    return redis;
  }

  get url() {
    return `redis://127.0.0.1:${this.port}`;
  }

  get running() {
    return !!this.child && this.child.exitCode === null && this.child.signalCode === null;
  }

  get pid() {
    return this.child?.pid;
  }

  output() {
    return this.log;
  }

  /** Starts (or restarts) the server on the same port; resolves once it answers PING. */
  async start(): Promise<void> {
    if (this.running) return;
    const child = spawn(
      'redis-server',
      [
        '--port',
        String(this.port),
        '--bind',
        '127.0.0.1',
        '--save',
        '',
        '--appendonly',
        'no',
        '--dir',
        this.dir,
        '--daemonize',
        'no',
        '--protected-mode',
        'no',
        ...this.extraArgs,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    this.child = child;
    child.stdout?.on('data', (chunk) => (this.log = (this.log + chunk).slice(-20_000)));
    child.stderr?.on('data', (chunk) => (this.log = (this.log + chunk).slice(-20_000)));
    for (let i = 0; i < 100; i++) {
      if (child.exitCode !== null) throw new Error(`redis-server exited early:\n${this.log}`);
      if (await pings(this.port)) return;
      await sleep(100);
    }
    throw new Error(`redis-server on ${this.port} did not answer PING:\n${this.log}`);
  }

  /** Stops the server (SIGTERM, SIGKILL after 5 s); its port refuses connections until start(). */
  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
    const child = this.child;
    if (!child || !this.running) return;
    const exited = once(child, 'exit');
    child.kill(signal);
    const force = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(force);
  }

  async destroy() {
    await this.stop('SIGKILL');
    rmSync(this.dir, { recursive: true, force: true });
  }
}
