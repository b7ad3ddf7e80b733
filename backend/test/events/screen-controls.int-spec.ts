import { LiveMessage, ScreenMessages } from '@memory-wall/contracts';
import { EventAdmin, Memory } from '@memory-wall/core';
import { createAccount, makeEventAdmin } from '@memory-wall/testkit/accounts';
import { useAppStack } from '@memory-wall/testkit/app-stack';
import { createEvent } from '@memory-wall/testkit/factories';
import { signedIn } from '@memory-wall/testkit/http';
import { connectLive, LiveClient, settle } from '@memory-wall/testkit/live-client';
import { waitFor } from '@memory-wall/testkit/wait';

/** Issue #27: the host's hold, reveal mode and delay, as the public wall read and the public feed obey them. */
describe("the screens' controls", () => {
  const app = useAppStack();

  async function hostedEvent() {
    const provider = await createAccount(app.t.dataSource, 'service_provider');
    const customer = await createAccount(app.t.dataSource, 'customer');
    const event = await createEvent(app.t.dataSource, {
      serviceProviderId: provider.provider!.id,
      moderationType: 'manual_moderation',
    });
    await makeEventAdmin(app.t.dataSource, customer.user.id, event.id);
    const host = await signedIn(app.api.url, customer);
    const ws = app.api.url.replace('http', 'ws');
    const publicFeed = await connectLive(`${ws}/ws?eventId=${event.id}`);
    const hostFeed = await connectLive(`${ws}/ws?eventId=${event.id}`, undefined, host.cookie);
    app.sockets.push(publicFeed, hostFeed);
    await Promise.all([publicFeed.joined(), hostFeed.joined()]);
    return { event, customer, host, publicFeed, hostFeed };
  }

  /** A guest's message, pending for the host (manual moderation). */
  async function pending(eventId: string, hostFeed: LiveClient, message: string): Promise<string> {
    const id: string = (
      await app.guest().post(`/api/events/${eventId}/submissions/message`, { name: 'Guest', message })
    ).body.memory.id;
    await hostFeed.next(about(id, 'new_memory'));
    return id;
  }

  const about = (id: string, type: LiveMessage['type']) => (m: LiveMessage) =>
    m.type === type && ('memory' in m ? m.memory.id === id : 'memoryId' in m && m.memoryId === id);
  const publicIds = async (eventId: string): Promise<string[]> =>
    (await app.guest().get(`/api/events/${eventId}/memories`)).body.memories.map((m: { id: string }) => m.id);
  const publicScreens = async (eventId: string) =>
    (await app.guest().get(`/api/events/public/${eventId}`)).body.event.screens;
  const heardPublicly = (feed: LiveClient, id: string) =>
    feed.messages.some((m) => 'memory' in m && m.memory.id === id);

  it('hold: the screens keep what they had, nothing new reaches them until the host releases them', async () => {
    const { event, host, publicFeed, hostFeed } = await hostedEvent();
    const before = await pending(event.id, hostFeed, 'Before the hold');
    await host.post(`/api/submissions/${before}/approve`);
    await publicFeed.next(about(before, 'memory_approved'));

    const held = await host.patch(`/api/events/${event.id}/screens`, { held: true });
    expect(held.status).toBe(200);
    expect(held.body.screens.heldSince).toEqual(expect.any(String));
    await publicFeed.next((m) => m.type === 'screens_updated' && m.screens.heldSince !== null);

    const during = await pending(event.id, hostFeed, 'During the hold');
    expect((await host.post(`/api/submissions/${during}/approve`)).status).toBe(200);
    await hostFeed.next(about(during, 'memory_updated'));
    await settle();
    expect(heardPublicly(publicFeed, during)).toBe(false);
    // A screen that reloads sees what it had, and that it is held.
    expect(await publicIds(event.id)).toEqual([before]);
    expect((await publicScreens(event.id)).heldSince).toBe(held.body.screens.heldSince);

    await host.patch(`/api/events/${event.id}/screens`, { held: false });
    await publicFeed.next((m) => m.type === 'screens_updated' && m.screens.heldSince === null);
    expect(await publicIds(event.id)).toEqual([during, before]);
  });

  it('reveal mode: the wall is empty for the screens until the host reveals it', async () => {
    const { event, host, publicFeed, hostFeed } = await hostedEvent();
    expect((await host.patch(`/api/events/${event.id}/screens`, { comingSoon: true })).body.screens.comingSoon).toBe(
      true,
    );
    const id = await pending(event.id, hostFeed, 'Before the reveal');
    await host.post(`/api/submissions/${id}/approve`);
    await hostFeed.next(about(id, 'memory_updated'));
    await settle();
    expect(heardPublicly(publicFeed, id)).toBe(false);
    expect(await publicIds(event.id)).toEqual([]);
    expect((await publicScreens(event.id)).comingSoon).toBe(true);

    await host.patch(`/api/events/${event.id}/screens`, { comingSoon: false });
    await publicFeed.next((m) => m.type === 'screens_updated' && !m.screens.comingSoon);
    expect(await publicIds(event.id)).toEqual([id]);
  });

  it('delay: an approved memory reaches the screens after it, and one pulled back meanwhile never does', async () => {
    const { event, host, publicFeed, hostFeed } = await hostedEvent();
    await host.patch(`/api/events/${event.id}/screens`, { delaySeconds: 3 });
    const kept = await pending(event.id, hostFeed, 'Kept');
    const pulled = await pending(event.id, hostFeed, 'Pulled back');
    const approvedAt = Date.now();
    const approved = (await host.post(`/api/submissions/${kept}/approve`)).body.memory;
    await host.post(`/api/submissions/${pulled}/approve`);
    expect(new Date(approved.publicAt).getTime()).toBeGreaterThan(approvedAt + 2000);
    // A screen that reads the wall during the delay does not see it.
    expect(await publicIds(event.id)).toEqual([]);

    const back = await host.post(`/api/submissions/${pulled}/pull-back`);
    expect(back.status).toBe(200);
    expect(back.body.memory).toMatchObject({ approved: false, publicAt: null });
    expect(
      (await host.get(`/api/events/${event.id}/submissions/pending`)).body.memories.map((m: Memory) => m.id),
    ).toEqual([pulled]);

    await publicFeed.next(about(kept, 'memory_approved'), 15_000);
    expect(Date.now() - approvedAt).toBeGreaterThanOrEqual(2500);
    expect(await publicIds(event.id)).toEqual([kept]);
    await settle(1000);
    expect(heardPublicly(publicFeed, pulled)).toBe(false);

    // Once on the screens, it can no longer be pulled back.
    const late = await host.post(`/api/submissions/${kept}/pull-back`);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(ScreenMessages.notInDelay);
  });

  it('only the hosts who may moderate change the controls, decided before the body is looked at', async () => {
    const { event, customer } = await hostedEvent();
    const change = { held: true };
    expect((await app.guest().patch(`/api/events/${event.id}/screens`, change)).status).toBe(401);
    const stranger = await signedIn(app.api.url, await createAccount(app.t.dataSource, 'customer'));
    expect((await stranger.patch(`/api/events/${event.id}/screens`, { delaySeconds: -1 })).status).toBe(404);
    const otherProvider = await signedIn(app.api.url, await createAccount(app.t.dataSource, 'service_provider'));
    expect((await otherProvider.patch(`/api/events/${event.id}/screens`, change)).status).toBe(404);

    await app.t.dataSource
      .getRepository(EventAdmin)
      .update({ userId: customer.user.id, eventId: event.id }, { permissions: { canModerate: false } });
    const limited = await signedIn(app.api.url, customer);
    expect((await limited.patch(`/api/events/${event.id}/screens`, change)).status).toBe(403);
    expect((await publicScreens(event.id)).heldSince).toBeNull();

    const owner = await signedIn(app.api.url, await createAccount(app.t.dataSource, 'owner'));
    const tooLong = await owner.patch(`/api/events/${event.id}/screens`, { delaySeconds: 601 });
    expect(tooLong.status).toBe(400);
    expect(JSON.stringify(tooLong.body)).toContain(ScreenMessages.delayInvalid);
    const badName = await owner.patch(`/api/events/${event.id}/screens`, { layouts: { 'no spaces': {} } });
    expect(badName.status).toBe(400);
    expect(badName.body.message).toBe(ScreenMessages.screenNameInvalid);
    const badLayout = await owner.patch(`/api/events/${event.id}/screens`, { layouts: { hall: { columns: 9 } } });
    expect(badLayout.status).toBe(400);
    expect(badLayout.body.message).toBe(ScreenMessages.layoutInvalid);
  });

  it("a named screen's layout is stored and announced to the screens", async () => {
    const { event, host, publicFeed } = await hostedEvent();
    const layout = { columns: 2, speed: 10, featuredOnly: false, photosOnly: true };
    const saved = await host.patch(`/api/events/${event.id}/screens`, { layouts: { 'main-hall': layout } });
    expect(saved.status).toBe(200);
    const heard = await publicFeed.next((m) => m.type === 'screens_updated' && 'main-hall' in m.screens.layouts);
    expect(heard).toMatchObject({ screens: { layouts: { 'main-hall': layout } } });
    await waitFor(async () => (await publicScreens(event.id)).layouts['main-hall']?.photosOnly === true);
  });
});
