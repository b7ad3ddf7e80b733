import { setTimeout as sleep } from 'node:timers/promises';
import { Browser, Page } from 'playwright-core';
import { DataSource } from 'typeorm';
import { createAccount, makeEventAdmin } from './accounts';
import { createEvent, postMessage } from './factories';
import { ApiClient, signedIn } from './http';
import { TcpProxy } from './tcp-proxy';

/**
 * A venue screen's wall and what the server holds, compared by message (each memory of these scenarios
 * has its own): the scenarios of e2e/live-recovery, the drops of backend/test/faults and bench's recovery case.
 */
export class WallScenario {
  private count = 0;

  private constructor(
    readonly apiUrl: string,
    readonly eventId: string,
    private readonly host: ApiClient,
  ) {}

  /** An auto-approving event with a host who may remove memories. */
  static async create(dataSource: DataSource, apiUrl: string): Promise<WallScenario> {
    const event = await createEvent(dataSource, { wallTitle: 'Venue screen' });
    const customer = await createAccount(dataSource, 'customer');
    await makeEventAdmin(dataSource, customer.user.id, event.id);
    return new WallScenario(apiUrl, event.id, await signedIn(apiUrl, customer));
  }

  /** A guest's message, approved by the workers. */
  async post(): Promise<string> {
    const author = `Guest ${++this.count}`;
    const posted = await postMessage(this.apiUrl, this.eventId, {
      name: author,
      title: '',
      message: `Wishes from ${author}`,
    });
    if (posted.status >= 300) throw new Error(`posting failed: ${posted.status}`);
    return posted.body.memory.id as string;
  }

  async remove(memoryId: string) {
    const removed = await this.host.delete(`/api/memories/${memoryId}`);
    if (removed.status >= 300) throw new Error(`removing failed: ${removed.status}`);
  }

  /** The messages the server has approved for the wall, sorted (read from the API directly). */
  async approvedMessages(): Promise<string[]> {
    return (await this.approved()).map((m) => m.content).sort();
  }

  /** The id of the approved memory with this message. */
  async idOf(message: string): Promise<string> {
    const memory = (await this.approved()).find((m) => m.content === message);
    if (!memory) throw new Error(`no approved memory says "${message}"`);
    return memory.id;
  }

  private async approved(): Promise<Array<{ id: string; content: string }>> {
    const response = await fetch(`${this.apiUrl}/api/events/${this.eventId}/memories?approved=true`);
    return ((await response.json()) as { memories: Array<{ id: string; content: string }> }).memories;
  }
}

export type OutageKind = 'drop' | 'blackhole';

export interface Recovery {
  /** From the network's return to the screen showing exactly the server's approved wall. */
  ms: number;
  /** WebSockets the page opened from the start of the outage to the network's return. */
  socketsOpenedDuringOutage: number;
}

/**
 * A venue screen: /display of a wall in Chromium, reaching the API only through a TcpProxy that plays the
 * venue's network (drop: every connection cut and new ones refused; blackhole: nothing forwarded, nothing
 * closed). Compares what it shows with what the server holds, and counts the WebSockets it opens.
 */
export class VenueScreen {
  /** How often the screen is compared with the server while it recovers (the figures' resolution). */
  static readonly POLL_MS = 100;
  /** WebSockets the page has opened (or tried to), counted as Chromium creates them. */
  socketsOpened = 0;

  private constructor(
    readonly page: Page,
    readonly wall: WallScenario,
    private readonly proxy: TcpProxy,
    /** Memories the server's wall holds now (each outage approves two and removes one). */
    private onWall: number,
  ) {
    page.on('websocket', () => this.socketsOpened++);
  }

  /** Opens the screen once the wall holds `onWall` memories; resolves when it is Live and shows them all. */
  static async open(browser: Browser, proxy: TcpProxy, wall: WallScenario, onWall: number): Promise<VenueScreen> {
    const page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
    const screen = new VenueScreen(page, wall, proxy, onWall);
    await page.goto(`${proxy.url}/display/${wall.eventId}`);
    await liveBadge(page, 'Live').waitFor();
    await screen.msUntilShowsServerWall();
    await page.evaluate(() => ((globalThis as unknown as { sameDocument: boolean }).sameDocument = true));
    return screen;
  }

  /**
   * Milliseconds from now until the screen shows exactly the server's approved wall, `expected`
   * memories of it; throws, saying what differs, after `timeoutMs`.
   */
  async msUntilShowsServerWall(expected = this.onWall, timeoutMs = 60_000): Promise<number> {
    const start = Date.now();
    let last = { shown: [] as string[], approved: [] as string[] };
    while (Date.now() - start < timeoutMs) {
      last = { shown: await shownMessages(this.page), approved: await this.wall.approvedMessages() };
      if (last.approved.length === expected && JSON.stringify(last.shown) === JSON.stringify(last.approved))
        return Date.now() - start;
      await sleep(VenueScreen.POLL_MS);
    }
    throw new Error(
      `after ${timeoutMs} ms the screen shows ${JSON.stringify(last.shown)} where the server has ${JSON.stringify(last.approved)} (${expected} expected)`,
    );
  }

  /**
   * One outage of `lastsMs`: two memories approved (one before and one after the screen says Offline) and
   * one removed while it lasts; then the network returns. Throws unless the badge said Offline at the end
   * of the outage and Live after, and the screen ends showing exactly the server's wall.
   */
  async outage(kind: OutageKind, lastsMs: number): Promise<Recovery> {
    const started = Date.now();
    const socketsBefore = this.socketsOpened;
    this.proxy[kind]();
    await this.wall.post();
    await liveBadge(this.page, 'Offline').waitFor({ timeout: 20_000 });
    await this.wall.post();
    const approved = await this.wall.approvedMessages();
    await this.wall.remove(await this.wall.idOf(approved[0]));
    this.onWall += 1;
    await sleep(Math.max(0, lastsMs - (Date.now() - started)));
    const badge = await this.page.getByTestId('live-badge').innerText();
    if (badge !== 'Offline') throw new Error(`at the end of the outage the badge says "${badge}", not Offline`);
    const socketsOpenedDuringOutage = this.socketsOpened - socketsBefore;
    this.proxy.restore();
    const ms = await this.msUntilShowsServerWall();
    await liveBadge(this.page, 'Live').waitFor();
    return { ms, socketsOpenedDuringOutage };
  }

  /** Whether the page is still the document `open` loaded (nothing reloaded it). */
  sameDocument(): Promise<boolean> {
    return this.page.evaluate(() => (globalThis as unknown as { sameDocument?: boolean }).sameDocument === true);
  }
}

/** The messages of the memories /display shows, sorted. */
export async function shownMessages(page: Page): Promise<string[]> {
  const messages = await page.getByTestId('memory-card').locator('.memory-text').allInnerTexts();
  return messages.sort();
}

export const liveBadge = (page: Page, text: 'Live' | 'Offline') =>
  page.getByTestId('live-badge').filter({ hasText: text });
