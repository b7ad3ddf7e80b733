import { Browser } from 'playwright-core';
import { EventStatus, MemoryType, Role } from '@memory-wall/contracts';
import { Memory } from '@memory-wall/core';
import { createAccount } from '@memory-wall/testkit/accounts';
import { PHONE } from '@memory-wall/testkit/browser';
import { createEvent } from '@memory-wall/testkit/factories';
import type { RunningProcess } from '@memory-wall/testkit/processes';
import type { TestEnvironment } from '@memory-wall/testkit/test-environment';
import { signIn, useBrowserStack } from './support/app';

/** Where the screenshots of the changed pages go (SCREENSHOT_DIR), for a person to look at. */
const screenshot = (name: string) =>
  process.env.SCREENSHOT_DIR ? { path: `${process.env.SCREENSHOT_DIR}/${name}.png` } : {};

describe("an expired event's wall", () => {
  const stack = useBrowserStack();
  let t: TestEnvironment;
  let api: RunningProcess;
  let browser: Browser;
  beforeAll(() => ({ t, api, browser } = stack));

  it('keeps the memories’ texts and says their photos and clips are no longer kept, to guests and hosts', async () => {
    const provider = await createAccount(t.dataSource, Role.ServiceProvider);
    const event = await createEvent(t.dataSource, {
      name: 'Rosa & Tom',
      status: EventStatus.Expired,
      serviceProviderId: provider.provider!.id,
    });
    // As the retention sweep leaves them: the texts, no files.
    const memories = t.dataSource.getRepository(Memory);
    const stored = { eventId: event.id, approved: true, processingState: 'ready' as const, media: null };
    await memories.save([
      memories.create({ ...stored, type: MemoryType.Message, content: 'What a day to remember!', author: 'Maria' }),
      memories.create({
        ...stored,
        type: MemoryType.Photo,
        content: '',
        photoCaption: 'The first dance',
        author: 'Tom',
      }),
      memories.create({ ...stored, type: MemoryType.Video, content: '', photoCaption: 'The toast', author: 'Lucy' }),
    ]);

    // A guest's phone opens the gallery; a screen in the room, the display wall (which shows what fits it).
    for (const [name, options, page] of [
      ['phone', PHONE, 'gallery'],
      ['desktop', { viewport: { width: 1440, height: 900 } }, 'display'],
    ] as const) {
      const context = await browser.newContext(options);
      try {
        const guest = await context.newPage();
        await guest.goto(`${api.url}/${page}/${event.id}`);
        await guest.getByText('What a day to remember!').waitFor();
        await guest.getByText('The first dance').waitFor();
        expect(await guest.getByText('Media no longer kept').count()).toBe(2);
        await guest.screenshot({ fullPage: true, ...screenshot(`expired-wall-guest-${name}`) });

        await signIn(guest, api.url, provider);
        await guest.goto(`${api.url}/events/${event.id}/wall`);
        await guest.getByText('The toast').waitFor();
        expect(await guest.getByText('Media no longer kept').count()).toBe(2);
        await guest.screenshot({ fullPage: true, ...screenshot(`expired-wall-host-${name}`) });
      } finally {
        await context.close();
      }
    }
  });
});
