import { createAccount } from '@memory-wall/testkit/accounts';
import { ClusterStack, startClusterStack } from '@memory-wall/testkit/cluster-stack';
import { signedIn } from '@memory-wall/testkit/http';
import { waitFor } from '@memory-wall/testkit/wait';

const EVENTS = 30;
const MESSAGES_PER_EVENT = 4;

/**
 * The live feeds on a real Redis Cluster (3 masters, each with a replica): three API instances and the
 * workers started with REDIS_CLUSTER_NODES, a screen of each of 30 events on every instance, guests'
 * messages approved by the workers and published with SPUBLISH on their event's shard.
 */
describe('live feeds on a Redis Cluster', () => {
  let stack: ClusterStack;

  beforeAll(async () => void (stack = await startClusterStack()), 120_000);
  afterAll(() => stack?.stop(), 60_000);

  it('gives every screen on every instance every approval of its event, once, numbered 1, 2, 3 …', async () => {
    const { cluster, keys, apis } = stack;
    const feeds = await stack.watchNewEvents(EVENTS);
    const eventIds = [...new Set(feeds.screens.map((screen) => screen.eventId))];

    // The events' feeds spread over all three shards, each subscribed with SSUBSCRIBE on its own shard.
    const owners = await Promise.all(eventIds.map((id) => cluster.masterOf(keys.liveChannel(id))));
    expect(new Set(owners).size).toBe(3);
    for (const [i, id] of eventIds.entries()) {
      const counts = await cluster.ask<Array<string | number>>(
        owners[i],
        'PUBSUB',
        'SHARDNUMSUB',
        keys.liveChannel(id),
      );
      expect({ event: id, subscribers: counts[1] }).toEqual({ event: id, subscribers: apis.length });
    }

    await Promise.all(
      eventIds.map(async (id) => {
        for (let i = 0; i < MESSAGES_PER_EVENT; i++) await feeds.post(id);
      }),
    );
    await waitFor(() => feeds.allComplete(), 60_000, 'every screen to have every approval').catch(() => undefined);

    expect(feeds.outcome()).toEqual(feeds.flawless());
    for (const feed of feeds.sequences())
      expect(feed).toEqual({ ...feed, seqs: Array.from({ length: MESSAGES_PER_EVENT }, (_, i) => i + 1) });
  }, 180_000);

  it('keeps sessions on the cluster: known on every instance, ended on every instance', async () => {
    const { apis, t } = stack;
    const account = await createAccount(t.dataSource, 'customer');
    const [first, second] = [await signedIn(apis[0].url, account), await signedIn(apis[1].url, account)];
    for (const api of apis) {
      expect((await first.on(api.url).get('/api/auth/me')).status).toBe(200);
      expect((await second.on(api.url).get('/api/auth/me')).status).toBe(200);
    }

    // Signing out ends one session; changing the password ends every other one (the user's set of sessions).
    expect((await first.post('/api/auth/logout')).status).toBeLessThan(300);
    expect((await first.on(apis[2].url).get('/api/auth/me')).status).toBe(401);
    const third = await signedIn(apis[2].url, account);
    const changed = await second.post('/api/auth/change-password', {
      currentPassword: account.password,
      newPassword: '246802', // a customer's password is 6 digits
      confirmPassword: '246802',
    });
    expect(changed.status).toBe(200);
    expect((await third.on(apis[0].url).get('/api/auth/me')).status).toBe(401);
    expect((await second.on(apis[0].url).get('/api/auth/me')).status).toBe(200);
  });
});
