import { Browser, type Page } from 'playwright-core';
import { PHONE } from '@memory-wall/testkit/browser';
import { createEvent } from '@memory-wall/testkit/factories';
import type { RunningProcess } from '@memory-wall/testkit/processes';
import type { TestEnvironment } from '@memory-wall/testkit/test-environment';
import { appAdopted, useBrowserStack } from './support/app';

/** The colours of the pad's pixels along its middle row, as "r,g,b" strings, the white ones left out. */
const inkAlongMiddle = (page: Page) =>
  page.locator('canvas.drawing-pad').evaluate((canvas: HTMLCanvasElement) => {
    const row = canvas.getContext('2d')!.getImageData(0, Math.floor(canvas.height / 2), canvas.width, 1).data;
    const found = new Set<string>();
    for (let i = 0; i < row.length; i += 4) {
      if (row[i] + row[i + 1] + row[i + 2] < 3 * 250) found.add(`${row[i]},${row[i + 1]},${row[i + 2]}`);
    }
    return [...found];
  });

/** A horizontal stroke across the middle of the pad, by mouse. */
async function stroke(page: Page) {
  const box = (await page.locator('canvas.drawing-pad').boundingBox())!;
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + 20, y);
  await page.mouse.down();
  for (let x = box.x + 20; x < box.x + box.width - 20; x += 10) await page.mouse.move(x, y);
  await page.mouse.up();
}

/** The drawing pad's pens and Undo (issue #27 item 12) in Chromium, on a phone and a desktop. */
describe('drawing pad', () => {
  const stack = useBrowserStack();
  let t: TestEnvironment;
  let api: RunningProcess;
  let browser: Browser;
  beforeAll(() => ({ t, api, browser } = stack));

  it.each([
    ['390', PHONE],
    ['1440', { viewport: { width: 1440, height: 900 } }],
  ])('draws in the chosen colour at %s px, and Undo takes the stroke back', async (width, device) => {
    const event = await createEvent(t.dataSource, { name: 'Sam & Alex' });
    const page = await (await browser.newContext(device)).newPage();
    await page.goto(`${api.url}/contribute/${event.id}`);
    await appAdopted(page);
    await page.getByRole('tab', { name: 'Drawing' }).click();
    await page.locator('canvas.drawing-pad').waitFor();
    await page.waitForFunction(
      () => document.querySelector<HTMLElement>('canvas.drawing-pad')?.style.touchAction === 'none',
    );

    await page.getByTitle('Red').click();
    await page.getByTitle('Thick').click();
    expect(await page.getByRole('radio', { name: 'Red' }).isChecked()).toBe(true);
    await stroke(page);
    expect(await inkAlongMiddle(page)).toContain('214,69,69');
    await page.screenshot({ path: `/tmp/drawing-pad-${width}.png`, fullPage: true });

    await page.getByRole('button', { name: 'Undo' }).click();
    expect(await inkAlongMiddle(page)).toEqual([]);
  });
});
