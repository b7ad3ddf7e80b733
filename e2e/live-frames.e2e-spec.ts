import { BrowserContext, Page } from 'playwright-core';
import { ClientMessageType, LIVE_JOINED, LIVE_PONG, LiveMessageType } from '@memory-wall/contracts';
import { createAccount, makeEventAdmin } from '@memory-wall/testkit/accounts';
import { createEvent, postMessage } from '@memory-wall/testkit/factories';
import { signedIn } from '@memory-wall/testkit/http';
import { waitFor } from '@memory-wall/testkit/wait';
import { useBrowserStack } from './support/app';

interface ReceivedFrame {
  /** typeof MessageEvent.data: 'string' for a text frame; a binary frame arrives as a Blob ('object'). */
  dataType: string;
  type?: string;
}

/** Opens a socket of the event's live feed from inside the page, recording every frame as the page gets it. */
async function recordLiveFrames(page: Page, eventId: string) {
  await page.evaluate(
    ({ eventId, ping }) => {
      const frames: ReceivedFrame[] = [];
      (window as unknown as { liveFrames: ReceivedFrame[] }).liveFrames = frames;
      const socket = new WebSocket(`${location.origin.replace('http', 'ws')}/ws?eventId=${eventId}`);
      (window as unknown as { liveSocket: WebSocket }).liveSocket = socket;
      socket.onopen = () => socket.send(JSON.stringify({ type: ping }));
      socket.onmessage = (event: MessageEvent) => {
        const text = typeof event.data === 'string';
        frames.push({
          dataType: typeof event.data,
          type: text ? (JSON.parse(event.data) as { type: string }).type : undefined,
        });
      };
    },
    { eventId, ping: ClientMessageType.Ping },
  );
}

const framesOf = (page: Page) => page.evaluate(() => (window as unknown as { liveFrames: ReceivedFrame[] }).liveFrames);

/** The kinds a page received so far, once every frame so far was text (a Blob fails the test at once). */
async function textKinds(page: Page): Promise<Set<string>> {
  const frames = await framesOf(page);
  expect(frames.filter((f) => f.dataType !== 'string')).toEqual([]);
  return new Set(frames.map((f) => f.type!));
}

describe('live frames as a browser receives them', () => {
  const stack = useBrowserStack({ workers: true });

  // Every kind the server sends, each on a feed that carries it in this scenario: a host's approval reaches
  // the hosts' feed as memory_updated. memory_update is in the spec's list of kinds, but the server never
  // sends it (its changes go out as memory_updated).
  const publicKinds = [
    LIVE_JOINED,
    LIVE_PONG,
    LiveMessageType.MemoryApproved,
    LiveMessageType.MemoryUpdated,
    LiveMessageType.MemoryDelete,
  ];
  const hostKinds = [
    LIVE_JOINED,
    LIVE_PONG,
    LiveMessageType.NewMemory,
    LiveMessageType.MemoryUpdated,
    LiveMessageType.MemoryDelete,
  ];

  it('every kind of live frame, on the public and the hosts feed, reaches the page as text', async () => {
    const { t, api, browser } = stack;
    const event = await createEvent(t.dataSource, { moderationType: 'manual_moderation' });
    const customer = await createAccount(t.dataSource, 'customer');
    await makeEventAdmin(t.dataSource, customer.user.id, event.id);
    const host = await signedIn(api.url, customer);

    const contexts: BrowserContext[] = [await browser.newContext(), await browser.newContext()];
    const [guestContext, hostContext] = contexts;
    const [name, value] = host.cookie!.split('=');
    await hostContext.addCookies([{ name, value, url: api.url }]);
    const guest = await guestContext.newPage();
    const hostPage = await hostContext.newPage();
    for (const page of [guest, hostPage]) {
      await page.goto(`${api.url}/`);
      await recordLiveFrames(page, event.id);
    }
    await waitFor(
      async () => (await textKinds(guest)).has(LIVE_PONG) && (await textKinds(hostPage)).has(LIVE_PONG),
      10_000,
      'joined and pong',
    );

    // new_memory (hosts), then memory_approved, memory_updated (featured) and memory_delete on both feeds.
    const posted = await postMessage(api.url, event.id, { name: 'Guest', title: '', message: 'Frames as text' });
    const memoryId = posted.body.memory.id as string;
    await waitFor(async () => (await textKinds(hostPage)).has(LiveMessageType.NewMemory), 15_000, 'new_memory');
    expect((await host.post(`/api/submissions/${memoryId}/approve`)).status).toBeLessThan(300);
    await waitFor(async () => (await textKinds(guest)).has(LiveMessageType.MemoryApproved), 10_000, 'memory_approved');
    expect((await host.post(`/api/memories/${memoryId}/feature`)).status).toBeLessThan(300);
    await waitFor(async () => (await textKinds(guest)).has(LiveMessageType.MemoryUpdated), 10_000, 'memory_updated');
    expect((await host.delete(`/api/memories/${memoryId}`)).status).toBeLessThan(300);

    await waitFor(async () => (await textKinds(guest)).has(LiveMessageType.MemoryDelete), 10_000, 'memory_delete');
    await waitFor(
      async () => (await textKinds(hostPage)).has(LiveMessageType.MemoryDelete),
      10_000,
      'memory_delete to hosts',
    );
    expect([...(await textKinds(guest))].sort()).toEqual([...publicKinds].sort());
    expect([...(await textKinds(hostPage))].sort()).toEqual([...hostKinds].sort());
    await Promise.all(contexts.map((c) => c.close()));
  }, 60_000);
});
