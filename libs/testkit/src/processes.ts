import { ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { NATIVE_MEMORY_ENV } from '@memory-wall/core';

const ROOT = resolve(__dirname, '../../..');

export interface RunningProcess {
  url: string;
  port: number;
  child: ChildProcess;
  output(): string;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, 'close');
  return port;
}

/** Starts the built program (`npm run build` first) as a real process with the given environment. */
function startProcess(script: string, env: Record<string, string>, port = 0): RunningProcess {
  const child = spawn(process.execPath, [resolve(ROOT, script)], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', ...NATIVE_MEMORY_ENV, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (chunk) => (log += chunk));
  child.stderr?.on('data', (chunk) => (log += chunk));
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    child,
    output: () => log,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, 'exit');
      child.kill(signal);
      const forceKill = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(forceKill);
    },
  };
}

/** How long an API process may take to answer its health check after it was started. */
const START_TIMEOUT_MS = 60_000;

/**
 * An API instance on its own port, resolved once /api/health answers `healthStatus`
 * (200; 503 for an instance started on purpose without a reachable Redis). `port`: the same address again
 * (a restarted instance, a deploy).
 */
export async function startApi(
  env: Record<string, string>,
  healthStatus = 200,
  port?: number,
): Promise<RunningProcess> {
  const api = startProcess('backend/dist/main.js', env, port ?? (await freePort()));
  // A deadline rather than a number of tries: on a busy machine a start (and each try) takes longer.
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (api.child.exitCode !== null) throw new Error(`API exited early:\n${api.output()}`);
    const status = await fetch(`${api.url}/api/health`).then(
      (r) => r.status,
      () => 0,
    );
    if (status === healthStatus) return api;
    await sleep(100);
  }
  // Not left running: a test whose start-up failed has no handle to stop it with, and Jest would wait for it.
  await api.stop('SIGKILL');
  throw new Error(`API health did not reach ${healthStatus}:\n${api.output()}`);
}

export function startWorkers(env: Record<string, string>): RunningProcess {
  return startProcess('workers/dist/main.js', env);
}
