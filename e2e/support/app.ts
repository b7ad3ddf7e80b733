import { resolve } from 'node:path';
import { Browser, Page } from 'playwright-core';
import { RunningProcess, startApi, startWorkers } from '@memory-wall/testkit/processes';
import { createTestEnvironment, TestEnvironment } from '@memory-wall/testkit/test-environment';
import { launchBrowser } from '@memory-wall/testkit/browser';

export interface BrowserStack {
  t: TestEnvironment;
  api: RunningProcess;
  workers?: RunningProcess;
  browser: Browser;
}

/**
 * Registers beforeAll/afterAll for a browser test file: its own database and Redis prefix, the built API
 * serving the built front end (with `env` added to its environment and the workers'), optionally the
 * workers, and Chromium. The returned object is filled in
 * before the tests run.
 */
export function useBrowserStack(
  options: { workers?: boolean; workersEnv?: () => Record<string, string>; env?: Record<string, string> } = {},
): BrowserStack {
  const stack = {} as BrowserStack;
  beforeAll(async () => {
    stack.t = await createTestEnvironment();
    const env = { ...stack.t.env, FRONTEND_DIST: resolve(__dirname, '../../frontend/dist'), ...options.env };
    [stack.api, stack.browser] = await Promise.all([startApi(env), launchBrowser()]);
    // The workers' links (mail) point at this API.
    if (options.workers) stack.workers = startWorkers({ ...env, PUBLIC_URL: stack.api.url, ...options.workersEnv?.() });
  });
  afterAll(async () => {
    await stack.browser?.close();
    await Promise.all([stack.api?.stop(), stack.workers?.stop()]);
    await stack.t?.cleanup();
  });
  return stack;
}

/** Signs in through /signin the way a person does, and waits until the top bar says so (on a phone, in its closed menu). */
export async function signIn(page: Page, baseUrl: string, account: { username: string; password: string }) {
  await page.goto(`${baseUrl}/signin`);
  await page.getByLabel('Email or Username', { exact: true }).fill(account.username);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.getByText(`Logged in as ${account.username}`).waitFor({ state: 'attached' });
}

/**
 * A host's moderation page for an event: a desktop window of its own, signed in (which lands on the
 * customer's wall), then the event's moderation.
 */
export async function openModeration(
  browser: Browser,
  baseUrl: string,
  host: { username: string; password: string },
  eventId: string,
  viewport = { width: 1280, height: 900 },
): Promise<Page> {
  const page = await (await browser.newContext({ viewport })).newPage();
  await signIn(page, baseUrl, host);
  await page.waitForURL(`${baseUrl}/customer-wall`);
  await page.goto(`${baseUrl}/events/${eventId}/moderation`);
  return page;
}

/**
 * Waits until React has adopted a prerendered guest page's form: typed into or chosen before that, the
 * prerendered page would not tell the app (a form would even be submitted by the browser itself).
 */
export function appAdopted(page: Page): Promise<unknown> {
  return page.waitForFunction(() =>
    Object.keys(document.querySelector('#root form') ?? {}).some((key) => key.startsWith('__react')),
  );
}
