import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { preloadBootChunks, skipLoadedDependencies } from './bootPreloads';
import { prerenderGuestPages } from './prerender';

const backend = 'http://localhost:3000';

/**
 * The offline shell (a Workbox service worker, registered by src/serviceWorker.ts): a venue screen reloaded
 * while the network is down comes back with the app and the last wall it read.
 * - The app: every built file is precached (but the HEIC decoder). Pages always come from the network while it answers (within
 *   3 s), so a deploy is live at the next load; only without it is the precached index.html used, which
 *   always matches the precached scripts. A new worker takes over at once and drops the old precache.
 * - Public data only: the public event and wall (network first, the cached copy when offline) and
 *   approved images (cache first: their URLs never change). Anything sent as private or no-store (a
 *   host's lists, a moderator's images) is never stored.
 */
const publicOnly = {
  cacheWillUpdate: async ({ response }: { response: Response }) =>
    response.status === 200 && !/private|no-store/.test(response.headers.get('cache-control') ?? '') ? response : null,
};

const neverStored = { cacheWillUpdate: async () => null };

const offlineShell = VitePWA({
  injectRegister: false,
  manifest: false,
  workbox: {
    globPatterns: ['**/*.{js,css,html,svg,png,ico,woff2}'],
    // The HEIC decoder (WebAssembly, about 2 MB) is for the few guests who pick a HEIC in a browser that
    // cannot show it: precached, every device would download it.
    globIgnores: ['**/heicToJpeg-*.js'],
    navigateFallback: null,
    skipWaiting: true,
    clientsClaim: true,
    cleanupOutdatedCaches: true,
    inlineWorkboxRuntime: true,
    runtimeCaching: [
      {
        urlPattern: ({ request, url }) => request.mode === 'navigate' && !url.pathname.startsWith('/api/'),
        // Network first without storing (a stored page could name scripts a newer worker dropped): only
        // the precached index.html stands in. (NetworkOnly cannot be given a timeout here.)
        handler: 'NetworkFirst',
        options: { networkTimeoutSeconds: 3, plugins: [neverStored], precacheFallback: { fallbackURL: 'index.html' } },
      },
      {
        urlPattern: ({ url }) => /^\/api\/events\/(public\/[^/]+|[^/]+\/memories)$/.test(url.pathname),
        handler: 'NetworkFirst',
        options: {
          cacheName: 'public-walls',
          networkTimeoutSeconds: 3,
          expiration: { maxEntries: 50 },
          plugins: [publicOnly],
        },
      },
      {
        urlPattern: ({ url }) => url.pathname.startsWith('/api/media/public/'),
        handler: 'CacheFirst',
        options: {
          cacheName: 'public-images',
          expiration: { maxEntries: 300, maxAgeSeconds: 30 * 24 * 3600 },
          plugins: [publicOnly],
        },
      },
    ],
  },
});

/**
 * react-router's build does not mark its components as pure (`forwardRef(…)`, `memo(…)`, `createContext(…)`
 * calls and `X.displayName = …` lines at the top level), so the bundler keeps every one of them with all
 * they use, needed or not (its data router's <Form>, <ScrollRestoration>, …): about 1.5 kB of each page's
 * download. Marked pure, and without the display names (React DevTools' labels), only what the app uses stays.
 */
