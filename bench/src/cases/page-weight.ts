import { spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { createReadStream, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, Server } from 'node:http';
import { extname, join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { gzipSync } from 'node:zlib';
import { launchBrowser } from '@memory-wall/testkit/browser';
import { createEvent } from '@memory-wall/testkit/factories';
import { benchEnvironment } from '../lib/env';
import { Proc, ROOT, startApi, stopAll, WORK } from '../lib/procs';
import { absoluteMetric, CaseModule, Metric } from '../lib/report';

/**
 * Case 5 — guest page weight. The front end is built in this run (into bench/.work, leaving
 * frontend/dist alone) and served by the real API; Chromium loads each guest route and every JavaScript
 * and CSS response is recorded: that is what the route needs to render. Each file is weighed gzipped
 * (zlib level 6, as Vite reports it). Baseline: an empty Vite + React app built in the same run with the
 * same Vite and React, loaded the same way. Builds are deterministic, so one measurement is the result.
 */

const KB = 1000;
const TARGET_KB = 125;
const VITE = resolve(ROOT, 'node_modules/.bin/vite');

/** `vite build` of the app at `root` into `outDir`, with its own config unless one is given. */
export function viteBuild(root: string, outDir: string, config?: string, env: Record<string, string> = {}) {
  const args = [
    'build',
    root,
    ...(config ? ['--config', config] : []),
    '--outDir',
    outDir,
    '--emptyOutDir',
    '--logLevel',
    'warn',
  ];
  const result = spawnSync(VITE, args, {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 180_000,
    env: { ...process.env, ...env },
  });
  if (result.status !== 0) throw new Error(`vite build ${root} failed:\n${result.stdout}\n${result.stderr}`);
}

function emptyReactApp(dir: string) {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, 'src'), { recursive: true });
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html>\n<html lang="en">\n  <head>\n    <meta charset="UTF-8" />\n    <meta name="viewport" content="width=device-width, initial-scale=1.0" />\n    <title>Empty</title>\n  </head>\n  <body>\n    <div id="root"></div>\n    <script type="module" src="/src/main.jsx"></script>\n  </body>\n</html>\n',
  );
  writeFileSync(join(dir, 'src/index.css'), 'body { margin: 0; font-family: system-ui, sans-serif; }\n');
  writeFileSync(
    join(dir, 'src/main.jsx'),
    "import { StrictMode } from 'react';\nimport { createRoot } from 'react-dom/client';\nimport './index.css';\n\nfunction App() {\n  return <h1>Hello</h1>;\n}\n\ncreateRoot(document.getElementById('root')).render(<StrictMode><App /></StrictMode>);\n",
  );
  writeFileSync(
    join(dir, 'vite.config.mjs'),
    "import react from '@vitejs/plugin-react';\nimport { defineConfig } from 'vite';\n\nexport default defineConfig({ plugins: [react()] });\n",
  );
}

/**
 * A bench-owned Vite config: the front end's own config plus a plugin that records how many bytes each
 * module contributes to each chunk (the page-weight equivalent of a CPU profile). It changes no output.
 */
function moduleSizesConfig(file: string) {
  writeFileSync(
    file,
    `import { writeFileSync } from 'node:fs';
import { mergeConfig } from 'vite';
import base from '${resolve(ROOT, 'frontend/vite.config.ts')}';

export default mergeConfig(base, {
  plugins: [
    {
      name: 'bench-module-sizes',
      generateBundle(_options, bundle) {
        const out = {};
        for (const [file, chunk] of Object.entries(bundle)) {
          if (chunk.type !== 'chunk') continue;
          out[file] = Object.entries(chunk.modules ?? {}).map(([id, m]) => [id, m.renderedLength]);
        }
        writeFileSync(process.env.BENCH_MODULE_SIZES, JSON.stringify(out));
      },
    },
  ],
});
`,
  );
}

/** node_modules/<package> or the source folder of a module id. */
function moduleGroup(id: string) {
  const path = id.replace(/^\0/, '').split('?')[0];
  const nm = path.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const parts = path.slice(nm + 'node_modules/'.length).split('/');
    return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
  }
  const rel = path.startsWith(ROOT) ? path.slice(ROOT.length + 1) : path;
  return rel.split('/').slice(0, 3).join('/');
}

const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
};

/** A minimal static server with SPA fallback, for the baseline app. */
async function serveStatic(dir: string): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    const path = decodeURIComponent((req.url ?? '/').split('?')[0]);
    let file = join(dir, path);
    if (!file.startsWith(dir) || !existsSync(file) || statSync(file).isDirectory()) file = join(dir, 'index.html');
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(res);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, server };
}

interface RouteWeight {
  route: string;
  js: number;
  css: number;
  files: Array<{ file: string; type: string; raw: number; gzip: number }>;
}

async function weigh(
  browser: import('playwright-core').Browser,
  url: string,
  route: string,
  dist: string,
): Promise<RouteWeight> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const seen = new Map<string, string>();
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (type === 'script' || type === 'stylesheet') seen.set(new URL(response.url()).pathname, type);
  });
  await page.goto(`${url}${route}`, { waitUntil: 'networkidle', timeout: 30_000 });
  await sleep(500); // a lazy chunk requested right after idle
  await context.close();
  const files = [...seen.entries()].map(([path, type]) => {
    const bytes = readFileSync(join(dist, path));
    return { file: path, type, raw: bytes.length, gzip: gzipSync(bytes, { level: 6 }).length };
  });
  const sum = (type: string) => files.filter((f) => f.type === type).reduce((n, f) => n + f.gzip, 0);
  return { route, js: sum('script'), css: sum('stylesheet'), files };
}

