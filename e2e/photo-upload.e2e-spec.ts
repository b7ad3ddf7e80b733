import { once } from 'node:events';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { Browser } from 'playwright-core';
import { Memory } from '@memory-wall/core';
import { countMemories, createEvent } from '../backend/test/support/factories';
import { cameraLikeJpeg } from '../backend/test/support/images';
import type { RunningProcess } from '../backend/test/support/processes';
import type { TestEnvironment } from '../backend/test/support/test-environment';
import { useBrowserStack } from './support/app';
import { PHONE } from './support/browser';

/**
 * A TCP proxy in front of the API that drops the network under the first two photo uploads: the first
 * connection mid-upload (after `cutAfter` bytes; Chromium resends such a request by itself when the
 * connection was a reused keep-alive one), the second once the server's answer starts coming back (the
 * photo is stored but the phone never hears so: only the page can send it again). Every other connection
 * passes untouched.
 */
async function cuttingProxy(apiPort: number, cutAfter: number) {
  const sockets = new Set<Socket>();
  let cuts = 0;
  const server: Server = createServer((client) => {
    const upstream = connect(apiPort, '127.0.0.1');
    sockets.add(client).add(upstream);
    let photoBytes = -1;
    let cutAnswer = false;
    const close = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('data', (chunk: Buffer) => {
      if (photoBytes < 0 && cuts < 2 && chunk.toString('latin1').includes('/submissions/photo')) {
        photoBytes = 0;
        cutAnswer = cuts === 1;
      }
      if (photoBytes >= 0 && !cutAnswer) {
        photoBytes += chunk.length;
        if (photoBytes > cutAfter && cuts === 0) {
          cuts++;
          return close();
        }
      }
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      if (cutAnswer && cuts === 1) {
        cuts++;
        client.write(chunk.subarray(0, 12));
        return close();
      }
      client.write(chunk);
    });
    client.on('close', close).on('error', close);
    upstream.on('close', close).on('error', close);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    cuts: () => cuts,
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

  it('shows its progress in percent, survives the connection dropping mid-upload without choosing the file again, and is stored once', async () => {
    const event = await createEvent(t.dataSource);
    const proxy = await cuttingProxy(Number(new URL(api.url).port), 64 * 1024);
    const context = await browser.newContext(PHONE);
    try {
      const page = await context.newPage();
      // One bar of 4G: slow enough to watch the bar move (Chromium's own throttling, 150 kB/s up).
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 100, downloadThroughput: 1_000_000, uploadThroughput: 150_000 });
      await page.goto(`${proxy.url}/contribute/${event.id}`);
      await page.getByRole('tab', { name: 'Photo' }).click();
      await page.getByLabel('Your Name').fill('Aunt May');
      await page.getByLabel('Photo', { exact: true }).setInputFiles({ name: 'IMG_2041.JPG', mimeType: 'image/jpeg', buffer: await cameraLikeJpeg(2400, 1800) });
      await page.getByRole('img', { name: 'Preview of your photo' }).waitFor();
      await page.getByRole('button', { name: 'Submit' }).click();

      const bar = page.getByRole('progressbar', { name: /Uploading photo\.\.\. \d+%|Connection lost/ });
      await bar.waitFor();
      await page.waitForFunction(() => Number(document.querySelector('[role=progressbar]')?.getAttribute('aria-valuenow')) > 0);
      await page.getByRole('heading', { name: 'Thank You' }).waitFor({ timeout: 60_000 });

      expect(proxy.cuts()).toBe(2);
      expect(await countMemories(t.dataSource, event.id)).toBe(1);
      const [memory] = await t.dataSource.getRepository(Memory).findBy({ eventId: event.id });
      expect(memory).toMatchObject({ author: 'Aunt May', type: 'photo' });
      expect(memory.submissionId).toEqual(expect.stringMatching(/^[0-9a-f-]{36}$/));
    } finally {
      await context.close();
      await proxy.stop();
    }
  });
});
