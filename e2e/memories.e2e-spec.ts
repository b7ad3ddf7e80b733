import Busboy, { type BusboyHeaders } from '@fastify/busboy';
import { buffer } from 'node:stream/consumers';
import { Browser, type Request } from 'playwright-core';
import sharp from 'sharp';
import { ModerationType, Role } from '@memory-wall/contracts';
import { createAccount, makeEventAdmin } from '@memory-wall/testkit/accounts';
import { createEvent } from '@memory-wall/testkit/factories';
import type { RunningProcess } from '@memory-wall/testkit/processes';
import type { TestEnvironment } from '@memory-wall/testkit/test-environment';
import { signIn, useBrowserStack } from './support/app';
import { PHONE } from '@memory-wall/testkit/browser';

/** A photo as a phone camera makes one: a real JPEG, landscape. */
function cameraJpeg(): Promise<Buffer> {
  return sharp({ create: { width: 1200, height: 900, channels: 3, background: '#d98ca0' } })
    .composite([
      { input: { create: { width: 400, height: 300, channels: 3, background: '#2f6f4f' } }, top: 100, left: 150 },
    ])
    .jpeg({ quality: 85 })
    .toBuffer();
}

/**
 * A guest's photo goes through manual moderation to the customer's wall, in a real browser against the
 * built API, workers and front end.
 */
