import { readFile } from 'node:fs/promises';
import { Browser } from 'playwright-core';
import { ModerationType, Role } from '@memory-wall/contracts';
import { createAccount } from '@memory-wall/testkit/accounts';
import { createEvent, postMessage } from '@memory-wall/testkit/factories';
import { ApiClient } from '@memory-wall/testkit/http';
import { cameraLikeJpeg, multipart } from '@memory-wall/testkit/images';
import { processed } from '@memory-wall/testkit/memories';
import { RunningProcess, startWorkers } from '@memory-wall/testkit/processes';
import type { TestEnvironment } from '@memory-wall/testkit/test-environment';
import { signIn, useBrowserStack } from './support/app';

/**
 * A host completes an event in the browser, watches its keepsakes being built on the dashboard (the workers
 * start only once the dashboard shows them waiting: every change after that arrives live), and downloads
 * the ZIP and a memory book.
 */
describe('keepsakes in the browser', () => {
  const stack = useBrowserStack();
  let t: TestEnvironment;
  let api: RunningProcess;
  let browser: Browser;
  let workers: RunningProcess | undefined;
  beforeAll(() => ({ t, api, browser } = stack));
  afterAll(() => workers?.stop());

  it('lets a host complete an event, watch its keepsake built and download the ZIP and the PDF', async () => {
    const provider = await createAccount(t.dataSource, Role.ServiceProvider);
    const event = await createEvent(t.dataSource, {
      name: 'Harbour Farewell',
      serviceProviderId: provider.provider!.id,
      moderationType: ModerationType.AutoApprove,
    });
    // Memories processed by workers that then stop, so the keepsakes wait until the host watches.
    workers = startWorkers(t.env);
    const message = await postMessage(api.url, event.id, { name: 'Jo', message: 'Fair winds, old friend' });
    const photo = await new ApiClient(api.url).post(
      `/api/events/${event.id}/submissions/photo`,
      multipart('photo', await cameraLikeJpeg(1200, 900), 'photo.jpg', { name: 'Sam' }),
    );
    for (const id of [message.body.memory.id, photo.body.memory.id]) await processed(t.dataSource, id);
    await workers.stop();

    const page = await (await browser.newContext({ acceptDownloads: true })).newPage();
    await signIn(page, api.url, provider);
    await page.goto(`${api.url}/events`);
    const card = page.getByRole('listitem', { name: 'Harbour Farewell' });
    await card.getByRole('button', { name: 'Complete', exact: true }).click();
    await page.getByRole('dialog', { name: 'Complete Event' }).getByRole('button', { name: 'Complete' }).click();
    await card.getByText('Completed', { exact: true }).waitFor();
    await card.getByRole('link', { name: 'View', exact: true }).click();
    await page.waitForURL(`${api.url}/events/${event.id}`);

    const keepsake = page.getByRole('region', { name: 'Keepsake' });
    const zip = keepsake.getByRole('listitem').filter({ hasText: 'Photos and guestbook (ZIP)' });
    const a4 = keepsake.getByRole('listitem').filter({ hasText: 'Memory book, A4 (PDF)' });
    await zip.getByText('Waiting to start').waitFor();

    workers = startWorkers(t.env);
    await zip.getByText('Ready', { exact: true }).waitFor({ timeout: 60_000 });
    await a4.getByText('Ready', { exact: true }).waitFor({ timeout: 60_000 });

    const [zipDownload] = await Promise.all([
      page.waitForEvent('download'),
      zip.getByRole('button', { name: 'Download: Photos and guestbook (ZIP)' }).click(),
    ]);
    expect(zipDownload.suggestedFilename()).toBe('Harbour-Farewell-memories.zip');
    const zipBytes = await readFile(await zipDownload.path());
    expect(zipBytes.subarray(0, 2).toString('latin1')).toBe('PK');
    expect(zipBytes.includes(Buffer.from('guestbook.html'))).toBe(true);

    const [pdfDownload] = await Promise.all([
      page.waitForEvent('download'),
      a4.getByRole('button', { name: 'Download: Memory book, A4 (PDF)' }).click(),
    ]);
    expect(pdfDownload.suggestedFilename()).toBe('Harbour-Farewell-memory-book-a4.pdf');
    const pdfBytes = await readFile(await pdfDownload.path());
    expect(pdfBytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  }, 180_000);
});
