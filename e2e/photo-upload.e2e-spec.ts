import { once } from 'node:events';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { Browser } from 'playwright-core';
import { Memory } from '@memory-wall/core';
import { countMemories, createEvent } from '@memory-wall/testkit/factories';
import { cameraLikeJpeg } from '@memory-wall/testkit/images';
import type { RunningProcess } from '@memory-wall/testkit/processes';
import type { TestEnvironment } from '@memory-wall/testkit/test-environment';
import { useBrowserStack } from './support/app';
import { PHONE } from '@memory-wall/testkit/browser';

/** What the proxy saw of one photo request, and what it did to it. */
interface PhotoRequest {
  submissionId: string | undefined;
  fate: 'cut mid-upload' | 'answer cut' | 'passed';
  /** The status the API answered, if its answer came. */
  answered?: number;
}

/**
 * A TCP proxy in front of the API that fails the network under the first two photo uploads: the first
 * connection is cut mid-upload (after `cutAfter` bytes of the request), the second after the API has stored
 * the photo and answered, once the answer's head has reached the phone but before its body does. Chromium
 * resends a request by itself when a reused keep-alive connection closes before any answer came, so the
 * first cut alone would not show the page retrying; after an answer's head it never does: only the page
 * can send the photo again. Every other request passes untouched.
 */
async function failingProxy(apiPort: number, cutAfter: number) {
  const sockets = new Set<Socket>();
  const photoRequests: PhotoRequest[] = [];
  const server: Server = createServer((client) => {
    const upstream = connect(apiPort, '127.0.0.1');
    sockets.add(client).add(upstream);
    /** The photo request this keep-alive connection is carrying, until its answer has passed. */
    let photo: PhotoRequest | undefined;
    let requestBytes = 0;
    let answerHead = '';
    const close = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('data', (chunk: Buffer) => {
      const text = chunk.toString('latin1');
      if (!photo && /^POST \S*\/submissions\/photo /.test(text)) {
        const fates = ['cut mid-upload', 'answer cut'] as const;
        photo = {
          submissionId: /\r\nx-submission-id: *([^\r]*)/i.exec(text)?.[1],
          fate: fates[photoRequests.length] ?? 'passed',
        };
        photoRequests.push(photo);
        requestBytes = 0;
        answerHead = '';
      }
      if (photo?.fate === 'cut mid-upload') {
        requestBytes += chunk.length;
        if (requestBytes > cutAfter) return close();
      }
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      if (!photo) return void client.write(chunk);
      if (photo.answered === undefined)
        photo.answered = Number(/^HTTP\/1\.1 (\d{3})/.exec(chunk.toString('latin1'))?.[1]);
      if (photo.fate !== 'answer cut') {
        photo = undefined;
        return void client.write(chunk);
      }
      // Pass the answer's head (so Chromium cannot resend), then drop the connection before the body.
      const headEnd = (answerHead + chunk.toString('latin1')).indexOf('\r\n\r\n');
      if (headEnd < 0) {
        answerHead += chunk.toString('latin1');
        return void client.write(chunk);
      }
      client.write(chunk.subarray(0, headEnd + 4 - answerHead.length), close);
    });
    client.on('close', close).on('error', close);
    upstream.on('close', close).on('error', close);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    photoRequests,
    stop: async () => {
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

describe('a guest photo upload on a venue network', () => {
  const stack = useBrowserStack();
  let t: TestEnvironment;
  let api: RunningProcess;
  let browser: Browser;
  beforeAll(() => ({ t, api, browser } = stack));

  it('shows its progress in percent, survives the connection dropping without choosing the file again, and is stored once', async () => {
    const event = await createEvent(t.dataSource);
    const proxy = await failingProxy(Number(new URL(api.url).port), 64 * 1024);
    const context = await browser.newContext(PHONE);
    try {
      const page = await context.newPage();
      // One bar of 4G: slow enough to watch the bar move (Chromium's own throttling, 150 kB/s up).
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 100,
        downloadThroughput: 1_000_000,
        uploadThroughput: 150_000,
      });
      await page.goto(`${proxy.url}/contribute/${event.id}`);
      await page.getByRole('tab', { name: 'Photo' }).click();
      await page.getByLabel('Your Name').fill('Aunt May');
      await page
        .getByLabel('Photo', { exact: true })
        .setInputFiles({ name: 'IMG_2041.JPG', mimeType: 'image/jpeg', buffer: await cameraLikeJpeg(2400, 1800) });
      await page.getByRole('img', { name: 'Preview of your photo' }).waitFor();
      await page.getByRole('button', { name: 'Submit' }).click();

      await page.getByRole('progressbar', { name: /Uploading photo\.\.\. \d+%/ }).waitFor();
      await page.waitForFunction(
        () => Number(document.querySelector('[role=progressbar]')?.getAttribute('aria-valuenow')) > 0,
      );
      // The answer lost after the photo was stored: the page says so and sends it again by itself.
      await page.getByRole('progressbar', { name: 'Connection lost. Trying again...' }).waitFor({ timeout: 60_000 });
      await page.getByRole('heading', { name: 'Thank You' }).waitFor({ timeout: 60_000 });

      const [memory] = await t.dataSource.getRepository(Memory).findBy({ eventId: event.id });
      expect(memory).toMatchObject({
        author: 'Aunt May',
        type: 'photo',
        submissionId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      });
      // The API answered the same submission twice (the lost answer and the page's retry) and stored it once.
      const answered = proxy.photoRequests.filter((request) => request.answered !== undefined);
      expect(answered).toEqual([
        { submissionId: memory.submissionId, fate: 'answer cut', answered: 201 },
        { submissionId: memory.submissionId, fate: 'passed', answered: 201 },
      ]);
      expect(proxy.photoRequests.every((request) => request.submissionId === memory.submissionId)).toBe(true);
      expect(await countMemories(t.dataSource, event.id)).toBe(1);
    } finally {
      await context.close();
      await proxy.stop();
    }
  });
});
