import { setTimeout as sleep } from 'node:timers/promises';
import { TcpProxy } from '@memory-wall/testkit/tcp-proxy';
import { useBrowserStack } from './support/app';
import { liveBadge, VenueScreen, WallScenario } from '@memory-wall/testkit/recovery';

const OUTAGE_MS = 10_000;
/** Generous: what is measured is that nothing is missing, not how fast (that figure is in the faults report). */
const RECOVERY_WAIT_MS = 30_000;

/**
 * A venue screen behind a network that fails for 10 s: the connections cut (drop), or silently carrying
 * nothing (blackhole). Memories approved and removed meanwhile are on the screen once the network is
 * back, without a reload, and the badge says Offline while it is gone and Live again after.
 */
describe('a venue screen through a failing network', () => {
  const stack = useBrowserStack({ workers: true });
  let proxy: TcpProxy;

  beforeEach(async () => {
    proxy = new TcpProxy([{ port: stack.api.port }]);
    await proxy.start();
  });
  afterEach(() => proxy.stop());

  it('after the connections are cut for 10 s, shows every memory approved meanwhile and none removed', async () => {
    const wall = await WallScenario.create(stack.t.dataSource, stack.api.url);
    const [first] = [await wall.post(), await wall.post(), await wall.post()];
    const screen = await VenueScreen.open(stack.browser, proxy, wall, 3);
    const { page } = screen;

    const cut = Date.now();
    const socketsBefore = screen.socketsOpened;
    proxy.drop();
    await liveBadge(page, 'Offline').waitFor({ timeout: 5_000 });
    await wall.post();
    await wall.post();
    await wall.remove(first);
    await sleep(OUTAGE_MS - (Date.now() - cut));
    await page.screenshot({ path: '/tmp/recovery-drop-offline.png' });
    // It asked the server whether it answers rather than opening sockets that fail (which Chromium throttles).
    expect(screen.socketsOpened - socketsBefore).toBe(0);
    proxy.restore();

    await screen.msUntilShowsServerWall(4, RECOVERY_WAIT_MS);
    await liveBadge(page, 'Live').waitFor();
    await page.screenshot({ path: '/tmp/recovery-drop-back.png' });
    expect(await screen.sameDocument()).toBe(true);
    await page.close();
  }, 120_000);

  it('after the network silently carries nothing for 10 s, says Offline, then shows every memory approved meanwhile', async () => {
    const wall = await WallScenario.create(stack.t.dataSource, stack.api.url);
    await wall.post();
    await wall.post();
    const [third] = [await wall.post()];
    const screen = await VenueScreen.open(stack.browser, proxy, wall, 3);
    const { page } = screen;

    const cut = Date.now();
    const socketsBefore = screen.socketsOpened;
    proxy.blackhole();
    // Published into the dead connection: the screen must not count on it arriving.
    await wall.post();
    await liveBadge(page, 'Offline').waitFor({ timeout: 15_000 });
    await wall.post();
    await wall.remove(third);
    await sleep(Math.max(0, OUTAGE_MS - (Date.now() - cut)));
    expect(screen.socketsOpened - socketsBefore).toBe(0);
    proxy.restore();

    await screen.msUntilShowsServerWall(4, RECOVERY_WAIT_MS);
    await liveBadge(page, 'Live').waitFor();
    expect(await screen.sameDocument()).toBe(true);
    await page.close();
  }, 120_000);
});
