import { LiveMessage, LiveMessageType } from '@memory-wall/contracts';
import { createEvent, postMessage } from '@memory-wall/testkit/factories';
import { connectLive, LiveClient } from '@memory-wall/testkit/live-client';
import { RunningProcess, startApi, startWorkers } from '@memory-wall/testkit/processes';
import { createTestEnvironment, TestEnvironment } from '@memory-wall/testkit/test-environment';

/**
 * The skeleton path across processes: a message posted to instance B is stored, moderated by the
 * workers, published on the event's Redis channel and delivered by instance A's gateway.
 */
describe('live fan-out across two API instances', () => {
  let t: TestEnvironment;
  let apiA: RunningProcess;
  let apiB: RunningProcess;
  let workers: RunningProcess;
  const clients: LiveClient[] = [];

  beforeAll(async () => {
    t = await createTestEnvironment();
    [apiA, apiB] = await Promise.all([startApi(t.env), startApi(t.env)]);
    workers = startWorkers(t.env);
  });

  afterAll(async () => {
    clients.forEach((c) => c.close());
    await Promise.all([apiA?.stop(), apiB?.stop(), workers?.stop()]);
    await t?.cleanup();
  });

  const isApprovalOf = (id: string) => (m: LiveMessage) =>
    m.type === LiveMessageType.MemoryApproved && m.memory.id === id;

  it('delivers a memory posted to B to sockets on A (query join) and on B (join message)', async () => {
    const event = await createEvent(t.dataSource);
    const onA = await connectLive(`${apiA.url.replace('http', 'ws')}/ws?eventId=${event.id}`);
    const onB = await connectLive(`${apiB.url.replace('http', 'ws')}/ws`, event.id);
    clients.push(onA, onB);
    await Promise.all([onA.joined(), onB.joined()]);

    const posted = await postMessage(apiB.url, event.id, {
      name: 'Aunt May',
      message: 'So happy for you!',
      title: 'Hi',
    });
    expect(posted.status).toBe(201);
    const memoryId = posted.body.memory.id;

    for (const client of [onA, onB]) {
      const message = await client.next(isApprovalOf(memoryId));
      expect(message).toMatchObject({
        type: 'memory_approved',
        eventId: event.id,
        memory: { id: memoryId, author: 'Aunt May', content: 'So happy for you!', title: 'Hi', type: 'message' },
      });
      expect(typeof message.seq).toBe('number');
      expect(Math.abs(message.ts - Date.now())).toBeLessThan(60_000);
    }

    const wall = (await fetch(`${apiA.url}/api/events/${event.id}/memories?approved=true`).then((r) => r.json())) as {
      memories: Array<{ id: string }>;
    };
    expect(wall.memories.map((m: { id: string }) => m.id)).toContain(memoryId);
  });

  it("sends nothing to another event's sockets, and numbers an event's messages in order", async () => {
    const [event, other] = await Promise.all([createEvent(t.dataSource), createEvent(t.dataSource)]);
    const watcher = await connectLive(`${apiA.url.replace('http', 'ws')}/ws?eventId=${event.id}`);
    const bystander = await connectLive(`${apiA.url.replace('http', 'ws')}/ws?eventId=${other.id}`);
    clients.push(watcher, bystander);
    await Promise.all([watcher.joined(), bystander.joined()]);

    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const posted = await postMessage(apiB.url, event.id, { name: `Guest ${i}`, message: `Message ${i}` });
      ids.push(posted.body.memory.id);
    }
    await Promise.all(ids.map((id) => watcher.next(isApprovalOf(id))));
    const seqs = watcher.messages.map((m) => m.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    expect(new Set(seqs).size).toBe(seqs.length);
    expect(bystander.messages).toHaveLength(0);
  });

  it('closes a socket that asks for an unknown or unpublished event', async () => {
    const draft = await createEvent(t.dataSource, { status: 'draft', isPublished: false });
    for (const eventId of ['not-a-uuid', '00000000-0000-4000-8000-000000000000', draft.id]) {
      const client = await connectLive(`${apiA.url.replace('http', 'ws')}/ws?eventId=${eventId}`);
      const [code] = await new Promise<[number]>((resolve) => client.socket.once('close', (c) => resolve([c])));
      expect([4403, 4404]).toContain(code);
    }
  });
});
