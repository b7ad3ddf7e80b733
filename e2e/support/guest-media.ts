import type { Page } from 'playwright-core';
import type { DataSource } from 'typeorm';
import { ModerationType, Role } from '@memory-wall/contracts';
import { createAccount, makeEventAdmin } from '@memory-wall/testkit/accounts';
import { createEvent } from '@memory-wall/testkit/factories';
import { TcpProxy } from '@memory-wall/testkit/tcp-proxy';
import { testClip } from '@memory-wall/testkit/videos';
import { useBrowserStack, type BrowserStack } from './app';

/** The browser stack with its workers, and `proxy`: the network a phone reaches the API through. */
export interface GuestMediaStack extends BrowserStack {
  /** A TCP proxy in front of the API whose connections can be cut. */
  proxy: TcpProxy;
}

/** The stack for a guest's media (started before the file's tests, stopped after them). */
export function useGuestMediaStack(): GuestMediaStack {
  const stack = useBrowserStack({ workers: true }) as GuestMediaStack;
  beforeAll(async () => {
    stack.proxy = new TcpProxy([{ port: stack.api.port }]);
    await stack.proxy.start();
  });
  afterAll(() => stack.proxy?.stop());
  return stack;
}

/** A 4 s clip whose noise makes it large (several upload chunks) however short it is. */
export const noisyClip = () => testClip({ seconds: 4, width: 640, height: 360, noise: true });

/** A live event that takes clips of up to 30 s, moderated by hand, and a customer who hosts it. */
export async function videoEventWithHost(dataSource: DataSource, numberOfImagesDisplay: number) {
  const event = await createEvent(dataSource, {
    allowVideo: true,
    maxVideoSeconds: 30,
    moderationType: ModerationType.ManualModeration,
    numberOfImagesDisplay,
  });
  const customer = await createAccount(dataSource, Role.Customer);
  await makeEventAdmin(dataSource, customer.user.id, event.id);
  return { event, customer };
}

/** What the phone sent of a video clip's tus upload, and whether its network was cut. */
export interface CutUpload {
  cut: boolean;
  methods: string[];
}

/**
 * Cuts the phone's network (the proxy between it and the API destroys its connections) as soon as the
 * first chunk of a video clip is in, as a venue's Wi-Fi goes, and brings it back `forMs` later.
 */
export function cutAfterFirstVideoChunk(page: Page, proxy: TcpProxy, forMs = 3000): CutUpload {
  const upload: CutUpload = { cut: false, methods: [] };
  page.on('response', (response) => {
    if (!response.url().includes('/submissions/video')) return;
    const method = response.request().method();
    upload.methods.push(method);
    // The first chunk is in: the venue's Wi-Fi goes, for a few seconds.
    if (!upload.cut && method === 'PATCH' && response.status() === 204) {
      upload.cut = true;
      proxy.drop();
      setTimeout(() => proxy.restore(), forMs);
    }
  });
  return upload;
}

/** The upload went on after the cut from where the server got to (it asked, HEAD), rather than starting again. */
export function expectResumed(upload: CutUpload) {
  expect(upload.cut).toBe(true);
  expect(upload.methods).toContain('HEAD');
  expect(upload.methods.filter((method) => method === 'POST')).toHaveLength(1);
}

/** The event's venue screen, opened beside `page` (its browser context), plays the clip, muted. */
export async function screenPlaysClipMuted(page: Page, baseUrl: string, eventId: string, timeout: number) {
  const screen = await page.context().newPage();
  await screen.setViewportSize({ width: 1440, height: 900 });
  await screen.goto(`${baseUrl}/presentation/${eventId}`);
  const video = screen.getByTestId('memory-video');
  await video.waitFor({ timeout });
  await clipPlays(screen);
  expect(await video.evaluate((element: HTMLVideoElement) => element.muted)).toBe(true);
  return screen;
}

/** Resolves once the presentation's clip is playing (past half a second, not paused). */
export function clipPlays(screen: Page, timeout = 30_000): Promise<unknown> {
  return screen.waitForFunction(
    () => {
      const element = document.querySelector<HTMLVideoElement>('[data-testid="memory-video"]');
      return !!element && element.currentTime > 0.5 && !element.paused;
    },
    undefined,
    { timeout },
  );
}
