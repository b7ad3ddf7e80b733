import { Browser } from 'playwright-core';
import { Memory } from '@memory-wall/core';
import { createEvent } from '@memory-wall/testkit/factories';
import { gpsTaggedJpeg, heicOf } from '@memory-wall/testkit/images';
import { processed } from '@memory-wall/testkit/memories';
import type { RunningProcess } from '@memory-wall/testkit/processes';
import type { TestEnvironment } from '@memory-wall/testkit/test-environment';
import { useBrowserStack } from './support/app';
import { PHONE } from '@memory-wall/testkit/browser';

describe('a guest posting an iPhone photo (HEIC) from a browser that cannot show HEIC', () => {
  const stack = useBrowserStack({ workers: true });
  let t: TestEnvironment;
  let api: RunningProcess;
  let browser: Browser;
  beforeAll(() => ({ t, api, browser } = stack));

  it('converts it on the phone with a decoder downloaded only then, and the photo reaches the wall', async () => {
    const event = await createEvent(t.dataSource);
    const heic = heicOf(await gpsTaggedJpeg(1600, 1200));
    const context = await browser.newContext(PHONE);
    try {
      const page = await context.newPage();
      const scripts: string[] = [];
      page.on(
        'request',
        (request) => void (request.resourceType() === 'script' && scripts.push(new URL(request.url()).pathname)),
      );
      const sent: Buffer[] = [];
      page.on(
        'request',
        (request) =>
          void (/\/submissions\/photo$/.test(request.url()) && sent.push(request.postDataBuffer() ?? Buffer.alloc(0))),
      );

      await page.goto(`${api.url}/contribute/${event.id}`);
      await page.getByRole('tab', { name: 'Photo' }).click();
      await page.getByLabel('Your Name').fill('Aunt May');
      expect(scripts.filter((path) => path.includes('heicToJpeg'))).toEqual([]);

      await page
        .getByLabel('Photo', { exact: true })
        .setInputFiles({ name: 'IMG_4032.HEIC', mimeType: 'image/heic', buffer: heic });
      const preview = page.getByRole('img', { name: 'Preview of your photo' });
      await preview.waitFor({ timeout: 30_000 });
      expect(await preview.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([
        1600, 1200,
      ]);
      expect(scripts.filter((path) => path.includes('heicToJpeg'))).toHaveLength(1);

      await page.getByRole('button', { name: 'Submit' }).click();
      await page.getByRole('heading', { name: 'Thank You' }).waitFor({ timeout: 30_000 });

      // What went up is what the browser made of it (a JPEG or WebP), not the HEIC.
      expect(sent).toHaveLength(1);
      expect(sent[0].includes('ftypheic')).toBe(false);
      expect(sent[0].toString('latin1')).toMatch(/filename="IMG_4032\.(jpg|webp)"/);
      const [memory] = await t.dataSource.getRepository(Memory).findBy({ eventId: event.id });
      expect(await processed(t.dataSource, memory.id)).toMatchObject({
        processingState: 'ready',
        media: { full: { width: 1600, height: 1200 } },
      });
    } finally {
      await context.close();
    }
  });
});
