import { ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { closeSync, existsSync, fstatSync, mkdirSync, openSync, readSync } from 'node:fs';
import { cpus } from 'node:os';
import { resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { NATIVE_MEMORY_ENV } from '@memory-wall/core';
import { freePort } from '@memory-wall/testkit/processes';
import { TASKSET } from './cpu';

/** The repository root (bench/dist/bench/src/lib → five levels up). */
export const ROOT = resolve(__dirname, '../../../../..');
export const BENCH_DIST = resolve(ROOT, 'bench/dist/bench/src');
/** Scratch space of a run: logs, profiles, generated files, builds. */
export const WORK = resolve(ROOT, 'bench/.work');
let started = 0;

export interface Proc {
  url: string;
  port: number;
  child: ChildProcess;
  pid: number;
  output(): string;
  /** The inspector's WebSocket address when started with `inspect`. */
  inspectorUrl(): Promise<string>;
  stop(): Promise<void>;
}

export interface StartOptions {
  env: Record<string, string>;
  /** taskset core list; empty for all of the machine's cores. */
  cpus?: string;
  /** Open the V8 inspector on a random local port (for CPU profiles of a measured window). */
  inspect?: boolean;
  port?: number;
  nodeArgs?: string[];
}

/** Starts a Node script (path relative to the repository root) as a real process. */
export function startNode(script: string, options: StartOptions): Proc {
  const port = options.port ?? 0;
  const args = [
    ...(options.nodeArgs ?? []),
    ...(options.inspect ? ['--inspect=127.0.0.1:0'] : []),
    resolve(ROOT, script),
  ];
  // A child inherits this runner's affinity, which is the load side's core once the runner is pinned:
  // "not pinned" has to be asked for as every core. taskset execs node in place: the pid stays, and every
  // thread node starts inherits the affinity.
  const cpuList = options.cpus || `0-${cpus().length - 1}`;
  const [command, argv] = existsSync(TASKSET)
    ? [TASKSET, ['-c', cpuList, process.execPath, ...args]]
    : [process.execPath, args];
  // Logs go to a file, as a deployment's would: reading a pipe here would cost the load side's core.
  mkdirSync(resolve(WORK, 'logs'), { recursive: true });
  const logFile = resolve(WORK, 'logs', `${String(++started).padStart(3, '0')}-${script.replace(/[/.]/g, '_')}.log`);
  const fd = openSync(logFile, 'w');
  const child = spawn(command, argv, {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', ...options.env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', fd, fd, 'ipc'],
  });
  closeSync(fd);
  // Reads at most 20 kB of the log, from its start or its end: an API's access log grows by hundreds of
  // megabytes in a run, past what one string can hold.
  const output = (head = false) => {
    try {
      const fd = openSync(logFile, 'r');
      try {
        const size = fstatSync(fd).size;
        const length = Math.min(size, 20_000);
        const bytes = Buffer.alloc(length);
        readSync(fd, bytes, 0, length, head ? 0 : size - length);
        return bytes.toString('utf8');
      } finally {
        closeSync(fd);
      }
    } catch {
      return '';
    }
  };
  let inspector: string | undefined;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    child,
    pid: child.pid ?? -1,
    output,
    async inspectorUrl() {
      for (let i = 0; i < 100; i++) {
        inspector ??= /Debugger listening on (ws:\/\/\S+)/.exec(output(true))?.[1];
        if (inspector) return inspector;
        await sleep(50);
      }
      throw new Error('the inspector did not start');
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      const force = setTimeout(() => child.kill('SIGKILL'), 8_000);
      await exited;
      clearTimeout(force);
    },
  };
}

async function waitHealthy(proc: Proc, path: string) {
  for (let i = 0; i < 300; i++) {
    if (proc.child.exitCode !== null) throw new Error(`${path}: process exited early:\n${proc.output()}`);
    const status = await fetch(`${proc.url}${path}`).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) return;
    await sleep(100);
  }
  throw new Error(`${proc.url}${path} did not answer 200:\n${proc.output()}`);
}

/** The built API (backend/dist/main.js), resolved once /api/health answers 200. */
export async function startApi(options: StartOptions): Promise<Proc> {
  const proc = startNode('backend/dist/main.js', {
    ...options,
    env: { ...NATIVE_MEMORY_ENV, ...options.env },
    port: options.port ?? (await freePort()),
  });
  await waitHealthy(proc, '/api/health');
  return proc;
}

/** The built workers (workers/dist/main.js). */
export function startWorkers(options: StartOptions): Proc {
  return startNode('workers/dist/main.js', { ...options, env: { ...NATIVE_MEMORY_ENV, ...options.env } });
}

/** A bench-owned server script (compiled, under bench/dist), resolved once `healthPath` answers 200. */
export async function startBenchServer(script: string, options: StartOptions, healthPath = '/health'): Promise<Proc> {
  const proc = startNode(`bench/dist/bench/src/${script}`, { ...options, port: options.port ?? (await freePort()) });
  await waitHealthy(proc, healthPath);
  return proc;
}

/**
 * A bench-owned baseline script (compiled, under bench/dist) that serves no port: resolved once it says it is
 * ready (an IPC message). `procs` gets it at once, so that it is stopped however the start ends.
 */
export async function startBaseline(script: string, options: StartOptions, procs: Proc[]): Promise<Proc> {
  const proc = startNode(`bench/dist/bench/src/${script}`, options);
  procs.push(proc);
  await new Promise<void>((resolveReady, reject) => {
    proc.child.once('message', () => resolveReady());
    proc.child.once('exit', () => reject(new Error(`${script} exited:\n${proc.output()}`)));
  });
  return proc;
}

/** Stops every process given, ignoring ones already gone. */
export async function stopAll(procs: Array<Proc | undefined>) {
  await Promise.all(procs.filter((p): p is Proc => p !== undefined).map((p) => p.stop().catch(() => undefined)));
}