export const pageWeight: CaseModule = async (ctx) => {
  const productDist = resolve(WORK, 'frontend-dist');
  const emptyDir = resolve(WORK, 'empty-react-app');
  const emptyDist = resolve(emptyDir, 'dist');
  ctx.log('  building the front end (vite build frontend → bench/.work/frontend-dist)');
  const configFile = resolve(WORK, 'vite.bench.config.mts');
  const sizesFile = resolve(WORK, 'module-sizes.json');
  mkdirSync(WORK, { recursive: true });
  moduleSizesConfig(configFile);
  viteBuild(resolve(ROOT, 'frontend'), productDist, configFile, { BENCH_MODULE_SIZES: sizesFile });
  const moduleSizes = JSON.parse(readFileSync(sizesFile, 'utf8')) as Record<string, Array<[string, number]>>;
  ctx.log('  building an empty Vite + React app');
  emptyReactApp(emptyDir);
  viteBuild(emptyDir, emptyDist);

  const env = await benchEnvironment(ctx.settings, { FRONTEND_DIST: productDist });
  const procs: Proc[] = [];
  const browser = await launchBrowser();
  const statics = await serveStatic(emptyDist);
  try {
    const event = await createEvent(env.dataSource);
    const api = await startApi({ env: env.env });
    procs.push(api);
    const baseline = await weigh(browser, statics.url, '/', emptyDist);
    const routes = { eventCode: '/event-code', contribute: `/contribute/${event.id}`, display: `/display/${event.id}` };
    const eventCode = await weigh(browser, api.url, routes.eventCode, productDist);
    const contribute = await weigh(browser, api.url, routes.contribute, productDist);
    const display = await weigh(browser, api.url, routes.display, productDist);
    for (const w of [baseline, eventCode, contribute, display]) {
      ctx.log(
        `  ${w.route}: JS ${(w.js / KB).toFixed(1)} kB, CSS ${(w.css / KB).toFixed(1)} kB gzip (${w.files.map((f) => f.file.split('/').pop()).join(', ')})`,
      );
    }
    const kb = (n: number) => [n / KB];
    const guestOnlyDisplayChunks = display.files
      .filter(
        (f) => !eventCode.files.some((g) => g.file === f.file) && !contribute.files.some((g) => g.file === f.file),
      )
      .map((f) => f.file);
    // Where the guest routes' bytes come from: gzip per chunk, and rendered (minified-before) bytes per package.
    const guestFiles = new Map<string, number>();
    for (const f of [...eventCode.files, ...contribute.files]) if (f.type === 'script') guestFiles.set(f.file, f.gzip);
    const groups = new Map<string, number>();
    for (const file of guestFiles.keys()) {
      for (const [id, bytes] of moduleSizes[file.replace(/^\//, '')] ?? [])
        groups.set(moduleGroup(id), (groups.get(moduleGroup(id)) ?? 0) + bytes);
    }
    const renderedTotal = [...groups.values()].reduce((a, b) => a + b, 0);
    const topGroups = [...groups.entries()].sort((a, b) => b[1] - a[1]).slice(0, 10);
    const chunkList = [...guestFiles.entries()]
      .sort((a, b) => b[1] - a[1])
      .map(([f, g]) => `\`${f.split('/').pop()}\` ${(g / KB).toFixed(1)}`);
    const metrics: Metric[] = [
      absoluteMetric('/event-code: JavaScript, gzip', 'kB', kb(eventCode.js), { atMost: TARGET_KB }, kb(baseline.js)),
      absoluteMetric('/event-code: CSS, gzip', 'kB', kb(eventCode.css), null, kb(baseline.css)),
      absoluteMetric(
        '/contribute/{id}: JavaScript, gzip',
        'kB',
        kb(contribute.js),
        { atMost: TARGET_KB },
        kb(baseline.js),
      ),
      absoluteMetric('/contribute/{id}: CSS, gzip', 'kB', kb(contribute.css), null, kb(baseline.css)),
      absoluteMetric(
        '/display/{id} (presentation, for reference): JavaScript, gzip',
        'kB',
        kb(display.js),
        null,
        kb(baseline.js),
      ),
    ];
    return {
      metrics,
      notes: [
        'Baseline: an empty Vite + React app (React 19, react-dom/client, one component, one CSS file) built with the same Vite in this run.',
        'Weights are of the files Chromium fetched while rendering the route on a phone-sized viewport until the network was idle; kB = 1,000 bytes, gzip level 6.',
        `Chunks the presentation route loads beyond the guest routes' own: ${guestOnlyDisplayChunks.length ? guestOnlyDisplayChunks.map((f) => `\`${f.split('/').pop()}\``).join(', ') : 'none'}.`,
        'A build is deterministic, so this case is measured once rather than five times.',
        `Guest routes' JavaScript by chunk (kB gzip): ${chunkList.join(', ')}.`,
        `By package, share of the guest chunks' code before minification: ${topGroups.map(([g, n]) => `${g} ${((100 * n) / renderedTotal).toFixed(0)}%`).join(', ')}.`,
      ],
      profiles: {},
      details: { baseline, eventCode, contribute, display, packages: Object.fromEntries(topGroups) },
    };
  } finally {
    await browser.close().catch(() => undefined);
    statics.server.close();
    await stopAll(procs);
    await env.cleanup();
  }
};
