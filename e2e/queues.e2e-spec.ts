import type { Browser, Page } from 'playwright-core';
import { JobName, QueueName, Role } from '@memory-wall/contracts';
import { createAccount, TestAccount } from '@memory-wall/testkit/accounts';
import type { RunningProcess } from '@memory-wall/testkit/processes';
import { QueueJobs } from '@memory-wall/testkit/queue-jobs';
import type { TestEnvironment } from '@memory-wall/testkit/test-environment';
import { waitFor } from '@memory-wall/testkit/wait';
import { signIn, useBrowserStack } from './support/app';
import { seriousAxeFindings } from './support/axe';
import { PHONE } from '@memory-wall/testkit/browser';

const DISK_FULL = 'renditions could not be written: no space left on device';
const AI_DOWN = 'OpenAI answered 500 three times';

/**
 * The owner's Queues page in Chromium: reached from the top bar, each queue with its counts and its failed
 * jobs' errors; Retry sends a job back to be run, Remove deletes it; and on a phone the same page fits
 * 390 px with its buttons in reach.
 */
describe("the owner's Queues page", () => {
  const stack = useBrowserStack();
  let t: TestEnvironment;
  let api: RunningProcess;
  let browser: Browser;
  let jobs: QueueJobs;
  let owner: TestAccount;
  beforeAll(async () => {
    ({ t, api, browser } = stack);
    jobs = new QueueJobs(t.env);
    owner = await createAccount(t.dataSource, Role.Owner);
  });
  afterAll(() => jobs?.close());

  const queueCard = (page: Page, name: string) =>
    page.locator('section.card', { has: page.getByRole('heading', { name }) });
  const count = (page: Page, queue: string, label: string) =>
    queueCard(page, queue)
      .locator('.cr-stat', { has: page.locator('dt', { hasText: label }) })
      .locator('dd')
      .textContent();

  it('shows the failed jobs with their errors, and retries one and removes another', async () => {
    const render = await jobs.failed(JobName.RenderMedia, DISK_FULL);
    const moderate = await jobs.failed(JobName.ProcessMemory, AI_DOWN);
    await jobs.add(JobName.RenderMedia);

    // CSP bypassed only so that axe-core can be injected.
    const page = await (
      await browser.newContext({ viewport: { width: 1440, height: 900 }, bypassCSP: true })
    ).newPage();
    await signIn(page, api.url, owner);
    await page.getByRole('link', { name: 'Queues' }).click();
    await page.getByRole('heading', { name: 'Queues', level: 1 }).waitFor();

    for (const name of Object.values(QueueName)) await queueCard(page, name).waitFor();
    expect(await count(page, QueueName.Media, 'Waiting')).toBe('1');
    expect(await count(page, QueueName.Media, 'Failed')).toBe('1');
    expect(await count(page, QueueName.Moderation, 'Failed')).toBe('1');
    const renderRow = queueCard(page, QueueName.Media).getByRole('row', {
      name: new RegExp(`^${JobName.RenderMedia} ${render.id} `),
    });
    expect(await renderRow.getByRole('cell', { name: DISK_FULL }).isVisible()).toBe(true);
    expect(await renderRow.getByRole('cell', { name: '1 of 1' }).isVisible()).toBe(true);
    expect(await seriousAxeFindings(page, '/admin/queues')).toEqual([]);

    await page.getByRole('button', { name: `Retry job ${render.id} of ${QueueName.Media}` }).click();
    await page.getByText('The job is waiting to run again').waitFor();
    await renderRow.waitFor({ state: 'detached' });
    expect(await jobs.state(QueueName.Media, render.id)).toBe('waiting');
    await waitFor(async () => (await count(page, QueueName.Media, 'Waiting')) === '2', 10_000, 'two jobs waiting');
    expect(await queueCard(page, QueueName.Media).getByText('No failed jobs').isVisible()).toBe(true);

    await page.getByRole('button', { name: `Remove job ${moderate.id} of ${QueueName.Moderation}` }).click();
    await page.getByText('The job was removed').waitFor();
    await queueCard(page, QueueName.Moderation).getByText('No failed jobs').waitFor();
    expect(await jobs.state(QueueName.Moderation, moderate.id)).toBe('gone');
    expect(await count(page, QueueName.Moderation, 'Failed')).toBe('0');
  });

  it('fits a phone: nothing wider than 390 px, and Retry within reach', async () => {
    const failed = await jobs.failed(JobName.ProcessMemory, AI_DOWN);
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    await signIn(page, api.url, owner);
    await page.goto(`${api.url}/admin/queues`);
    const retry = page.getByRole('button', { name: `Retry job ${failed.id} of ${QueueName.Moderation}` });
    await retry.waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const box = (await retry.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await retry.click();
    await page.getByText('The job is waiting to run again').waitFor();
    expect(await jobs.state(QueueName.Moderation, failed.id)).toBe('waiting');
  });
});
