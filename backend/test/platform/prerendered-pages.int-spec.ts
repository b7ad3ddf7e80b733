import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { RunningProcess, startApi } from '@memory-wall/testkit/processes';
import { createTestEnvironment, TestEnvironment } from '@memory-wall/testkit/test-environment';

/** The front end as `npm run build` leaves it (npm test builds it first). */
const DIST = resolve(__dirname, '../../../frontend/dist');

const ROOT = /<div id="root">([\s\S]*?)<\/div>\s*<\/body>/;

/**
 * A guest's phone paints the page's heading from the HTML, before the app's script has arrived and run
 * (issue #24 item 6): each guest route is answered with its prerendered first screen; other pages keep
 * the empty index.html.
 */
describe('prerendered guest pages', () => {
  let t: TestEnvironment;
  let api: RunningProcess;

  beforeAll(async () => {
    if (!existsSync(join(DIST, 'prerendered.json')))
      throw new Error(`${DIST} has no prerendered pages: run npm run build first`);
    t = await createTestEnvironment();
    api = await startApi({ ...t.env, FRONTEND_DIST: DIST });
  });

  afterAll(async () => {
    await api?.stop();
    await t?.cleanup();
  });

  async function page(path: string) {
    // As a phone's browser asks; fetch decodes what comes.
    const response = await fetch(`${api.url}${path}`, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    const html = await response.text();
    const header = (name: string) => response.headers.get(name);
    return {
      status: response.status,
      cacheControl: header('cache-control'),
      encoding: header('content-encoding'),
      htmlElement: /<html[^>]*>/.exec(html)?.[0] ?? '',
      contentSecurityPolicy: header('content-security-policy') ?? '',
      inlineScripts: [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(([, script]) => script),
      headScripts: [
        ...(/<head>[\s\S]*<\/head>/.exec(html)?.[0] ?? '')
          .replace(/<template[\s\S]*?<\/template>/g, '')
          .matchAll(/<script[^>]* src="([^"]+)"/g),
      ].map(([, src]) => src),
      root: ROOT.exec(html)?.[1] ?? '',
    };
  }

  it.each([
    ['/event-code', '<h1 class="card-title">Join an Event</h1>'],
    ['/contribute/0b8e2c1a-4f5d-4c3e-9a7b-1d2e3f4a5b6c', '<h1 class="card-title">Share Your Memory</h1>'],
    ['/contribute/ABC123', '<h1 class="card-title">Share Your Memory</h1>'],
    ['/contribute?code=ABC123', '<h1 class="card-title">Share Your Memory</h1>'],
  ])('answers %s with its first screen already in the HTML, compressed', async (path, heading) => {
    const { status, cacheControl, encoding, htmlElement, root } = await page(path);
    expect(status).toBe(200);
    expect(cacheControl).toBe('no-cache');
    // The page carries the stylesheet: brotli makes it about a fifth.
    expect(encoding).toBe('br');
    expect(root).toContain(heading);
    // Painted in the theme's colours before the app runs (the buttons are the theme's colour).
    expect(htmlElement).toContain('--color-primary: #256B68');
  });

  // The stored theme is applied and the app's scripts start after the first paint by two inline scripts,
  // each allowed by its hash in the page's policy (and nothing else inline).
  it.each(['/event-code', '/contribute/0b8e2c1a-4f5d-4c3e-9a7b-1d2e3f4a5b6c'])(
    'starts the app on %s from inline scripts its CSP allows',
    async (path) => {
      const { contentSecurityPolicy, inlineScripts, headScripts } = await page(path);
      expect(headScripts).toEqual([]);
      expect(inlineScripts).toEqual([
        expect.stringContaining('memory-wall-theme'),
        expect.stringContaining('app-scripts'),
      ]);
      const scriptSrc = /script-src ([^;]*)/.exec(contentSecurityPolicy)?.[1].split(' ') ?? [];
      for (const script of inlineScripts)
        expect(scriptSrc).toContain(`'sha256-${createHash('sha256').update(script).digest('base64')}'`);
      expect(scriptSrc).not.toContain("'unsafe-inline'");
    },
  );

  it.each(['/signin', '/dashboard', '/display/0b8e2c1a-4f5d-4c3e-9a7b-1d2e3f4a5b6c', '/event-codes', '/contributed'])(
    'answers %s with the app to render in the browser',
    async (path) => {
      const { status, root } = await page(path);
      expect(status).toBe(200);
      expect(root).toBe('');
    },
  );
});
