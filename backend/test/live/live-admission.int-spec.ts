import { AuthMessages, LiveCloseCode, LiveRefusals } from '@memory-wall/contracts';
import { createAccount, makeEventAdmin } from '@memory-wall/testkit/accounts';
import { createEvent } from '@memory-wall/testkit/factories';
import { ApiClient, signedIn } from '@memory-wall/testkit/http';
import { connectLive, LiveClient, refusedUpgrade } from '@memory-wall/testkit/live-client';
import { RunningProcess, startApi } from '@memory-wall/testkit/processes';
import { createTestEnvironment, TestEnvironment } from '@memory-wall/testkit/test-environment';
import { waitFor } from '@memory-wall/testkit/wait';

const SCREENS_ORIGIN = 'http://screens.example:8080';
const CONNECTIONS_PER_ADDRESS = 5;
const JOINS_PER_MINUTE = 3;

/**
 * Who may open the live socket, and how much of it: pages of the app's own origins only (a foreign page
 * would ride on the visitor's session cookie), a bounded number of sockets per client address, a bounded
 * number of joins per socket.
 */
describe('live gateway admission', () => {
  let t: TestEnvironment;
  let api: RunningProcess;
  const clients: LiveClient[] = [];
  const wsUrl = (eventId?: string) => `${api.url.replace('http', 'ws')}/ws${eventId ? `?eventId=${eventId}` : ''}`;
  let guestAddresses = 0;
  /** Each test speaks from addresses of its own (through the one trusted proxy hop), so caps do not mix. */
  const newAddress = () => ({ 'x-forwarded-for': `10.1.0.${++guestAddresses}` });
  const open = async (...args: Parameters<typeof connectLive>) => {
    const client = await connectLive(...args);
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    t = await createTestEnvironment();
    api = await startApi({
      ...t.env,
      TRUST_PROXY: '1',
      ALLOWED_ORIGINS: SCREENS_ORIGIN,
      LIVE_CONNECTIONS_PER_ADDRESS: String(CONNECTIONS_PER_ADDRESS),
      LIVE_JOINS_PER_MINUTE: String(JOINS_PER_MINUTE),
    });
  });

  afterAll(async () => {
    clients.forEach((c) => c.close());
    await api?.stop();
    await t?.cleanup();
  });

  async function signedInHost() {
    const customer = await createAccount(t.dataSource, 'customer');
    const event = await createEvent(t.dataSource);
    await makeEventAdmin(t.dataSource, customer.user.id, event.id);
    return { event, host: await signedIn(api.url, customer) };
  }

  describe('origins', () => {
    it("refuses a page of another origin (same host, another port) holding a host's cookie before the handshake", async () => {
      const { event, host } = await signedInHost();
      const otherPort = `http://127.0.0.1:${api.port + 1}`;
      for (const origin of [otherPort, 'https://evil.example', 'null']) {
        const refused = await refusedUpgrade(wsUrl(event.id), { cookie: host.cookie!, origin, ...newAddress() });
        expect({ origin, ...refused }).toEqual({ origin, status: 403, body: AuthMessages.foreignOrigin });
      }
    });

    it("lets the app's own pages in: its address, PUBLIC_URL, ALLOWED_ORIGINS; and clients that send no Origin", async () => {
      const { event, host } = await signedInHost();
      for (const origin of [api.url, 'http://localhost:3000', SCREENS_ORIGIN, undefined]) {
        const client = await open(wsUrl(event.id), undefined, host.cookie, {
          ...(origin ? { origin } : {}),
          ...newAddress(),
        });
        expect({ origin, feed: (await client.joined()).feed }).toEqual({ origin, feed: 'hosts' });
      }
    });

    it('uses the same own origins for HTTP state changes: ALLOWED_ORIGINS passes, a foreign origin is refused', async () => {
      const customer = await createAccount(t.dataSource, 'customer');
      const login = { emailOrUsername: customer.username, password: customer.password };
      expect((await new ApiClient(api.url).post('/api/auth/login', login, { origin: SCREENS_ORIGIN })).status).toBe(
        200,
      );
      const foreign = await new ApiClient(api.url).post('/api/auth/login', login, {
        origin: 'http://screens.example:8081',
      });
      expect(foreign.status).toBe(403);
      expect(foreign.body.message).toBe(AuthMessages.foreignOrigin);
    });
  });

  describe('sockets per client address', () => {
    it(`admits ${CONNECTIONS_PER_ADDRESS} concurrent sockets of one address and refuses the rest with 429; other addresses are unaffected`, async () => {
      const event = await createEvent(t.dataSource);
      const crowd = newAddress();
      const attempts = await Promise.allSettled(
        Array.from({ length: 12 }, () => open(wsUrl(event.id), undefined, undefined, crowd)),
      );
      const admitted = attempts.filter((a) => a.status === 'fulfilled');
      expect(admitted).toHaveLength(CONNECTIONS_PER_ADDRESS);
      expect(await refusedUpgrade(wsUrl(event.id), crowd)).toEqual({
        status: 429,
        body: LiveRefusals.tooManyConnections,
      });

      const neighbour = await open(wsUrl(event.id), undefined, undefined, newAddress());
      expect(await neighbour.joined()).toMatchObject({ feed: 'public' });

      // A closed socket gives its place back.
      const first = admitted[0].value;
      first.close();
      await first.closed();
      let again: LiveClient | undefined;
      for (let attempt = 0; attempt < 50 && !again; attempt++) {
        again = await open(wsUrl(event.id), undefined, undefined, crowd).catch(() => undefined);
        if (!again) await new Promise((r) => setTimeout(r, 100));
      }
      expect(await again!.joined()).toMatchObject({ feed: 'public' });
    });
  });

  describe('joins per socket', () => {
    it(`closes a socket that sends more than ${JOINS_PER_MINUTE} joins a minute with ${LiveCloseCode.TooManyJoins}`, async () => {
      const events = await Promise.all([createEvent(t.dataSource), createEvent(t.dataSource)]);
      const client = await open(wsUrl(), undefined, undefined, newAddress());
      for (let i = 0; i < JOINS_PER_MINUTE + 5; i++)
        client.socket.send(JSON.stringify({ type: 'join', eventId: events[i % 2].id }));
      expect(await client.closed()).toEqual({ code: LiveCloseCode.TooManyJoins, reason: LiveRefusals.tooManyJoins });
      expect(client.joins.length).toBeLessThanOrEqual(JOINS_PER_MINUTE);
    });

    it('keeps a socket on one feed at a time: joining another event leaves the first', async () => {
      const [first, second] = await Promise.all([createEvent(t.dataSource), createEvent(t.dataSource)]);
      const client = await open(wsUrl(first.id), undefined, undefined, newAddress());
      await client.joined();
      client.socket.send(JSON.stringify({ type: 'join', eventId: second.id }));
      await waitFor(() => client.joins.length === 2, 10_000, 'the second join');
      expect(client.joins.map((j) => j.eventId)).toEqual([first.id, second.id]);
    });
  });
});
