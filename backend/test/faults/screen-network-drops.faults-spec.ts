import { Page } from 'playwright-core';
import { liveBadge, shownMessages, WallScenario } from '../../../e2e/support/recovery';
import { useBrowserStack } from '../../../e2e/support/app';
import { TcpProxy } from '../support/tcp-proxy';
import { FaultScenario, sleep } from './scenario';

const SHORT_MS = 10_000;
const LONG_MS = 10 * 60_000;
/** How often the screen is compared with the server while it recovers (the figures' resolution). */
const POLL_MS = 100;

const scenario = new FaultScenario({
  id: 9,
  title: 'A venue screen behind a network that fails for 10 s and for 10 minutes',
  tried:
    'A /display screen in Chromium reaches the API through a TCP proxy. The proxy cuts every connection and refuses new ones ' +
    `(or, once, forwards nothing and closes nothing: a blackhole) for ${SHORT_MS / 1000} s, then for ${LONG_MS / 60_000} minutes; ` +
    'meanwhile memories are approved and one is removed. Measured: from the network\'s return to the screen showing exactly the ' +
    "server's approved wall, without a reload.",
  ifBroken: 'A screen that misses memories after a drop: check that the joined frame is text and that the live client reconnects.',
});

describe('fault 9: a venue screen behind a failing network', () => {
  const stack = useBrowserStack({ workers: true });
  let proxy: TcpProxy;
  let page: Page;
  let wall: WallScenario;

  beforeAll(async () => {
    proxy = new TcpProxy([{ port: stack.api.port }]);
    await proxy.start();
  });
  afterAll(async () => {
    scenario.save();
    await proxy?.stop();
  });

  /** Milliseconds from now until the screen shows exactly the server's approved wall (`expected` memories). */
  async function msUntilScreenMatches(expected: number, timeoutMs = 60_000): Promise<number> {
    const start = Date.now();
    let last = { shown: [] as string[], approved: [] as string[] };
    while (Date.now() - start < timeoutMs) {
      last = { shown: await shownMessages(page), approved: await wall.approvedMessages() };
      if (last.approved.length === expected && JSON.stringify(last.shown) === JSON.stringify(last.approved)) return Date.now() - start;
      await sleep(POLL_MS);
    }
    expect(last.shown).toEqual(last.approved);
    throw new Error(`the server has ${last.approved.length} memories, ${expected} expected`);
  }

  /** One outage: 2 approved and 1 removed while it lasts; returns the recovery time. */
  async function outage(kind: 'drop' | 'blackhole', lastsMs: number, onWall: number): Promise<number> {
    const started = Date.now();
    proxy[kind]();
    await wall.post();
    await liveBadge(page, 'Offline').waitFor({ timeout: 20_000 });
    await wall.post();
    const approved = await wall.approvedMessages();
    await wall.remove(await firstIdOf(approved[0]));
    await sleep(Math.max(0, lastsMs - (Date.now() - started)));
    expect(await page.getByTestId('live-badge').innerText()).toBe('Offline');
    proxy.restore();
    const ms = await msUntilScreenMatches(onWall + 1);
    await liveBadge(page, 'Live').waitFor();
    return ms;
  }

  async function firstIdOf(message: string): Promise<string> {
    const response = await fetch(`${stack.api.url}/api/events/${wall.eventId}/memories?approved=true`);
    const { memories } = (await response.json()) as { memories: Array<{ id: string; content: string }> };
    return memories.find((m) => m.content === message)!.id;
  }

  it('shows every memory approved while it was cut off, after 10 s and after 10 minutes, without a reload', () =>
    scenario.run(async (s) => {
      wall = await WallScenario.create(stack.t.dataSource, stack.api.url);
      for (let i = 0; i < 3; i++) await wall.post();
      page = await stack.browser.newPage({ viewport: { width: 1920, height: 1080 } });
      await page.goto(`${proxy.url}/display/${wall.eventId}`);
      await liveBadge(page, 'Live').waitFor();
      await msUntilScreenMatches(3);
      await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));

      s.key('after a 10 s drop: network back to the last missed memory on screen', await outage('drop', SHORT_MS, 3), 'ms');
      s.key('after a 10 s blackhole: network back to the last missed memory on screen', await outage('blackhole', SHORT_MS, 4), 'ms');
      s.key('after a 10 min drop: network back to the last missed memory on screen', await outage('drop', LONG_MS, 5), 'ms');
      s.holds('after each outage the screen showed exactly the approved memories (2 approved and 1 removed during each), 0 missing');
      s.holds('the badge said Offline at the end of each outage and Live again after');
      expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
      s.holds('no reload: the same document throughout');
    }),
  15 * 60_000);
});
