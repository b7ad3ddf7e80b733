import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { Browser, BrowserContext, Page } from 'playwright-core';
import { createEvent, postMessage } from '@memory-wall/testkit/factories';
import { RunningProcess, startApi, startWorkers } from '@memory-wall/testkit/processes';
import { createTestEnvironment, TestEnvironment } from '@memory-wall/testkit/test-environment';
import { waitFor } from '@memory-wall/testkit/wait';
import { launchBrowser } from '@memory-wall/testkit/browser';

const MESSAGES = ['First wishes', 'Second wishes', 'Third wishes'];

/** Resolves once the offline shell's worker controls the page and holds the wall the page shows. */
async function shellReady(page: Page, eventId: string) {
  const storedWall = () =>
    page.evaluate(async (id) => {
      if (!navigator.serviceWorker.controller) return -1;
      const walls = await caches.open('public-walls');
      const stored = (await walls.keys()).find((request) => request.url.includes(`/api/events/${id}/memories`));
      return stored ? ((await (await walls.match(stored))!.json()) as { memories: unknown[] }).memories.length : -1;
    }, eventId);
  await waitFor(async () => (await storedWall()) === MESSAGES.length, 20_000, 'the worker to hold the wall');
}

const cardText = (page: Page) => page.getByTestId('memory-card').first().innerText();

/**
 * The offline shell of a venue screen, with the API serving a copy of the built front end (which the
 * deploy test changes): the page comes back from a reload while offline, and a deploy is used at once.
 */
describe('the offline shell of a venue screen', () => {
  let t: TestEnvironment;
  let api: RunningProcess;
  let workers: RunningProcess;
  let browser: Browser;
  let env: Record<string, string>;
  let dist: string;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    t = await createTestEnvironment();
    dist = mkdtempSync(join(tmpdir(), 'mw-dist-'));
    cpSync(resolve(__dirname, '../frontend/dist'), dist, { recursive: true });
    env = { ...t.env, FRONTEND_DIST: dist };
    [api, browser] = await Promise.all([startApi(env), launchBrowser()]);
    workers = startWorkers(env);
  });

  afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close()));
    await browser?.close();
    await Promise.all([api?.stop(), workers?.stop()]);
    await t?.cleanup();
    rmSync(dist, { recursive: true, force: true });
  });

  async function screenOf(eventId: string): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(`${api.url}/presentation/${eventId}`);
    await page
      .getByTestId('shown-count')
      .filter({ hasText: `/ ${MESSAGES.length}` })
      .waitFor({ timeout: 15_000 });
    await shellReady(page, eventId);
    return page;
  }

  async function eventWithWall() {
    const event = await createEvent(t.dataSource, {
      wallTitle: 'Offline wall',
      numberOfImagesDisplay: 1,
      transitionTime: 2,
    });
    for (const message of MESSAGES) await postMessage(api.url, event.id, { name: 'Guest', title: '', message });
    return event;
  }

  it('a screen reloaded while offline comes back with the last wall, says Offline and keeps rotating', async () => {
    const event = await eventWithWall();
    const page = await screenOf(event.id);

    await page.context().setOffline(true);
    await page.reload();
    await page.getByRole('heading', { name: 'Offline wall' }).waitFor();
    await page
      .getByTestId('shown-count')
      .filter({ hasText: `/ ${MESSAGES.length}` })
      .waitFor();
    await page.getByTestId('live-badge').filter({ hasText: 'Offline' }).waitFor();

    // Rotation goes on with the cached wall: the card changes.
    const seen = new Set<string>();
    await waitFor(
      async () => {
        seen.add(await cardText(page));
        return seen.size > 1;
      },
      15_000,
      'the presentation to rotate while offline',
    );
    expect([...seen].every((text) => MESSAGES.some((m) => text.includes(m)))).toBe(true);
  }, 90_000);

  it('serves the deployed app, not the one it stored, as soon as the network answers', async () => {
    const event = await eventWithWall();
    const page = await screenOf(event.id);

    // A deploy: a new index.html (with its precompressed copies, as a build writes them), and the API
    // restarted on the same address to serve it.
    const index = join(dist, 'index.html');
    const deployed = readFileSync(index, 'utf8').replace('<head>', '<head><meta name="build" content="deployed" />');
    writeFileSync(index, deployed);
    writeFileSync(`${index}.br`, brotliCompressSync(deployed));
    writeFileSync(`${index}.gz`, gzipSync(deployed));
    const port = api.port;
    await api.stop();
    api = await startApi(env, 200, port);

    await page.reload();
    await page.getByRole('heading', { name: 'Offline wall' }).waitFor();
    expect(await page.locator('meta[name="build"]').getAttribute('content')).toBe('deployed');
  }, 90_000);
});
