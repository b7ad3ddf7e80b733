import { ClientMessageType, LIVE_PONG, LiveMessage } from '@memory-wall/contracts';
import { createEvent } from '@memory-wall/testkit/factories';
import { connectLive, LiveClient } from '@memory-wall/testkit/live-client';
import { RunningProcess, startApi } from '@memory-wall/testkit/processes';
import { createTestEnvironment, TestEnvironment } from '@memory-wall/testkit/test-environment';
import { waitFor } from '@memory-wall/testkit/wait';

const isPong = (m: LiveMessage | { type: string }) => m.type === LIVE_PONG;

/**
 * What a screen sends on its socket (join, ping) reaches the gateway's handlers through LiveWsAdapter, one
 * listener per socket; whatever else arrives is dropped without costing the socket its feed.
 */
describe('frames a live client sends', () => {
  let t: TestEnvironment;
  let api: RunningProcess;
  const clients: LiveClient[] = [];
  const wsUrl = () => `${api.url.replace('http', 'ws')}/ws`;

  beforeAll(async () => {
    t = await createTestEnvironment();
    api = await startApi(t.env);
  });

  afterAll(async () => {
    clients.forEach((c) => c.close());
    await api?.stop();
    await t?.cleanup();
  });

  it('answers each ping with a pong and joins the event a join names, on the same socket', async () => {
    const event = await createEvent(t.dataSource);
    const client = await connectLive(wsUrl());
    clients.push(client);
    client.socket.send(JSON.stringify({ type: ClientMessageType.Ping }));
    client.socket.send(JSON.stringify({ type: ClientMessageType.Ping }));
    await waitFor(() => client.messages.filter(isPong).length === 2, 10_000, 'two pongs');
    client.socket.send(JSON.stringify({ type: ClientMessageType.Join, eventId: event.id }));
    expect((await client.joined()).eventId).toBe(event.id);
  });

  it('ignores malformed, unknown and binary frames, and the socket goes on answering', async () => {
    const event = await createEvent(t.dataSource);
    const client = await connectLive(wsUrl());
    clients.push(client);
    for (const junk of ['{not json', 'null', '"ping"', '{"eventId":"x"}', '{"type":"shout"}', '{"type":42}'])
      client.socket.send(junk);
    client.socket.send(Buffer.from([0xff, 0x00, 0x7b]), { binary: true });
    client.socket.send(JSON.stringify({ type: ClientMessageType.Join, eventId: event.id }).slice(0, -1));
    client.socket.send(JSON.stringify({ type: ClientMessageType.Join, eventId: event.id }));
    client.socket.send(JSON.stringify({ type: ClientMessageType.Ping }));
    expect((await client.joined()).eventId).toBe(event.id);
    await waitFor(() => client.messages.some(isPong), 10_000, 'the pong after the junk');
    expect(client.socket.readyState).toBe(client.socket.OPEN);
    expect(client.joins).toHaveLength(1);
    expect(client.messages.filter(isPong)).toHaveLength(1);
  });
});
