import { Browser, type Locator } from 'playwright-core';
import { randomUUID } from 'node:crypto';
import { Role } from '@memory-wall/contracts';
import { Memory } from '@memory-wall/core';
import { createAccount } from '@memory-wall/testkit/accounts';
import { PHONE } from '@memory-wall/testkit/browser';
import { createEvent } from '@memory-wall/testkit/factories';
import { processed } from '@memory-wall/testkit/memories';
import { cameraLikeJpeg, multipart } from '@memory-wall/testkit/images';
import type { RunningProcess } from '@memory-wall/testkit/processes';
import type { TestEnvironment } from '@memory-wall/testkit/test-environment';
import { signIn, useBrowserStack } from './support/app';

const LONG_MESSAGE = [
  'I still remember the first time you two came to dinner, late and laughing, with a cake that had slid',
  'off its plate somewhere on the stairs. We ate it with spoons from the box. Since then there have been',
  'so many evenings like that one: the power cut at the lake house, the wedding of your cousin where it',
  'rained on everyone but the dancing went on, the long drive to the coast with the broken radio and the',
  'songs we sang instead. Whatever comes next, I know it will be full of that same warmth. With all our',
  'love, today and always, from the whole family at number twelve.',
].join(' ');

/** How much of a text its box hides: its full height less the height shown. */
const hiddenHeight = (text: Locator) => text.evaluate((p) => p.scrollHeight - p.clientHeight);

/**
 * The guests' gallery (issue #27 item 12) in Chromium: a phone hearts a memory and another page's count
 * follows live; a long message is clamped on its card until "Read more".
 */
describe("guests' gallery", () => {
  const stack = useBrowserStack({ workers: true });
  let t: TestEnvironment;
  let api: RunningProcess;
  let browser: Browser;
  beforeAll(() => ({ t, api, browser } = stack));

  it('hearts a memory on a phone, the count changing live on a second page, and expands a long message', async () => {
    const event = await createEvent(t.dataSource, { name: 'Sam & Alex' });
    const memories = t.dataSource.getRepository(Memory);
    const base = { eventId: event.id, approved: true, processingState: 'ready' as const };
    const toast = await memories.save({ ...base, author: 'Uncle Bo', content: 'To many happy years!' });
    await memories.save({ ...base, author: 'The Millers', content: LONG_MESSAGE, hearts: 3 });
    const photo = await fetch(`${api.url}/api/events/${event.id}/submissions/photo`, {
      method: 'POST',
      body: multipart('photo', await cameraLikeJpeg(1600, 1200), 'beach.jpg', {
        name: 'Dana',
        photoCaption: 'The beach',
      }),
    }).then((r) => r.json() as Promise<{ memory: { id: string } }>);
    await processed(t.dataSource, photo.memory.id);

    const phone = await (await browser.newContext(PHONE)).newPage();
    const desktop = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
    await Promise.all([phone, desktop].map((page) => page.goto(`${api.url}/gallery/${event.id}`)));
    for (const page of [phone, desktop]) {
      await page.getByRole('heading', { level: 1, name: 'Sam & Alex' }).waitFor();
      await page.getByText('The beach').waitFor();
      await page.getByTestId('memory-card').filter({ hasText: 'To many happy years!' }).waitFor();
    }

    const heartOf = (page: typeof phone) =>
      page.getByTestId('memory-card').filter({ hasText: 'To many happy years!' }).getByTestId('heart-button');
    expect(await heartOf(desktop).getAttribute('aria-label')).toBe('Heart this memory (0 hearts)');
    await heartOf(phone).click();
    await phone.getByRole('button', { name: 'Heart this memory (1 heart)', pressed: true }).waitFor();
    await desktop.getByRole('button', { name: 'Heart this memory (1 heart)', pressed: false }).waitFor();
    expect(await memories.findOneByOrFail({ id: toast.id })).toMatchObject({ hearts: 1 });

    const longCard = phone.getByTestId('memory-card').filter({ hasText: 'The Millers' });
    const text = longCard.locator('.memory-text');
    expect(await hiddenHeight(text)).toBeGreaterThan(20);
    const readMore = longCard.getByRole('button', { name: 'Read more' });
    expect(await readMore.getAttribute('aria-expanded')).toBe('false');
    await phone.screenshot({ path: '/tmp/gallery-390.png', fullPage: true });
    await desktop.screenshot({ path: '/tmp/gallery-1440.png', fullPage: true });

    await readMore.click();
    await longCard.getByRole('button', { name: 'Show less', expanded: true }).waitFor();
    expect(await hiddenHeight(text)).toBeLessThanOrEqual(1);
    await longCard.screenshot({ path: '/tmp/gallery-390-expanded.png' });
  });

  it("shows the hearts on the host's wall, following the hosts' feed, with long messages clamped there too", async () => {
    const provider = await createAccount(t.dataSource, Role.ServiceProvider);
    const event = await createEvent(t.dataSource, { name: 'Sam & Alex', serviceProviderId: provider.provider!.id });
    const memories = t.dataSource.getRepository(Memory);
    const base = { eventId: event.id, approved: true, processingState: 'ready' as const };
    const short = await memories.save({ ...base, author: 'Uncle Bo', content: 'To many happy years!', hearts: 2 });
    await memories.save({ ...base, author: 'The Millers', content: LONG_MESSAGE });

    const host = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
    await signIn(host, api.url, provider);
    await host.goto(`${api.url}/events/${event.id}/wall`);
    await host.getByTestId('wall-live-badge').filter({ hasText: 'Live updates active' }).waitFor();
    const shortCard = host.getByTestId('memory-card').filter({ hasText: 'To many happy years!' });
    expect(await shortCard.getByTestId('heart-count').innerText()).toContain('2');

    const hearted = await fetch(`${api.url}/api/events/${event.id}/memories/${short.id}/hearts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ deviceId: randomUUID() }),
    });
    expect(hearted.status).toBe(200);
    await shortCard.getByTestId('heart-count').filter({ hasText: '3 hearts' }).waitFor();

    const longCard = host.getByTestId('memory-card').filter({ hasText: 'The Millers' });
    expect(await hiddenHeight(longCard.locator('.memory-text'))).toBeGreaterThan(20);
    await longCard.getByRole('button', { name: 'Read more', expanded: false }).waitFor();
    await host.screenshot({ path: '/tmp/host-wall-1440.png', fullPage: true });
    await host.setViewportSize(PHONE.viewport);
    await host.screenshot({ path: '/tmp/host-wall-390.png', fullPage: true });
  });
});
