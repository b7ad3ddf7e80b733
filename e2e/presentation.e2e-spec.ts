import { resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Browser, Page } from 'playwright-core';
import { createEvent, postMessage } from '@memory-wall/testkit/factories';
import { gpsTaggedJpeg, multipart } from '@memory-wall/testkit/images';
import { RunningProcess, startApi, startWorkers } from '@memory-wall/testkit/processes';
import { createTestEnvironment, TestEnvironment } from '@memory-wall/testkit/test-environment';
import { launchBrowser } from '@memory-wall/testkit/browser';

const countdown = (page: Page) => page.getByTestId('countdown').innerText();

/**
 * Waits until the page's countdown has moved on `ticks` times: the page has lived that many more seconds
 * of its own (anything due within them, such as a rotation 500 ms after an arrival, has happened).
 */
async function countdownTicks(page: Page, ticks: number) {
  for (let i = 0; i < ticks; i++) {
    const shown = await countdown(page);
    await page.getByTestId('countdown').filter({ hasNotText: shown }).waitFor();
  }
}

/** A guest's photo, as a phone sends it (landscape, 3000×2000). */
async function postPhoto(baseUrl: string, eventId: string, name: string, caption: string) {
  const form = multipart('photo', await gpsTaggedJpeg(3000, 2000), 'IMG_0001.JPG', { name, photoCaption: caption });
  const res = await fetch(`${baseUrl}/api/events/${eventId}/submissions/photo`, { method: 'POST', body: form });
  expect(res.status).toBe(201);
}

/** The texts of the memory cards on the screen, sorted. */
const cardTexts = async (page: Page) => (await page.getByTestId('memory-card').allInnerTexts()).sort();

/** The approved memories of an event, as the public wall lists them. */
async function approvedCount(baseUrl: string, eventId: string): Promise<number> {
  const body = (await (await fetch(`${baseUrl}/api/events/${eventId}/memories?approved=true`)).json()) as {
    memories: unknown[];
  };
  return body.memories.length;
}

async function waitForApproved(baseUrl: string, eventId: string, count: number) {
  for (let i = 0; i < 300 && (await approvedCount(baseUrl, eventId)) < count; i++) await sleep(100);
  expect(await approvedCount(baseUrl, eventId)).toBe(count);
}

