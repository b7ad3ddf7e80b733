import { Memory } from '@memory-wall/core';
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
import { PHONE } from '@memory-wall/testkit/browser';

describe('a guest posting a video clip from a phone', () => {
  const stack = useGuestMediaStack();

  // Its own ceiling, as guest-media's (not a measure): the whole pipeline can outlast Jest's default on a loaded machine.
  it('resumes the upload after the connection is cut midway; a host approves; the presentation plays it', async () => {
    const { event, customer } = await videoEventWithHost(stack.t.dataSource, 2);
    const clip = noisyClip();
    expect(clip.length).toBeGreaterThan(9 * 1024 * 1024);

    // --- The guest, on a phone, through a network that fails ---
    const phoneContext = await stack.browser.newContext(PHONE);
    const phone = await phoneContext.newPage();
    const scripts: string[] = [];
    phone.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    const upload = cutAfterFirstVideoChunk(phone, stack.proxy);
    await phone.goto(`${stack.proxy.url}/contribute/${event.id}`);
    await phone.getByRole('heading', { name: 'Share Your Memory' }).waitFor();
    await phone.getByRole('tab', { name: 'Video' }).click();
    await phone.getByLabel('Your Name').fill('Uncle Ben');
    expect(scripts.filter((path) => /tusClient-/.test(path))).toEqual([]);
    await phone
      .getByLabel('Video clip', { exact: true })
      .setInputFiles({ name: 'IMG_0420.MOV', mimeType: 'video/mp4', buffer: clip });
    await phone.getByLabel('Preview of your video clip').waitFor();
    await phone.getByLabel('Caption').fill('The toast');
    await phone.getByRole('button', { name: 'Submit' }).click();
    await phone.getByText('Connection lost. Trying again...').waitFor({ timeout: 30_000 });
    await phone.getByRole('heading', { name: 'Thank You' }).waitFor({ timeout: 120_000 });
    // tus-js-client arrived with the upload, not with the page.
    expect(scripts.some((path) => /tusClient-/.test(path))).toBe(true);
    // Resumed: after the cut the client asked how far the server got, and sent only the rest.
    expectResumed(upload);
    // This device remembers the clip, as it does a photo ("My memories").
    await phone.goto(`${stack.proxy.url}/contribute/${event.id}`);
    const mine = phone.getByRole('region', { name: 'My memories' });
    await mine.getByRole('listitem').filter({ hasText: 'The toast' }).waitFor();
    await phoneContext.close();

    const memories = await stack.t.dataSource.getRepository(Memory).findBy({ eventId: event.id });
    expect(memories).toHaveLength(1);
    const memory = await processed(stack.t.dataSource, memories[0].id, 120_000);
    expect(memory).toMatchObject({ type: 'video', processingState: 'ready', approved: false });

    // --- The host approves it ---
    const host = await openModeration(stack.browser, stack.api.url, customer, event.id);
    const card = host.getByTestId('moderation-card').filter({ hasText: 'The toast' });
    await card.getByRole('button', { name: 'Play the video clip' }).waitFor({ timeout: 30_000 });
    await card.getByRole('button', { name: 'Approve' }).click({ timeout: 15_000 });
    await host.getByText('Memory approved').waitFor();

    // --- The venue screen plays it, muted, then moves on ---
    const screen = await screenPlaysClipMuted(host, stack.api.url, event.id, 30_000);
    // The set lasts the clip's length, not the event's 20 s slot: the 4 s clip's whole seconds (its AAC
    // padding may make it 4.02 s, so 5) and a second to start.
    expect(Number((await screen.getByTestId('countdown').innerText()).match(/\d+/)?.[0])).toBeLessThanOrEqual(6);
    await host.context().close();
  }, 900_000);
});
