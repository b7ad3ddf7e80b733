import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '@memory-wall/testkit/browser';
import { createEvent } from '@memory-wall/testkit/factories';
import { cameraLikeJpeg } from '@memory-wall/testkit/images';
import { benchEnvironment } from '../lib/env';
import { Proc, ROOT, startApi, stopAll, WORK } from '../lib/procs';
import { absoluteMetric, CaseModule } from '../lib/report';

/**
 * Case 6 — upload bytes. A guest sends a 12 MP camera JPEG (4000×3000, made like a photo: a smooth random
 * scene, a gradient and sensor grain, JPEG q92) from the built front end in Chromium on a phone viewport,
 * once as chosen and once through Crop / Rotate (the default 90 % crop, Apply). The bytes of each photo
 * POST's body (the whole multipart body, fields included) are divided by the original file's. Baseline:
 * the original itself (1.00×). The browser's encoder is deterministic, so each path is measured once.
 */

const TARGET = 0.1;

async function uploadedBytes(
  browser: Browser,
  url: string,
  photo: Buffer,
  crop: boolean,
): Promise<{ bytes: number; type: string }> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  try {
    const page = await context.newPage();
    let sent: { bytes: number; type: string } | undefined;
    page.on('request', (request) => {
      if (request.method() !== 'POST' || !request.url().includes('/submissions/photo')) return;
      const body = request.postDataBuffer() ?? Buffer.alloc(0);
      sent = { bytes: body.length, type: /Content-Type: (image\/\w+)/.exec(body.toString('latin1'))?.[1] ?? '?' };
    });
    await page.goto(url);
    await page.getByRole('tab', { name: 'Photo' }).click();
    await page.getByLabel('Your Name').fill('Bench');
    await page
      .getByLabel('Photo', { exact: true })
      .setInputFiles({ name: 'IMG_0001.JPG', mimeType: 'image/jpeg', buffer: photo });
    await page.getByRole('img', { name: 'Preview of your photo' }).waitFor();
    if (crop) {
      await page.getByRole('button', { name: 'Crop / Rotate' }).click();
      const apply = page.getByRole('button', { name: 'Apply' });
      await page.waitForFunction(
        (button) => !(button as unknown as { disabled: boolean }).disabled,
        await apply.elementHandle(),
      );
      await apply.click();
      await page.getByRole('img', { name: 'Preview of your photo' }).waitFor();
    }
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('heading', { name: 'Thank You' }).waitFor({ timeout: 60_000 });
    if (!sent) throw new Error('no photo upload was seen');
    return sent;
  } finally {
    await context.close();
  }
}

export const uploadBytes: CaseModule = async (ctx) => {
  // Built in this run (never measuring a stale build), beside frontend/dist rather than over it.
  const dist = resolve(WORK, 'upload-frontend-dist');
  ctx.log('  building the front end (vite build frontend → bench/.work/upload-frontend-dist)');
  mkdirSync(WORK, { recursive: true });
  const build = spawnSync(
    resolve(ROOT, 'node_modules/.bin/vite'),
    ['build', resolve(ROOT, 'frontend'), '--outDir', dist, '--emptyOutDir', '--logLevel', 'warn'],
    { cwd: ROOT, encoding: 'utf8', timeout: 180_000 },
  );
  if (build.status !== 0) throw new Error(`vite build failed:\n${build.stdout}\n${build.stderr}`);
  ctx.log('  making a 12 MP camera-like JPEG (4000×3000, q92)');
  const photo = await cameraLikeJpeg(4000, 3000);
  // Production refuses the published default secret: the run gets its own.
  const env = await benchEnvironment(ctx.settings, {
    FRONTEND_DIST: dist,
    SESSION_SECRET: randomBytes(32).toString('hex'),
  });
  const procs: Proc[] = [];
  const browser = await launchBrowser();
  try {
    const api = await startApi({ env: env.env });
    procs.push(api);
    const event = await createEvent(env.dataSource);
    const url = `${api.url}/contribute/${event.id}`;
    const plain = await uploadedBytes(browser, url, photo, false);
    const cropped = await uploadedBytes(browser, url, photo, true);
    const kB = (n: number) => `${(n / 1000).toFixed(0)} kB`;
    ctx.log(
      `  original ${kB(photo.length)}; plain ${kB(plain.bytes)} (${plain.type}); cropped ${kB(cropped.bytes)} (${cropped.type})`,
    );
    return {
      metrics: [
        absoluteMetric(
          'Upload bytes / original, 12 MP JPEG, as chosen',
          '×',
          [plain.bytes / photo.length],
          { atMost: TARGET },
          [1],
        ),
        absoluteMetric(
          'Upload bytes / original, 12 MP JPEG, after Crop / Rotate',
          '×',
          [cropped.bytes / photo.length],
          { atMost: TARGET },
          [1],
        ),
      ],
      notes: [
        `Original: ${kB(photo.length)} (4000×3000 camera-like JPEG, q92, generated in the run). Sent: ${kB(plain.bytes)} as chosen, ${kB(cropped.bytes)} after the default crop; image type ${plain.type} / ${cropped.type}.`,
        'Bytes are the whole multipart body of the photo POST as Chromium sent it (fields and part headers included). The browser encoder is deterministic, so each path is measured once.',
      ],
      profiles: {},
      details: { originalBytes: photo.length, plain, cropped },
    };
  } finally {
    await browser.close().catch(() => undefined);
    await stopAll(procs);
    await env.cleanup();
  }
};