describe('presentation screen', () => {
  let t: TestEnvironment;
  let api: RunningProcess;
  let workers: RunningProcess;
  let browser: Browser;
  let env: Record<string, string>;

  beforeAll(async () => {
    t = await createTestEnvironment();
    env = { ...t.env, FRONTEND_DIST: resolve(__dirname, '../frontend/dist') };
    [api, browser] = await Promise.all([startApi(env), launchBrowser()]);
    workers = startWorkers(env);
  });

  afterAll(async () => {
    await browser?.close();
    await Promise.all([api?.stop(), workers?.stop()]);
    await t?.cleanup();
  });

  it('a presentation screen shows a newly approved memory at its next rotation without reloading, keeps rotating while the API is stopped for 10 s, then shows Live again', async () => {
    const event = await createEvent(t.dataSource, {
      name: 'Garden Wedding',
      wallTitle: 'Notes for Sam & Alex',
      numberOfImagesDisplay: 1,
      transitionTime: 4,
    });
    await postMessage(api.url, event.id, { name: 'Aunt May', title: '', message: 'First wishes' });
    await postMessage(api.url, event.id, { name: 'Uncle Ben', title: '', message: 'Second wishes' });
    // Both approved before the screen opens: any that came later would queue ahead of the new memory.
    await waitForApproved(api.url, event.id, 2);

    const screen = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
    await screen.goto(`${api.url}/presentation/${event.id}`);
    await screen.getByRole('heading', { name: 'Notes for Sam & Alex' }).waitFor();
    await screen.getByTestId('live-badge').filter({ hasText: 'Live' }).waitFor();
    await screen.getByTestId('shown-count').filter({ hasText: '1 / 2' }).waitFor({ timeout: 15_000 });
    expect(await screen.getByTestId('presentation-qr').locator('svg').count()).toBe(1);
    await screen.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));

    // A new memory: approved by the workers, pushed live, shown at the rotation 500 ms later.
    const posted = await postMessage(api.url, event.id, {
      name: 'Grandpa Joe',
      title: '',
      message: 'Dance like nobody is watching!',
    });
    expect(posted.status).toBeLessThan(300);
    await screen.getByTestId('shown-count').filter({ hasText: '1 / 3' }).waitFor({ timeout: 10_000 });
    // It waits for the end of the current slot (4 s), then is shown first.
    const card = screen.getByTestId('memory-card').filter({ hasText: 'Dance like nobody is watching!' });
    await card.waitFor({ timeout: 6_000 });
    expect(await card.innerText()).toContain('From Grandpa Joe');

    // The API goes away for 10 s: Offline, but the countdown and rotation go on with what is there.
    const port = api.port;
    await api.stop();
    await screen.getByTestId('live-badge').filter({ hasText: 'Offline' }).waitFor({ timeout: 5_000 });
    const seen = new Set<string>();
    const texts = new Set<string>();
    for (let i = 0; i < 10; i++) {
      seen.add(await countdown(screen));
      texts.add(await screen.getByTestId('memory-card').first().innerText());
      await sleep(1000);
    }
    expect(seen.size).toBeGreaterThan(3);
    expect(texts.size).toBeGreaterThan(1);
    expect(await screen.getByTestId('memory-card').count()).toBe(1);
    expect(await screen.getByTestId('live-badge').innerText()).toBe('Offline');

    api = await startApi(env, 200, port);
    await screen.getByTestId('live-badge').filter({ hasText: 'Live' }).waitFor({ timeout: 40_000 });
    expect(await screen.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  }, 120_000);

  it('fills a 16:9 screen, sizes text and the QR code for a room, queues arrivals without cutting a slot short, and hides its controls when idle', async () => {
    const event = await createEvent(t.dataSource, {
      wallTitle: 'Venue screen',
      numberOfImagesDisplay: 3,
      transitionTime: 300,
      animationStyle: 'vertical',
    });
    for (const [name, message] of [
      ['Aunt May', 'Congratulations!'],
      ['Uncle Ben', 'So happy for you both'],
      ['Grandpa Joe', 'Dance like nobody is watching!'],
    ])
      await postMessage(api.url, event.id, { name, title: '', message });
    await waitForApproved(api.url, event.id, 3);

    const screen = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
    await screen.goto(`${api.url}/presentation/${event.id}`);
    await screen.getByTestId('live-badge').filter({ hasText: 'Live' }).waitFor();
    await screen.getByTestId('shown-count').filter({ hasText: '3 / 3' }).waitFor();

    // The memories fill the screen: together their cards cover most of it, not a band at the top.
    const boxes = await Promise.all((await screen.getByTestId('memory-card').all()).map((card) => card.boundingBox()));
    const area = boxes.reduce((sum, box) => sum + box!.width * box!.height, 0);
    expect(area / (1920 * 1080)).toBeGreaterThan(0.55);
    expect(Math.max(...boxes.map((box) => box!.y + box!.height))).toBeGreaterThan(1080 * 0.9);
    // A short message reads from across a room; they enter as the wall settings say (vertical).
    for (const size of await screen
      .locator('.memory-text')
      .evaluateAll((els) => els.map((el) => parseFloat(getComputedStyle(el).fontSize))))
      expect(size).toBeGreaterThanOrEqual(48);
    expect(
      await screen
        .locator('.pr-cell')
        .first()
        .evaluate((el) => getComputedStyle(el).animationName),
    ).toBe('mw-in-vertical');
    // No word is split over two lines ("Congratulatio / ns!"): each fits its card's width.
    const splitWords = await screen.locator('.memory-text').evaluateAll((els) =>
      els.flatMap((el) =>
        [...(el.textContent ?? '').matchAll(/\S+/g)]
          .filter((word) => {
            const range = document.createRange();
            range.setStart(el.firstChild!, word.index);
            range.setEnd(el.firstChild!, word.index + word[0].length);
            return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size > 1;
          })
          .map((word) => word[0]),
      ),
    );
    expect(splitWords).toEqual([]);
    // The QR code: in the bottom right corner, about a quarter of the screen's height.
    const qr = (await screen.getByTestId('presentation-qr').locator('svg').boundingBox())!;
    expect(qr.height).toBeGreaterThanOrEqual(1080 * 0.2);
    expect(qr.x + qr.width).toBeGreaterThan(1920 * 0.95);
    expect(qr.y + qr.height).toBeGreaterThan(1080 * 0.9);
    // The QR code's column holds the title above the code, not empty space; the memories take the whole height.
    const title = (await screen.getByRole('heading', { level: 1 }).boundingBox())!;
    expect(title.x).toBeGreaterThanOrEqual(qr.x - 20);
    expect(title.y + title.height).toBeLessThan(qr.y);
    expect(Math.min(...boxes.map((box) => box!.y))).toBeLessThan(1080 * 0.05);
    // Controls large enough to hit.
    for (const button of await screen.getByTestId('presentation-controls').getByRole('button').all()) {
      const box = (await button.boundingBox())!;
      expect(box.height).toBeGreaterThanOrEqual(44);
      expect(box.width).toBeGreaterThanOrEqual(44);
    }

    // Two arrivals while the screen is full: they queue, counted for the host, and the set stays up.
    const before = await cardTexts(screen);
    await postMessage(api.url, event.id, { name: 'Cousin Liz', title: '', message: 'Cheers!' });
    await postMessage(api.url, event.id, { name: 'Cousin Tom', title: '', message: 'Best day ever' });
    await screen.getByTestId('queue-count').filter({ hasText: '2 waiting' }).waitFor({ timeout: 10_000 });
    await countdownTicks(screen, 2);
    expect(await cardTexts(screen)).toEqual(before);
    // The host rotates: the queue goes first.
    await screen.keyboard.press('r');
    await screen.getByTestId('memory-card').filter({ hasText: 'Cheers!' }).waitFor();
    await screen.getByTestId('memory-card').filter({ hasText: 'Best day ever' }).waitFor();
    expect(await screen.getByTestId('queue-count').count()).toBe(0);

    // Idle: the cursor and the controls go; a mouse move brings them back.
    const controlsOpacity = () =>
      screen.getByTestId('presentation-controls').evaluate((el) => getComputedStyle(el).opacity);
    await screen.waitForFunction(() => document.querySelector('.pr-page')?.classList.contains('pr-idle'), undefined, {
      timeout: 10_000,
    });
    expect(await screen.locator('.pr-page').evaluate((el) => getComputedStyle(el).cursor)).toBe('none');
    await screen.mouse.move(500, 500);
    await screen.mouse.move(600, 520);
    expect(await screen.locator('.pr-page').evaluate((el) => el.classList.contains('pr-idle'))).toBe(false);
    await screen.waitForFunction(
      () => getComputedStyle(document.querySelector('[data-testid="presentation-controls"]')!).opacity === '1',
    );
    expect(await controlsOpacity()).toBe('1');

    // Full Screen is the browser's.
    await screen.getByRole('button', { name: 'Full Screen' }).click();
    await screen.waitForFunction(() => document.fullscreenElement !== null);
    await screen.getByRole('button', { name: 'Exit Full Screen' }).click();
    await screen.waitForFunction(() => document.fullscreenElement === null);
  }, 90_000);

  it('lets a photo in only once its image has loaded, large and with its aspect kept', async () => {
    const event = await createEvent(t.dataSource, { numberOfImagesDisplay: 3, transitionTime: 300 });
    await postMessage(api.url, event.id, { name: 'Aunt May', title: '', message: 'Congratulations!' });
    await waitForApproved(api.url, event.id, 1);

    // The offline shell's worker would fetch the images itself, past the page's routes: kept out here.
    const screen = await browser.newPage({ viewport: { width: 1920, height: 1080 }, serviceWorkers: 'block' });
    // The venue's network holds the photo's images until the test lets them through.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await screen.route('**/api/media/**', async (route) => {
      await released;
      await route.continue();
    });
    await screen.goto(`${api.url}/presentation/${event.id}`);
    await screen.getByTestId('live-badge').filter({ hasText: 'Live' }).waitFor();
    await screen.getByTestId('shown-count').filter({ hasText: '1 / 1' }).waitFor();

    await postPhoto(api.url, event.id, 'Uncle Ben', 'First dance');
    await screen.getByTestId('shown-count').filter({ hasText: '1 / 2' }).waitFor({ timeout: 20_000 });
    await countdownTicks(screen, 2);
    expect(await screen.getByTestId('memory-card').count()).toBe(1);
    expect(await screen.locator('.pr-page img').count()).toBe(0);

    release();
    const photo = screen.getByRole('img', { name: 'First dance' });
    await photo.waitFor({ timeout: 10_000 });
    expect(await photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await photo.evaluate((img: HTMLImageElement) => getComputedStyle(img).objectFit)).toBe('contain');
    const box = (await photo.boundingBox())!;
    expect(box.width).toBeGreaterThan(1920 * 0.3);
  }, 60_000);

  it('loads the card rendition into the cards of /display and the full one where a photo is shown large', async () => {
    const event = await createEvent(t.dataSource, { numberOfImagesDisplay: 3, transitionTime: 300 });
    await postPhoto(api.url, event.id, 'Aunt May', 'Under the rose arch');
    await waitForApproved(api.url, event.id, 1);

    const fetched = async (path: string) => {
      const page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
      const media: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/api/media/')) media.push(request.url());
      });
      await page.goto(`${api.url}${path}`);
      const photo = page.getByRole('img', { name: 'Under the rose arch' });
      await photo.waitFor();
      await page.waitForFunction(
        (img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0,
        await photo.elementHandle(),
      );
      const current = await photo.evaluate((img: HTMLImageElement) => img.currentSrc);
      await page.close();
      return { current, media };
    };

    const display = await fetched(`/display/${event.id}`);
    expect(display.current).toMatch(/-card\.webp$/);
    expect(display.media.some((url) => url.endsWith('-full.webp'))).toBe(false);

    // Alone on a presentation screen, the photo is shown full size.
    const presentation = await fetched(`/presentation/${event.id}`);
    expect(presentation.current).toMatch(/-full\.webp$/);
  }, 60_000);

  it('says "Event Not Available" for a draft event', async () => {
    const draft = await createEvent(t.dataSource, { status: 'draft', isPublished: false });
    const page = await browser.newPage();
    await page.goto(`${api.url}/presentation/${draft.id}`);
    await page.getByRole('heading', { name: 'Event Not Available' }).waitFor();
    expect(await page.getByRole('link', { name: 'Return to Home' }).isVisible()).toBe(true);
  });
});