describe('a guest photo through moderation to the customer wall', () => {
  const stack = useBrowserStack({ workers: true });
  let t: TestEnvironment;
  let api: RunningProcess;
  let browser: Browser;
  beforeAll(() => ({ t, api, browser } = stack));

  it('lets a phone submit a cropped photo by event code, the customer approve it, and shows it on /customer-wall', async () => {
    const event = await createEvent(t.dataSource, {
      name: 'Rose Garden Wedding',
      wallTitle: 'Roses for Mia & Leo',
      eventCode: 'ROSE26',
      moderationType: ModerationType.ManualModeration,
    });
    const customer = await createAccount(t.dataSource, Role.Customer);
    await makeEventAdmin(t.dataSource, customer.user.id, event.id);

    // --- The guest, on a phone ---
    const phone = await (await browser.newContext(PHONE)).newPage();
    const scripts: string[] = [];
    phone.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await phone.goto(`${api.url}/contribute?code=rose26`);
    await phone.getByRole('heading', { name: 'Share Your Memory' }).waitFor();
    await phone.getByRole('tab', { name: 'Photo' }).click();
    await phone.getByLabel('Your Name').fill('Aunt Rosa');
    await phone
      .getByLabel('Photo', { exact: true })
      .setInputFiles({ name: 'garden.jpg', mimeType: 'image/jpeg', buffer: await cameraJpeg() });
    await phone.getByRole('img', { name: 'Preview of your photo' }).waitFor();
    // The crop tool is not part of the page: it arrives when asked for.
    expect(scripts.some((path) => /CropEditor-/.test(path))).toBe(false);

    await phone.getByRole('button', { name: 'Crop / Rotate' }).click();
    await phone.getByRole('heading', { name: 'Crop and Rotate' }).waitFor();
    expect(scripts.some((path) => /CropEditor-/.test(path))).toBe(true);
    await phone.getByRole('button', { name: 'Rotate' }).click();
    await phone.getByRole('button', { name: 'Apply' }).click();
    const preview = phone.getByRole('img', { name: 'Preview of your photo' });
    await preview.waitFor();
    // Turned a quarter and cropped to 90 %: portrait now.
    await phone.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('.contribute-preview img');
      return !!img && img.naturalWidth > 0 && img.naturalHeight > img.naturalWidth;
    });

    await phone.getByLabel('Caption').fill('Under the rose arch');
    await phone.getByRole('button', { name: 'Submit' }).click();
    await phone.waitForURL(`**/thank-you?event=${event.slug}`);
    await phone.getByRole('heading', { name: 'Thank You' }).waitFor();
    await phone.getByText('Your memory will appear on the wall once the hosts approve it.').waitFor();

    // --- The customer signs in with the PIN and moderates ---
    const host = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await signIn(host, api.url, customer);
    await host.waitForURL(`${api.url}/customer-wall`);
    // The wall says what waits for the host and leads there.
    await host.getByText('Nothing is on the wall yet: 1 memory is waiting for your approval.').waitFor();
    await host.getByRole('link', { name: 'Review on the Moderation page' }).click();
    await host.getByRole('heading', { level: 1, name: 'Moderation' }).waitFor();
    const card = host.getByTestId('moderation-card').filter({ hasText: 'Under the rose arch' });
    await card.waitFor();
    expect(await card.innerText()).toContain('From: Aunt Rosa');
    expect(await host.getByRole('tab', { name: /^Pending/ }).innerText()).toMatch(/Pending\s*1/);
    // Approve waits (disabled) while the workers still make the photo's images; the hosts' feed enables it.
    await card.getByRole('button', { name: 'Approve' }).click({ timeout: 15_000 });
    await host.getByText('Memory approved').waitFor();
    await host.getByText('No pending memories').waitFor();

    // --- On the customer's wall ---
    await host.getByRole('link', { name: 'Wall', exact: true }).click();
    await host.waitForURL(`${api.url}/customer-wall`);
    await host.getByRole('heading', { name: 'Roses for Mia & Leo' }).waitFor();
    const memory = host.getByTestId('memory-card').filter({ hasText: 'Under the rose arch' });
    await memory.waitFor();
    expect(await memory.innerText()).toContain('Aunt Rosa');
    const photo = memory.getByRole('img', { name: 'Under the rose arch' });
    await host.waitForFunction(
      (img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0,
      await photo.elementHandle(),
    );
    expect(
      await photo.evaluate((img) => (img as HTMLImageElement).naturalHeight > (img as HTMLImageElement).naturalWidth),
    ).toBe(true);
    expect(await memory.getByRole('button', { name: 'Feature' }).isVisible()).toBe(true);
  });

  it('resizes a large photo in the browser before sending it', async () => {
    const event = await createEvent(t.dataSource, { name: 'Big Pictures', eventCode: 'BIGPIX' });
    const phone = await (await browser.newContext(PHONE)).newPage();
    await phone.goto(`${api.url}/contribute?code=BIGPIX`);
    await phone.getByRole('tab', { name: 'Photo' }).click();
    await phone.getByLabel('Your Name').fill('Uncle Max');
    const large = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: '#88aadd' } })
      .jpeg({ quality: 90 })
      .toBuffer();
    await phone
      .getByLabel('Photo', { exact: true })
      .setInputFiles({ name: 'panorama.jpg', mimeType: 'image/jpeg', buffer: large });
    await phone.waitForFunction(
      () => (document.querySelector<HTMLImageElement>('.contribute-preview img')?.naturalWidth ?? 0) > 0,
    );

    // What leaves the browser: the photo part of the multipart request, as the page sends it.
    const request = phone.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/submissions/photo'));
    await phone.getByRole('button', { name: 'Submit' }).click();
    const photo = await photoPartOf(await request);
    await phone.waitForURL(`**/thank-you?event=${event.slug}`);
    expect({ ...photo, ...(await imageSize(photo.bytes)), bytes: undefined }).toEqual({
      name: 'panorama.webp',
      type: 'image/webp',
      width: 1920,
      height: 1440,
      bytes: undefined,
    });
  });

  it("shows a guest's drawing live on the host wall, pending, and on display once approved", async () => {
    const event = await createEvent(t.dataSource, {
      name: 'Sketch Night',
      eventCode: 'SKETCH',
      moderationType: ModerationType.ManualModeration,
    });
    const customer = await createAccount(t.dataSource, Role.Customer);
    await makeEventAdmin(t.dataSource, customer.user.id, event.id);

    const host = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await signIn(host, api.url, customer);
    await host.waitForURL(`${api.url}/customer-wall`);
    await host.goto(`${api.url}/events/${event.id}/wall`);
    await host.getByRole('heading', { level: 1, name: 'Sketch Night' }).waitFor();
    await host.getByRole('heading', { name: 'No memories yet' }).waitFor();
    await host.getByTestId('wall-live-badge').filter({ hasText: 'Live updates active' }).waitFor();

    const phone = await (await browser.newContext(PHONE)).newPage();
    await phone.goto(`${api.url}/contribute/sketch`);
    await phone.getByRole('tab', { name: 'Drawing' }).click();
    await phone.getByLabel('Your Name').fill('Little Tom');
    const pad = phone.getByRole('img', { name: 'Your drawing' });
    await phone.waitForFunction(
      () => document.querySelector<HTMLCanvasElement>('.drawing-pad')?.style.touchAction === 'none',
    );
    const box = (await pad.boundingBox())!;
    await phone.mouse.move(box.x + 30, box.y + 40);
    await phone.mouse.down();
    for (let i = 1; i <= 10; i++) await phone.mouse.move(box.x + 30 + i * 20, box.y + 40 + i * 15);
    await phone.mouse.up();
    await phone.getByRole('button', { name: 'Submit' }).click();
    await phone.waitForURL(`**/thank-you?event=${event.slug}`);

    // Live, from the hosts' feed: no reload.
    await host.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    const pending = host.getByTestId('memory-card').filter({ hasText: 'Little Tom' });
    await host.getByRole('heading', { name: 'Submissions awaiting approval (1)' }).waitFor({ timeout: 10_000 });
    await host.getByRole('heading', { name: 'Waiting for Approval' }).waitFor();
    await pending.getByRole('button', { name: 'Approve' }).click({ timeout: 15_000 });
    await host.getByText('Submission approved').waitFor();
    await host.getByRole('heading', { name: 'Memories on display (1)' }).waitFor();
    const drawing = host.getByTestId('memory-card').filter({ hasText: 'Little Tom' }).locator('img');
    await host.waitForFunction(
      (img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0,
      await drawing.elementHandle(),
    );
    expect(await host.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  });
});

/** The `photo` part of a captured multipart request (read as the API reads it): its file name, type and bytes. */
async function photoPartOf(request: Request): Promise<{ name: string; type: string; bytes: Buffer }> {
  const form = new Busboy({ headers: (await request.allHeaders()) as BusboyHeaders });
  const part = new Promise<{ name: string; type: string; bytes: Buffer }>((resolve, reject) => {
    form.on('file', (field, file, filename, _encoding, type) => {
      if (field !== 'photo') return void file.resume();
      void buffer(file).then((bytes) => resolve({ name: filename, type, bytes }), reject);
    });
    form.on('error', reject);
  });
  form.end(request.postDataBuffer());
  return part;
}

async function imageSize(bytes: Buffer) {
  const { width, height } = await sharp(bytes).metadata();
  return { width, height };
}
