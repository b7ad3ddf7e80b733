import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Browser, Page } from 'playwright-core';
import { ModerationType, Role } from '@memory-wall/contracts';
import { Memory } from '@memory-wall/core';
import { createAccount, makeEventAdmin } from '@memory-wall/testkit/accounts';
import { PHONE } from '@memory-wall/testkit/browser';
import { createEvent } from '@memory-wall/testkit/factories';
import { FakeOpenAi } from '@memory-wall/testkit/fake-openai';
import { processed } from '@memory-wall/testkit/memories';
import type { RunningProcess } from '@memory-wall/testkit/processes';
import type { TestEnvironment } from '@memory-wall/testkit/test-environment';
import { openModeration, useBrowserStack } from './support/app';

/** Where the pages are photographed for a person to look at, when SCREENSHOT_DIR is set. */
async function photograph(page: Page, name: string) {
  const dir = process.env.SCREENSHOT_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage: true });
}

/** Whether an image has loaded and has pixels (a broken waveform URL has none). */
const loaded = (page: Page, testId: string) =>
  page.waitForFunction(
    (id) =>
      [...document.querySelectorAll<HTMLImageElement>(`[data-testid="${id}"]`)].some(
        (img) => img.complete && img.naturalWidth > 0,
      ),
    testId,
    { timeout: 30_000 },
  );

describe('a guest records a voice message on a phone', () => {
  const openai = new FakeOpenAi();
  let openaiUrl = '';
  beforeAll(async () => void (openaiUrl = await openai.start()));
  afterAll(() => openai.stop());
  const stack = useBrowserStack({
    workers: true,
    workersEnv: () => ({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: openaiUrl }),
  });
  let t: TestEnvironment;
  let api: RunningProcess;
  let browser: Browser;
  beforeAll(() => ({ t, api, browser } = stack));

  it('records with the microphone, plays it back, sends it; a host approves; cards and the screen show waveform and transcript', async () => {
    const event = await createEvent(t.dataSource, {
      moderationType: ModerationType.ManualModeration,
      voiceOnScreens: true,
      numberOfImagesDisplay: 2,
    });
    const customer = await createAccount(t.dataSource, Role.Customer);
    await makeEventAdmin(t.dataSource, customer.user.id, event.id);

    // --- The guest, on a phone, records three seconds of (Chromium's fake) microphone ---
    const phoneContext = await browser.newContext({ ...PHONE, permissions: ['microphone'] });
    const phone = await phoneContext.newPage();
    const sent: Array<{ type: string; submissionId: string | undefined }> = [];
    phone.on('request', (request) => {
      if (/\/submissions\/voice$/.test(request.url()))
        sent.push({ type: request.headers()['content-type'], submissionId: request.headers()['x-submission-id'] });
    });
    await phone.goto(`${api.url}/contribute/${event.id}`);
    await phone.getByRole('heading', { name: 'Share Your Memory' }).waitFor();
    await phone.getByRole('tab', { name: 'Voice' }).click();
    await phone.getByLabel('Your Name').fill('Grandma Rose');
    await photograph(phone, 'voice-tab-390');
    await phone.getByRole('button', { name: 'Start Recording' }).click();
    await phone.getByText(/Recording 0:0[3-9] \/ 2:00/).waitFor({ timeout: 30_000 });
    await photograph(phone, 'voice-tab-recording-390');
    await phone.getByRole('button', { name: 'Stop' }).click();
    // Played back before it is sent: the recording is a real, playable sound of about three seconds.
    const preview = phone.getByLabel('Your voice message');
    await preview.waitFor();
    await phone.waitForFunction(() => {
      const audio = document.querySelector<HTMLAudioElement>('[data-testid="voice-preview"]');
      return !!audio && audio.readyState >= 1;
    });
    await phone.getByLabel('Title').fill('Our song');
    await photograph(phone, 'voice-tab-recorded-390');
    await phone.getByRole('button', { name: 'Submit' }).click();
    await phone.getByRole('heading', { name: 'Thank You' }).waitFor({ timeout: 60_000 });
    await phoneContext.close();
    expect(sent).toEqual([{ type: expect.stringMatching(/^multipart\/form-data/), submissionId: expect.any(String) }]);

    const [stored] = await t.dataSource.getRepository(Memory).findBy({ eventId: event.id });
    const memory = await processed(t.dataSource, stored.id, 120_000);
    expect(memory).toMatchObject({
      type: 'voice',
      processingState: 'ready',
      approved: false,
      author: 'Grandma Rose',
      title: 'Our song',
      content: openai.transcript,
    });
    expect(memory.media!.audio!.duration).toBeGreaterThan(2);
    // What Chromium recorded (WebM/Opus) reached OpenAI as the wall's M4A.
    expect(openai.transcriptions).toHaveLength(1);

    // --- The host hears it, reads its transcript, approves it ---
    const host = await openModeration(browser, api.url, customer, event.id, { width: 1440, height: 900 });
    const hostContext = host.context();
    const card = host.getByTestId('moderation-card').filter({ hasText: 'Grandma Rose' });
    await card.getByTestId('voice-transcript').filter({ hasText: openai.transcript }).waitFor({ timeout: 30_000 });
    await loaded(host, 'voice-waveform');
    await card.getByRole('button', { name: 'Approve' }).click({ timeout: 15_000 });
    await host.getByText('Memory approved').waitFor();

    // --- The memory wall's card, with its player, on a phone and on a large screen ---
    for (const [width, height] of [
      [390, 844],
      [1440, 900],
    ]) {
      const wall = await hostContext.newPage();
      await wall.setViewportSize({ width, height });
      await wall.goto(`${api.url}/events/${event.id}/wall`);
      const wallCard = wall.getByTestId('memory-card').filter({ hasText: 'Grandma Rose' });
      await wallCard
        .getByTestId('voice-transcript')
        .filter({ hasText: openai.transcript })
        .waitFor({ timeout: 30_000 });
      await loaded(wall, 'voice-waveform');
      expect(await wallCard.getByTestId('voice-player').getAttribute('src')).toBe(memory.media!.audio!.url);
      await photograph(wall, `voice-card-${width}`);
      await wall.close();
    }

    // --- The Voice tab on a large screen ---
    const desk = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await desk.goto(`${api.url}/contribute/${event.id}`);
    await desk.getByRole('tab', { name: 'Voice' }).click();
    await desk.getByRole('button', { name: 'Start Recording' }).waitFor();
    await photograph(desk, 'voice-tab-1440');
    await desk.close();

    // --- The venue screen shows it, and plays it aloud (the hosts turned sound on) ---
    // The host opens it from the wall, as at a venue: the click lets the page play sound.
    const screen = await hostContext.newPage();
    await screen.goto(`${api.url}/events/${event.id}/wall`);
    await screen.getByRole('link', { name: 'Presentation Mode' }).click();
    const shown = screen.getByTestId('memory-card').filter({ hasText: 'Grandma Rose' });
    await shown.getByTestId('voice-transcript').waitFor({ timeout: 30_000 });
    await loaded(screen, 'voice-waveform');
    await photograph(screen, 'voice-presentation-1440');
    await screen.waitForFunction(
      () => {
        const audio = document.querySelector<HTMLAudioElement>('[data-testid="voice-playing"]');
        return !!audio && !audio.paused && audio.currentTime > 0.3 && !audio.muted;
      },
      undefined,
      { timeout: 30_000 },
    );
    await hostContext.close();
  }, 600_000);
});
