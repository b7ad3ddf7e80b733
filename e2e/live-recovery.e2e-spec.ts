import { setTimeout as sleep } from 'node:timers/promises';
import { Page } from 'playwright-core';
import { TcpProxy } from '../backend/test/support/tcp-proxy';
import { waitFor } from '../backend/test/support/wait';
import { useBrowserStack } from './support/app';
import { liveBadge, shownMessages, WallScenario } from './support/recovery';

const OUTAGE_MS = 10_000;
/** Generous: what is measured is that nothing is missing, not how fast (that figure is in the faults report). */
const RECOVERY_WAIT_MS = 30_000;

/** Waits until the screen shows exactly the memories the server approved, `expected` of them. */
async function showsServerWall(page: Page, wall: WallScenario, expected: number) {
  let last = { shown: [] as string[], approved: [] as string[] };
  try {
    await waitFor(async () => {
      last = { shown: await shownMessages(page), approved: await wall.approvedMessages() };
      return last.approved.length === expected && JSON.stringify(last.shown) === JSON.stringify(last.approved);
    }, RECOVERY_WAIT_MS);
  } catch {
    // Say what differs.
    expect(last.shown).toEqual(last.approved);
    expect(last.approved).toHaveLength(expected);
  }
}

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

  async function openScreen(wall: WallScenario): Promise<Page> {
    const page = await stack.browser.newPage({ viewport: { width: 1920, height: 1080 } });
    await page.goto(`${proxy.url}/display/${wall.eventId}`);
    await liveBadge(page, 'Live').waitFor();
    await showsServerWall(page, wall, 3);
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    return page;
  }

  const sameDocument = (page: Page) => page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument);

  it('after the connections are cut for 10 s, shows every memory approved meanwhile and none removed', async () => {
    const wall = await WallScenario.create(stack.t.dataSource, stack.api.url);
    const [first] = [await wall.post(), await wall.post(), await wall.post()];
    const page = await openScreen(wall);

    const cut = Date.now();
    proxy.drop();
    await liveBadge(page, 'Offline').waitFor({ timeout: 5_000 });
    await wall.post();
    await wall.post();
    await wall.remove(first);
    await sleep(OUTAGE_MS - (Date.now() - cut));
    await page.screenshot({ path: '/tmp/recovery-drop-offline.png' });
    proxy.restore();

    await showsServerWall(page, wall, 4);
    await liveBadge(page, 'Live').waitFor();
    await page.screenshot({ path: '/tmp/recovery-drop-back.png' });
    expect(await sameDocument(page)).toBe(true);
    await page.close();
  }, 120_000);

  it('after the network silently carries nothing for 10 s, says Offline, then shows every memory approved meanwhile', async () => {
    const wall = await WallScenario.create(stack.t.dataSource, stack.api.url);
    await wall.post();
    await wall.post();
    const [third] = [await wall.post()];
    const page = await openScreen(wall);

    const cut = Date.now();
    proxy.blackhole();
    // Published into the dead connection: the screen must not count on it arriving.
    await wall.post();
    await liveBadge(page, 'Offline').waitFor({ timeout: 15_000 });
    await wall.post();
    await wall.remove(third);
    await sleep(Math.max(0, OUTAGE_MS - (Date.now() - cut)));
    proxy.restore();

    await showsServerWall(page, wall, 4);
    await liveBadge(page, 'Live').waitFor();
    expect(await sameDocument(page)).toBe(true);
    await page.close();
  }, 120_000);
});
