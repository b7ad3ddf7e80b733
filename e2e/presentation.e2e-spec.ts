import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Browser, Page } from 'playwright-core';
import { createEvent, postMessage } from '../backend/test/support/factories';
import { RunningProcess, startApi, startWorkers } from '../backend/test/support/processes';
import { createTestEnvironment, TestEnvironment } from '../backend/test/support/test-environment';
import { launchBrowser } from './support/browser';

const ROOT = resolve(__dirname, '..');

/** The built API again, on a port given (startApi picks a free one): the venue screen reconnects to the same address. */
async function startApiOnPort(env: Record<string, string>, port: number): Promise<RunningProcess> {
  const child = spawn(process.execPath, [resolve(ROOT, 'backend/dist/main.js')], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (chunk) => (log += chunk));
  child.stderr?.on('data', (chunk) => (log += chunk));
  const running: RunningProcess = {
    url: `http://127.0.0.1:${port}`,
    port,
    child,
    output: () => log,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, 'exit');
      child.kill(signal);
      const forceKill = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(forceKill);
    },
  };
  for (let i = 0; i < 200; i++) {
    if (child.exitCode !== null) throw new Error(`API exited early:\n${log}`);
    const status = await fetch(`${running.url}/api/health`).then((r) => r.status, () => 0);
    if (status === 200) return running;
    await sleep(100);
  }
  throw new Error(`API health did not reach 200:\n${log}`);
}

const countdown = (page: Page) => page.getByTestId('countdown').innerText();

describe('presentation screen', () => {
  let t: TestEnvironment;
  let api: RunningProcess;
  let workers: RunningProcess;
  let browser: Browser;
  let env: Record<string, string>;

  beforeAll(async () => {
    t = await createTestEnvironment();
    env = { ...t.env, FRONTEND_DIST: resolve(__dirname, '../frontend/dist') };
    [api, browser] = await Promise.all([startApi(env), launchBrowser()]);
    workers = startWorkers(env);
  });

  afterAll(async () => {
    await browser?.close();
    await Promise.all([api?.stop(), workers?.stop()]);
    await t?.cleanup();
  });

  it('a presentation screen shows a newly approved memory within 2 s without reloading, keeps rotating while the API is stopped for 10 s, then shows Live again', async () => {
    const event = await createEvent(t.dataSource, {
      name: 'Garden Wedding',
      wallTitle: 'Notes for Sam & Alex',
      numberOfImagesDisplay: 1,
      transitionTime: 4,
    });
    await postMessage(api.url, event.id, { name: 'Aunt May', title: '', message: 'First wishes' });
    await postMessage(api.url, event.id, { name: 'Uncle Ben', title: '', message: 'Second wishes' });

    const screen = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
    await screen.goto(`${api.url}/presentation/${event.id}`);
    await screen.getByRole('heading', { name: 'Notes for Sam & Alex' }).waitFor();
    await screen.getByTestId('live-badge').filter({ hasText: 'Live' }).waitFor();
    await screen.getByTestId('shown-count').filter({ hasText: '1 / 2' }).waitFor({ timeout: 15_000 });
    expect(await screen.getByTestId('presentation-qr').locator('svg').count()).toBe(1);
    await screen.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));

    // A new memory: approved by the workers, pushed live, shown at the rotation 500 ms later.
    const posted = await postMessage(api.url, event.id, { name: 'Grandpa Joe', title: '', message: 'Dance like nobody is watching!' });
    expect(posted.status).toBeLessThan(300);
    await screen.getByTestId('shown-count').filter({ hasText: '1 / 3' }).waitFor({ timeout: 10_000 });
    const card = screen.getByTestId('memory-card').filter({ hasText: 'Dance like nobody is watching!' });
    await card.waitFor({ timeout: 2_000 });
    expect(await card.innerText()).toContain('From Grandpa Joe');

    // The API goes away for 10 s: Offline, but the countdown and rotation go on with what is there.
    const port = api.port;
    await api.stop();
    await screen.getByTestId('live-badge').filter({ hasText: 'Offline' }).waitFor({ timeout: 5_000 });
    const seen = new Set<string>();
    const texts = new Set<string>();
    for (let i = 0; i < 10; i++) {
      seen.add(await countdown(screen));
      texts.add(await screen.getByTestId('memory-card').first().innerText());
      await sleep(1000);
    }
    expect(seen.size).toBeGreaterThan(3);
    expect(texts.size).toBeGreaterThan(1);
    expect(await screen.getByTestId('memory-card').count()).toBe(1);
    expect(await screen.getByTestId('live-badge').innerText()).toBe('Offline');

    api = await startApiOnPort(env, port);
    await screen.getByTestId('live-badge').filter({ hasText: 'Live' }).waitFor({ timeout: 40_000 });
    expect(await screen.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  }, 120_000);

  it('says "Event Not Available" for a draft event', async () => {
    const draft = await createEvent(t.dataSource, { status: 'draft', isPublished: false });
    const page = await browser.newPage();
    await page.goto(`${api.url}/presentation/${draft.id}`);
    await page.getByRole('heading', { name: 'Event Not Available' }).waitFor();
    expect(await page.getByRole('link', { name: 'Return to Home' }).isVisible()).toBe(true);
  });
});