const reactRouterPure: Plugin = {
  name: 'memory-wall:react-router-pure',
  apply: 'build',
  enforce: 'pre',
  transform(code, id) {
    if (!id.includes('/node_modules/react-router/dist/')) return null;
    return code
      .replace(/^[A-Za-z_$][\w$]*\.displayName = "[^"]*";$/gm, '')
      .replace(/= (React\d*\.(?:forwardRef|memo|createContext)\()/g, '= /* @__PURE__ */ $1');
  },
};

const resolveContracts = {
  alias: [
    // The TypeScript sources, not the package's CommonJS build, so only what is used gets bundled.
    {
      find: '@memory-wall/contracts',
      replacement: fileURLToPath(new URL('../libs/contracts/src/index.ts', import.meta.url)),
    },
    // react-router's exports name only its development build, whose warnings (long messages in every
    // guest's download) its production build leaves out; the code is otherwise the same.
    {
      find: /^react-router$/,
      replacement: fileURLToPath(new URL('../node_modules/react-router/dist/production/index.mjs', import.meta.url)),
    },
  ],
};

const preloads = skipLoadedDependencies();

/** The store, the guest route's start and the language: src/main.tsx's second stage, with what they import. */
const BOOT_STAGE = [
  /node_modules\/(@reduxjs\/toolkit|react-redux|redux|redux-thunk|reselect|immer|use-sync-external-store|@standard-schema|rosetta|dlv|templite)\//,
  /\/src\/api\/(api|config|events|liveStatus)\.ts$/,
  /\/src\/app\/(store|guestBoot)\.ts$/,
  /\/src\/features\/(moderation\/removals|contribute\/useContributeEvent)\.ts$/,
  /\/src\/i18n\/(index|en|language)\.ts$/,
  /\/libs\/contracts\/src\/enums\.ts$/,
];
/**
 * The router's table and the app's frame (BrowserApp): the last stage. With them the small modules that
 * the guest pages share with the screens' and hosts' pages, which would otherwise each be a chunk.
 */
const SHELL_STAGE = [
  /\/src\/app\/(BrowserApp|App|router|RequireAccess|ThemeSync|theme)\.tsx?$/,
  /\/src\/components\/layout\//,
  /\/src\/components\/ui\/(Card|toast|Spinner|TextField|Tabs)\.tsx$/,
  /\/src\/api\/(submissionRetry|mySubmissions)\.ts$/,
  /\/libs\/contracts\/src\/(api|backoff|memories|submission-id)\.ts$/,
  /\/src\/api\/(auth|settings)\.ts$/,
  /\/src\/features\/not-found\//,
  /\/src\/i18n\/lazy\.ts$/,
];
/** The contribute page with its texts (the thank-you page, where a guest goes from it, shares them). */
const CONTRIBUTE_PAGE = [
  /\/src\/features\/contribute\/(ContributePage|ContributeTabs|MessageForm|EventClosed|EventNotFound)\.tsx$/,
  /\/src\/app\/useHydrated\.ts$/,
  /\/src\/i18n\/pages\/contribute\.ts$/,
];
const sources = (patterns: RegExp[]) => (id: string) => patterns.some((pattern) => pattern.test(id));

export default defineConfig({
  plugins: [
    reactRouterPure,
    react(),
    preloads.trackBundle,
    // Before the guest pages are prerendered: they take index.html's script tags as they are.
    preloadBootChunks(),
    prerenderGuestPages({
      root: fileURLToPath(new URL('.', import.meta.url)),
      plugins: [react()],
      resolve: resolveContracts,
    }),
    offlineShell,
    // Writes a .br and a .gz beside each text asset; the API's static server picks one by Accept-Encoding,
    // so a phone gets the smallest bytes without the server compressing anything per request.
    compression({ algorithms: ['brotliCompress', 'gzip'] }),
  ],
  resolve: resolveContracts,
  server: {
    proxy: {
      '/api': { target: backend },
      // Without changeOrigin, Host stays the dev server's: the API's origin check of the upgrade then sees
      // the page's own origin. With it, the API would take the page for a foreign one and refuse the socket.
      '/ws': { target: backend, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    modulePreload: { resolveDependencies: preloads.resolveDependencies },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // What every chunk uses, each in a chunk of its own rather than in the entry (src/main.tsx): a
            // chunk that imports the entry counts the entry's stylesheet as its own, and loading it on a
            // prerendered page, whose styles are inline, would fetch that stylesheet again.
            { name: 'shared-runtime', test: /vite\/preload-helper|react\/jsx-runtime|jsx-runtime\.production/ },
            { name: 'react', test: /node_modules\/(react|react-dom|scheduler)\// },
            // Each start-up stage (src/main.tsx) and the contribute page in one chunk each, rather than two
            // dozen of a few hundred bytes: gzip cannot share across files what it learnt, so apart they
            // weighed more than the guest pages' budget allows (bench/README.md, case 5).
            { name: 'boot', test: sources(BOOT_STAGE) },
            { name: 'shell', test: sources(SHELL_STAGE) },
            { name: 'ContributePage', test: sources(CONTRIBUTE_PAGE) },
          ],
        },
      },
    },
  },
});
