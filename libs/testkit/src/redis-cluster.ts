import { execFile } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import Redis from 'ioredis';
import { OwnRedis } from './own-redis';
import { freePort } from './processes';

const run = promisify(execFile);

/** One master of the cluster as its nodes see it: its port and the slot ranges it serves. */
export interface ClusterMaster {
  port: number;
  slots: Array<[number, number]>;
}

/**
 * A real Redis Cluster of the test's own: `masters` redis-server processes, each with one replica, on free
 * ports, created with `redis-cli --cluster create`. No persistence, as OwnRedis. Its nodes time out after
 * `nodeTimeoutMs` (Redis's default is 15 s), so that a killed master's replica takes over within seconds.
 */
export class OwnRedisCluster {
  private constructor(readonly nodes: OwnRedis[]) {}

  static async start({ masters = 3, nodeTimeoutMs = 2000 } = {}): Promise<OwnRedisCluster> {
    const nodes: OwnRedis[] = [];
    try {
      for (let i = 0; i < masters * 2; i++) {
        // The cluster bus gets a free port of its own: port + 10000, Redis's default, may be taken or past 65535.
        const args = [
          '--cluster-enabled',
          'yes',
          '--cluster-config-file',
          'nodes.conf',
          '--cluster-port',
          String(await freePort()),
          '--cluster-node-timeout',
          String(nodeTimeoutMs),
          // Replicas sync at once (not after Redis's 5 s wait for more replicas): one without a copy never takes over.
          '--repl-diskless-sync-delay',
          '0',
        ];
        nodes.push(await OwnRedis.start(await freePort(), args));
      }
      await run('redis-cli', [
        '--cluster',
        'create',
        ...nodes.map((node) => `127.0.0.1:${node.port}`),
        '--cluster-replicas',
        '1',
        '--cluster-yes',
      ]);
      const cluster = new OwnRedisCluster(nodes);
      await cluster.waitHealthy();
      return cluster;
    } catch (err) {
      await Promise.all(nodes.map((node) => node.destroy()));
      throw err;
    }
  }

  /** REDIS_CLUSTER_NODES for the processes under test: every node (the client discovers the rest anyway). */
  get startupNodes(): string {
    return this.nodes.map((node) => `127.0.0.1:${node.port}`).join(',');
  }

  /** Sends one command to the node on `port` (or the node itself) and answers its reply. */
  async ask<T>(node: OwnRedis | number, ...command: [string, ...string[]]): Promise<T> {
    const port = typeof node === 'number' ? node : node.port;
    const connection = new Redis(port, '127.0.0.1', { lazyConnect: true, maxRetriesPerRequest: 0 });
    try {
      await connection.connect();
      return (await connection.call(...command)) as T;
    } finally {
      connection.disconnect();
    }
  }

  private get running() {
    return this.nodes.filter((node) => node.running);
  }

  /** The hash slot of a key (or channel): the same for every node. */
  slotOf(key: string): Promise<number> {
    return this.ask<number>(this.running[0], 'CLUSTER', 'KEYSLOT', key);
  }

  /** The masters that serve slots, as a running node sees them (failed ones left out). */
  async masters(): Promise<ClusterMaster[]> {
    const text = await this.ask<string>(this.running[0], 'CLUSTER', 'NODES');
    return text
      .trim()
      .split('\n')
      .map((line) => line.split(' '))
      .filter(([, , flags]) => flags.split(',').includes('master') && !/fail/.test(flags))
      .map(([, address, , , , , , , ...slots]) => ({
        port: Number(/:(\d+)@/.exec(address)![1]),
        slots: slots
          .filter((range) => !range.startsWith('['))
          .map((range) => range.split('-').map(Number))
          .map(([from, to]) => [from, to ?? from] as [number, number]),
      }))
      .filter((master) => master.slots.length > 0);
  }

  /** The port of the master that serves `key` now. */
  async masterOf(key: string): Promise<number> {
    const slot = await this.slotOf(key);
    const master = (await this.masters()).find((m) => m.slots.some(([from, to]) => slot >= from && slot <= to));
    if (!master) throw new Error(`no master serves slot ${slot}`);
    return master.port;
  }

  /** Kills the node on `port` with `signal` (SIGKILL: no goodbye to the cluster, as a crashed machine). */
  async kill(port: number, signal: NodeJS.Signals = 'SIGKILL') {
    const node = this.nodes.find((n) => n.port === port);
    if (!node) throw new Error(`no node on port ${port}`);
    await node.stop(signal);
  }

  /**
   * Waits until every running node says cluster_state:ok, the masters they know serve all 16384 slots
   * (none of them a stopped node: after a master was killed, until its replica took over), and every
   * replica with a running master has its copy (else it could not take over).
   */
  async waitHealthy(timeoutMs = 60_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    let last = '';
    while (Date.now() < deadline) {
      try {
        const infos = await Promise.all(this.running.map((node) => this.ask<string>(node, 'CLUSTER', 'INFO')));
        const replication = await Promise.all(
          this.running.map((node) => this.ask<string>(node, 'INFO', 'replication')),
        );
        const copying = replication.filter((info) => /master_link_status:down/.test(info)).length;
        const masters = await this.masters();
        const served = masters.reduce((n, m) => n + m.slots.reduce((s, [from, to]) => s + to - from + 1, 0), 0);
        const allRunning = masters.every((m) => this.running.some((node) => node.port === m.port));
        const ok = infos.every((info) => info.includes('cluster_state:ok'));
        if (ok && served === 16384 && allRunning && copying === 0) return;
        const states = infos.map((i) => /cluster_state:(\w+)/.exec(i)?.[1]).join(', ');
        last = `${served} slots served; states: ${states}; replicas without their copy: ${copying}`;
      } catch (err) {
        last = (err as Error).message;
      }
      await sleep(200);
    }
    throw new Error(`the Redis Cluster did not become healthy in ${timeoutMs} ms (${last})`);
  }

  /** Stops every node (SIGKILL) and removes their directories. */
  async destroy() {
    await Promise.all(this.nodes.map((node) => node.destroy()));
  }
}
