import { Page } from 'playwright-core';
import { Memory } from '@memory-wall/core';
import { PHONE } from '@memory-wall/testkit/browser';
import { gpsTaggedJpeg, heicOf } from '@memory-wall/testkit/images';
import { processed } from '@memory-wall/testkit/memories';
import { openModeration } from './support/app';
import {
  cutAfterFirstVideoChunk,
  expectResumed,
  noisyClip,
  screenPlaysClipMuted,
  useGuestMediaStack,
  videoEventWithHost,
} from './support/guest-media';

/** One thing a guest posts from the contribute page, and how many memories it makes. */
interface GuestPost {
  what: string;
  memories: number;
  post(phone: Page): Promise<void>;
}

/** Issue #26's browser test: every kind of media from one phone, through a host, onto the venue screen. */
describe('a guest on a phone posts photos, an iPhone photo, a video clip and a voice message; a host approves; the screen plays the clip', () => {
  const stack = useGuestMediaStack();

  it('takes each as its own memory, resumes the clip after the network drops, and plays it once approved', async () => {
    // Every memory in one set on the screen, so the clip's turn comes at once.
    const { event, customer } = await videoEventWithHost(stack.t.dataSource, 6);
    const [photos, heic] = await Promise.all([
      Promise.all([gpsTaggedJpeg(1200, 900), gpsTaggedJpeg(900, 1200), gpsTaggedJpeg(1000, 1000)]),
      gpsTaggedJpeg(1600, 1200).then((jpeg) => heicOf(jpeg)),
    ]);
    const clip = noisyClip();

    const phoneContext = await stack.browser.newContext({ ...PHONE, permissions: ['microphone'] });
    const phone = await phoneContext.newPage();
    const photoRequests: Array<string | null> = [];
    phone.on('request', (request) => {
      if (/\/submissions\/photo$/.test(request.url())) photoRequests.push(request.headers()['x-submission-id']);
    });
    const upload = cutAfterFirstVideoChunk(phone, stack.proxy);

    /** The contribute page (through the proxy that can cut the network) on one of its tabs, the name given. */
    const openTab = async (tab: string) => {
      await phone.goto(`${stack.proxy.url}/contribute/${event.id}`);
      await phone.getByRole('heading', { name: 'Share Your Memory' }).waitFor();
      await phone.getByRole('tab', { name: tab }).click();
      await phone.getByLabel('Your Name').fill('Aunt May');
    };
    const thanked = () => phone.getByRole('heading', { name: 'Thank You' }).waitFor({ timeout: 120_000 });

    const guestPosts: GuestPost[] = [
      {
        what: 'three photos picked at once',
        memories: 3,
        post: async () => {
          await openTab('Photo');
          await phone
            .getByLabel('Photo', { exact: true })
            .setInputFiles(photos.map((buffer, i) => ({ name: `IMG_10${i}.jpg`, mimeType: 'image/jpeg', buffer })));
          for (const i of [0, 1, 2]) await phone.getByRole('img', { name: `Preview of IMG_10${i}.jpg` }).waitFor();
          await phone.getByLabel('Caption').fill('The dance floor');
          await phone.getByRole('button', { name: 'Submit' }).click();
          await thanked();
        },
      },
      {
        what: 'an iPhone photo (HEIC), converted on the phone',
        memories: 1,
        post: async () => {
          await openTab('Photo');
          await phone
            .getByLabel('Photo', { exact: true })
            .setInputFiles({ name: 'IMG_4032.HEIC', mimeType: 'image/heic', buffer: heic });
          await phone.getByRole('img', { name: 'Preview of your photo' }).waitFor({ timeout: 60_000 });
          await phone.getByLabel('Caption').fill('From my iPhone');
          await phone.getByRole('button', { name: 'Submit' }).click();
          await thanked();
        },
      },
      {
        what: 'a video clip, its upload resumed after the connection is cut midway',
        memories: 1,
        post: async () => {
          await openTab('Video');
          await phone
            .getByLabel('Video clip', { exact: true })
            // Ten megabytes handed to the page take a while on a busy machine.
            .setInputFiles({ name: 'IMG_0420.MOV', mimeType: 'video/mp4', buffer: clip }, { timeout: 120_000 });
          await phone.getByLabel('Preview of your video clip').waitFor();
          await phone.getByLabel('Caption').fill('The toast');
          await phone.getByRole('button', { name: 'Submit' }).click();
          await phone.getByText('Connection lost. Trying again...').waitFor({ timeout: 30_000 });
          await thanked();
        },
      },
      {
        what: "a voice message, recorded with the phone's microphone and played back before it is sent",
        memories: 1,
        post: async () => {
          await openTab('Voice');
          await phone.getByRole('button', { name: 'Start Recording' }).click();
          await phone.getByText(/Recording 0:0[2-9] \/ 2:00/).waitFor({ timeout: 30_000 });
          await phone.getByRole('button', { name: 'Stop' }).click();
          await phone.getByLabel('Your voice message').waitFor();
          await phone.getByLabel('Title').fill('A song for you');
          await phone.getByRole('button', { name: 'Submit' }).click();
          await thanked();
        },
      },
    ];
    for (const step of guestPosts) await step.post(phone);
    await phoneContext.close();

    // Each photo went up as its own submission, and the clip resumed rather than started again.
    expect(photoRequests.slice(0, 3).every(Boolean)).toBe(true);
    expect(new Set(photoRequests).size).toBe(4);
    expectResumed(upload);

    const expected = guestPosts.reduce((sum, step) => sum + step.memories, 0);
    const memories = await stack.t.dataSource.getRepository(Memory).findBy({ eventId: event.id });
    expect(memories).toHaveLength(expected);
    const ready = await Promise.all(memories.map((memory) => processed(stack.t.dataSource, memory.id, 180_000)));
    expect(ready.map((memory) => memory.processingState)).toEqual(ready.map(() => 'ready'));
    expect(ready.filter((memory) => memory.type === 'photo').map((memory) => memory.media?.full?.width)).toEqual(
      expect.arrayContaining([1200, 900, 1000, 1600]),
    );

    // --- A host approves every one of them ---
    const host = await openModeration(stack.browser, stack.api.url, customer, event.id);
    const cards = host.getByTestId('moderation-card');
    await host
      .getByTestId('moderation-card')
      .filter({ hasText: 'The toast' })
      .getByRole('button', { name: 'Play the video clip' })
      .waitFor({ timeout: 30_000 });
    for (let left = expected; left > 0; left--) {
      await cards.first().getByRole('button', { name: 'Approve' }).click({ timeout: 15_000 });
      await host.waitForFunction(
        (count) => document.querySelectorAll('[data-testid="moderation-card"]').length === count,
        left - 1,
        { timeout: 30_000 },
      );
    }

    // --- The venue screen plays the clip, muted ---
    await screenPlaysClipMuted(host, stack.api.url, event.id, 60_000);
    await host.context().close();
  }, 900_000);
});
