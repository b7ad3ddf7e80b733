import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { SUBMISSION_ID_HEADER } from '@memory-wall/contracts';
import { RunningProcess, startApi, startWorkers } from './processes';
import { TcpProxy } from './tcp-proxy';

/** Two API instances and the workers behind a round-robin load balancer, as a deploy runs them. */
export interface BalancedApis {
  /** The instances A and B; a test that restarts one puts the new process in its place, for stop() to stop. */
  apis: [RunningProcess, RunningProcess];
  workers: RunningProcess;
  proxy: TcpProxy;
  /** Stops the load balancer, then the instances and the workers. */
  stop(): Promise<void>;
}

/** Starts two API instances on `env`, the workers on `env` and `workersEnv`, and a TcpProxy in front. */
export async function startBalancedApis(
  env: Record<string, string>,
  workersEnv: Record<string, string> = {},
): Promise<BalancedApis> {
  const started = await Promise.allSettled([startApi(env), startApi(env)]);
  const apis = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  if (apis.length < 2) {
    // Not left running when the other failed: Jest would wait for it.
    await Promise.all(apis.map((api) => api.stop('SIGKILL')));
    throw started.find((s) => s.status === 'rejected')!.reason;
  }
  const workers = startWorkers({ ...env, ...workersEnv });
  const proxy = new TcpProxy(apis.map(({ port }) => ({ port })));
  await proxy.start();
  const balanced: BalancedApis = {
    apis: [apis[0], apis[1]],
    workers,
    proxy,
    async stop() {
      await proxy.stop();
      await Promise.all([...balanced.apis.map((api) => api.stop()), workers.stop()]);
    },
  };
  return balanced;
}

/**
 * A guest's message posted through the load balancer; a connection that breaks before an answer is tried
 * again (5 times at most), with the same submission id, as the front end does: it is stored once. Answers
 * the memory's id; `retries` counts the attempts tried again.
 */
export async function submitThrough(
  proxy: TcpProxy,
  eventId: string,
  i: number,
  retries: { count: number },
  retryAfterMs: number,
): Promise<string> {
  const submissionId = randomUUID();
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      const res = await fetch(`${proxy.url}/api/events/${eventId}/submissions/message`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [SUBMISSION_ID_HEADER]: submissionId },
        body: JSON.stringify({ name: `Guest ${i}`, message: `Memory ${i}` }),
      });
      if (res.status === 201) return ((await res.json()) as { memory: { id: string } }).memory.id;
      throw new Error(`answered ${res.status}`);
    } catch {
      retries.count++;
      await sleep(retryAfterMs);
    }
  }
  throw new Error(`submission ${i} failed 5 times through the load balancer`);
}
