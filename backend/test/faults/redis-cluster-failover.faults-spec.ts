import { ClusterStack, startClusterStack } from '@memory-wall/testkit/cluster-stack';
import { waitFor } from '@memory-wall/testkit/wait';
import { FaultScenario, pool, sleep } from './scenario';

const EVENTS = 30;
const MESSAGES_PER_EVENT = 8;
const MESSAGES = EVENTS * MESSAGES_PER_EVENT;
/** The master is killed once this many messages were posted. */
const KILL_AFTER = MESSAGES / 4;
const NODE_TIMEOUT_MS = 2000;

const scenario = new FaultScenario({
  id: 11,
  title: 'A Redis Cluster master killed (SIGKILL) during approvals',
  tried:
    `Three API instances and the workers on a Redis Cluster of 3 masters, each with a replica (cluster-node-timeout ${NODE_TIMEOUT_MS} ms), ` +
    `the live feeds on sharded pub/sub; a screen (socket) of each of ${EVENTS} events on every instance. Guests post ${MESSAGES} messages ` +
    `(${MESSAGES_PER_EVENT} per event, auto-approved by the workers, 6 at a time through the instances in turn); after ${KILL_AFTER} the master ` +
    'serving the most events is killed with SIGKILL and the posting goes on while its replica is elected. From the kill until the ' +
    "posting ends, the instances' pub/sub connections to the masters are also cut every 250 ms (`CLIENT KILL TYPE pubsub`), so " +
    'that messages are published while a feed has no subscriber and must be filled from its log.',
});

describe('fault 11: a Redis Cluster master killed during approvals', () => {
  let stack: ClusterStack;

  beforeAll(async () => void (stack = await startClusterStack({ nodeTimeoutMs: NODE_TIMEOUT_MS })), 120_000);

  afterAll(async () => {
    scenario.save();
    await stack?.stop();
  }, 60_000);

  it(
    'every screen ends with every approval of its event, once, numbered 1, 2, 3 … across the failover',
    () =>
      scenario.run(async (s) => {
        const { cluster, keys, apis } = stack;
        const feeds = await stack.watchNewEvents(EVENTS);
        const eventIds = [...new Set(feeds.screens.map((screen) => screen.eventId))];

        // The victim: the master that serves the most events' feeds.
        const owners = await Promise.all(eventIds.map((id) => cluster.masterOf(keys.liveChannel(id))));
        const perMaster = new Map<number, number>();
        for (const port of owners) perMaster.set(port, (perMaster.get(port) ?? 0) + 1);
        const [victim, victimEvents] = [...perMaster].sort((a, b) => b[1] - a[1])[0];
        const victimHadQueues = (await cluster.masterOf(`${keys.queuePrefix}:x`)) === victim;

        // The guests, in turns through the instances; the kill after a quarter of the messages.
        const order = Array.from({ length: MESSAGES }, (_, i) => eventIds[i % EVENTS]);
        let posted = 0;
        let failover: Promise<number> | undefined;
        let cutting: Promise<void> | undefined;
        let cuts = 0;
        const cutSubscribers = async () => {
          while (posted < MESSAGES) {
            for (const { port } of await cluster.masters().catch(() => []))
              cuts += await cluster.ask<number>(port, 'CLIENT', 'KILL', 'TYPE', 'pubsub').catch(() => 0);
            await sleep(250);
          }
        };
        const started = Date.now();
        await pool(
          6,
          order.map((eventId) => async () => {
            await feeds.post(eventId);
            if (++posted === KILL_AFTER) {
              cutting = cutSubscribers();
              failover = (async () => {
                const killedAt = Date.now();
                await cluster.kill(victim);
                await cluster.waitHealthy();
                return Date.now() - killedAt;
              })();
            }
            await sleep(30);
          }),
        );
        const postedAt = Date.now();
        const failoverMs = await failover!;
        await cutting;
        s.key('screens (events × instances)', `${feeds.screens.length} (${EVENTS} × ${apis.length})`);
        s.key('messages posted (201) / before the kill', `${MESSAGES} / ${KILL_AFTER}`);
        s.key(
          'killed master served (events / the queues)',
          `${victimEvents} of ${EVENTS} / ${victimHadQueues ? 'yes' : 'no'}`,
        );
        s.key('SIGKILL to the replica serving its slots', Math.round(failoverMs / 100) / 10, 's');
        s.key('subscriber connections cut', cuts);
        s.figure('posting took', Math.round((postedAt - started) / 100) / 10, 's');

        await waitFor(() => feeds.allComplete(), 120_000, 'every screen to have every approval').catch(() => undefined);
        const done = Date.now();
        const outcome = feeds.outcome();
        s.key('screens with every approval of their event', `${outcome.complete} of ${outcome.screens}`);
        s.figure('approvals missing, summed over screens', outcome.missing);
        s.figure('duplicate approvals, summed over screens', outcome.duplicates);
        s.figure('screens whose feed did not run 1, 2, 3 …', outcome.outOfSequence);
        s.figure(
          'last screen complete after the last message was posted',
          outcome.complete === outcome.screens ? `${Math.round((done - postedAt) / 100) / 10} s` : 'never',
        );

        expect(outcome).toEqual(feeds.flawless());
        s.holds(`every one of the ${outcome.screens} screens received every approval of its event, none twice`);
        for (const feed of feeds.sequences())
          expect(feed).toEqual({ ...feed, seqs: Array.from({ length: MESSAGES_PER_EVENT }, (_, i) => i + 1) });
        s.holds('on every screen the feed ran 1, 2, 3 … without a gap across the failover: nothing lost or doubled');
      }),
    300_000,
  );
});
