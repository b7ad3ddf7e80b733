import { once } from 'node:events';
import { RedisKeys } from '@memory-wall/core';
import { createEvent } from '@memory-wall/testkit/factories';
import { OwnRedisCluster } from '@memory-wall/testkit/redis-cluster';
import { benchEnvironment } from '../lib/env';
import { Proc, startApi, startNode, stopAll } from '../lib/procs';
import { absoluteMetric, CaseModule, ratioMetric } from '../lib/report';
import { maxRateOrNaN } from '../lib/search';
import { median } from '../lib/stats';
import { approvalsOf, Driver, EVENTS, prime, publishOverIpc, saturationProbe, SaturationDetail } from './fanout';
import { Fleet } from './fanout-fleet';

/**
 * Case 13 — live feeds on 1 and 3 Redis shards. The fan-out case's saturation search (case 1, B) with 2,000
 * sockets over 50 events and two API instances, run on a single Redis (PUBLISH/SUBSCRIBE, as today) and on a
 * Redis Cluster of 3 masters with a replica each (SPUBLISH/SSUBSCRIBE, each event's feed in its own hash
 * slot), alternating. Everything shares the machine's two cores, so the point is that nothing is lost and the
 * feeds spread over the shards, not the absolute gain.
 */

const SOCKETS = 2000;

interface Mode {
  name: string;
  driver: Driver;
  fleet: Fleet;
  /** Deliveries/s at saturation, per run. */
  rates: number[];
  /** The highest passing publish rate (messages/s), per run. */
  messageRates: number[];
  best: Array<SaturationDetail | undefined>;
  hint?: number;
}

export const shards: CaseModule = async (ctx) => {
  const env = await benchEnvironment(ctx.settings);
  const cluster = await OwnRedisCluster.start();
  const procs: Proc[] = [];
  try {
    const eventIds: string[] = [];
    for (let i = 0; i < EVENTS; i++) eventIds.push((await createEvent(env.dataSource)).id);
    const changes = approvalsOf(eventIds);
    const spread = (i: number) => i % EVENTS;
    const modes: Mode[] = [];
    for (const [name, extra] of [
      ['1 shard (single Redis)', {}],
      ['3 shards (Redis Cluster)', { REDIS_CLUSTER_NODES: cluster.startupNodes }],
    ] as const) {
      const modeEnv = { ...env.env, ...extra };
      const apis = [await startApi({ env: modeEnv, cpus: '' }), await startApi({ env: modeEnv, cpus: '' })];
      const publisher = startNode('bench/dist/bench/src/cases/fanout-publisher.js', { env: modeEnv, cpus: '' });
      procs.push(...apis, publisher);
      await once(publisher.child, 'message');
      const driver: Driver = {
        name,
        serverPids: apis.map((api) => api.pid),
        publish: (rate, durationMs) => publishOverIpc(publisher, { rate, durationMs, eventIds, changes }),
        approvals: (durationMs) => publishOverIpc(publisher, { rate: 5, durationMs, eventIds, changes }),
      };
      const fleet = new Fleet(
        SOCKETS,
        (i) => `ws://127.0.0.1:${apis[Math.floor(i / EVENTS) % 2].port}/ws?eventId=${eventIds[spread(i)]}`,
        spread,
      );
      ctx.log(`  ${name}: connecting ${SOCKETS} sockets`);
      await fleet.connect();
      await prime(fleet, driver, ctx.log);
      modes.push({ name, driver, fleet, rates: [], messageRates: [], best: [] });
    }
    const stepMs = ctx.quick ? 1000 : 1500;
    for (let r = 0; r < ctx.reps; r++) {
      for (const mode of modes) {
        ctx.log(`  ${mode.name} saturation run ${r + 1}`);
        const found = await maxRateOrNaN((rate) => saturationProbe(mode.fleet, mode.driver, rate, stepMs, ctx.log), {
          start: 100,
          max: 200_000,
          hint: mode.hint,
          refine: mode.hint ? 1 : 2,
          maxProbes: mode.hint ? 5 : 8,
        });
        mode.rates.push(found.best?.detail.deliveriesPerSec ?? NaN);
        mode.messageRates.push(found.rate);
        mode.best.push(found.best?.detail);
        mode.hint = median(mode.messageRates.filter((x) => x > 0)) || undefined;
        ctx.log(`    → ${found.rate} messages/s = ${found.best?.detail.deliveriesPerSec ?? 0} deliveries/s`);
      }
    }
    for (const mode of modes) await mode.fleet.close();
    const keys = new RedisKeys(env.env.REDIS_PREFIX, true);
    const eventsPerMaster = new Map<number, number>();
    for (const id of eventIds) {
      const port = await cluster.masterOf(keys.liveChannel(id));
      eventsPerMaster.set(port, (eventsPerMaster.get(port) ?? 0) + 1);
    }
    const [single, sharded] = modes;
    return {
      metrics: [
        absoluteMetric(`1 shard: deliveries/s at saturation (${SOCKETS} sockets)`, 'deliveries/s', single.rates, null),
        ratioMetric(
          `3 shards: deliveries/s at saturation (${SOCKETS} sockets), against 1 shard`,
          'deliveries/s',
          sharded.rates,
          single.rates,
        ),
        absoluteMetric(
          '3 shards: messages lost at the highest passing rate (missing + seq gaps)',
          'msgs',
          sharded.best.map((b) => (b ? b.missing + b.gaps : NaN)),
          { atMost: 0 },
        ),
      ],
      notes: [
        `The cluster: 3 masters with a replica each, all on this machine. Each event's feed lives in the hash slot of its id: the ${EVENTS} events' feeds were on ${[...eventsPerMaster.values()].join(' / ')} events per master. Each API instance holds one sharded subscriber connection per master.`,
        'Both modes run on the same two cores as the API instances, the publisher and the fleet: a shard added here takes CPU from the rest, so the absolute gain is limited; what the case shows is that the load spreads and nothing is lost.',
      ],
      profiles: {},
      details: { single: single.best, sharded: sharded.best },
    };
  } finally {
    await stopAll(procs);
    await cluster.destroy();
    await env.cleanup();
  }
};
