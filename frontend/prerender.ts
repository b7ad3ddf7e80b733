import { createHash } from 'node:crypto';
import { createServer, type InlineConfig, type Plugin } from 'vite';
import type * as Render from './src/prerender/render';
import { PRERENDERED_PAGES } from './src/prerender/guestPages';

const ROOT_ELEMENT = '<div id="root"></div>';
const STYLESHEET = /<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g;
/** The app's entry script and the modules it preloads, as Vite writes them into index.html's head. */
const APP_SCRIPTS = /(?:\s*<script type="module"[^>]*><\/script>|\s*<link rel="modulepreload"[^>]*>)+/;
const APP_SCRIPTS_TEMPLATE = 'app-scripts';

/**
 * Starts the app once the prerendered page has been painted. Run right away, the app's modules (already
 * downloaded on a fast link) would be evaluated before the first frame, which would then wait for them:
 * on a slow phone the page's heading would appear only after the whole bundle arrived and ran. A hidden
 * tab paints no frame, so there it starts at once. Its hash is in the pages' Content-Security-Policy
 * (the build writes it into the manifest the API reads).
 */
const START_APP_AFTER_FIRST_PAINT =
  `addEventListener('DOMContentLoaded',function(){` +
  `var start=function(){document.head.appendChild(document.importNode(document.getElementById('${APP_SCRIPTS_TEMPLATE}').content,true))};` +
  `document.hidden?start():requestAnimationFrame(function(){setTimeout(start)})})`;

/** The page's script tags, kept inert in a template until START_APP_AFTER_FIRST_PAINT adds them to the page. */
function startAppAfterFirstPaint(html: string): string {
  if (!APP_SCRIPTS.test(html)) throw new Error('index.html has no module script to defer');
  return html.replace(
    APP_SCRIPTS,
    (tags) =>
      `\n    <template id="${APP_SCRIPTS_TEMPLATE}">${tags.trim()}</template>\n    <script>${START_APP_AFTER_FIRST_PAINT}</script>`,
  );
}

/** A CSP source that allows exactly this inline script. */
function scriptHash(script: string): string {
  return `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
}

/**
 * Writes, beside index.html, one HTML file per guest page of src/prerender/guestPages.ts with the page's
 * first screen already in #root (rendered by React on the server side of a Vite instance with the same
 * plugins and aliases). The app's stylesheets are written into these pages too (about 5 kB compressed),
 * so the first paint waits for no request after the HTML, and so are the default theme's colours, replaced
 * before that paint by the visitor's stored theme (storedThemeScript in src/prerender/render.tsx). The app's
 * scripts start after that first paint (START_APP_AFTER_FIRST_PAINT). The files join the bundle before it is
 * written, so they are compressed and precached like the rest.
 */
export function prerenderGuestPages(ssrConfig: InlineConfig): Plugin {
  return {
    name: 'memory-wall:prerender-guest-pages',
    apply: 'build',
    enforce: 'post',
    async generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (index?.type !== 'asset' || !String(index.source).includes(ROOT_ELEMENT)) {
        this.error(`index.html has no ${ROOT_ELEMENT} to render the guest pages into`);
      }
      const server = await createServer({
        ...ssrConfig,
        configFile: false,
        logLevel: 'error',
        appType: 'custom',
        server: { middlewareMode: true, hmr: false, ws: false },
      });
      try {
        const {
          renderPage: render,
          defaultThemeAttributes,
          storedThemeScript,
        } = (await server.ssrLoadModule('/src/prerender/render.tsx')) as typeof Render;
        const themeScript = storedThemeScript();
        const shell = startAppAfterFirstPaint(String(index.source))
          .replace('</title>', `</title>\n    <script>${themeScript}</script>`)
          .replace(STYLESHEET, (link, fileName: string) => {
            const css = bundle[fileName];
            return css?.type === 'asset' ? `<style>${String(css.source)}</style>` : link;
          })
          .replace(/<html([^>]*)>/, `<html$1 ${defaultThemeAttributes()}>`);
        for (const { route, file } of PRERENDERED_PAGES) {
          const html = await render(route);
          this.emitFile({
            type: 'asset',
            fileName: file,
            source: shell.replace(ROOT_ELEMENT, `<div id="root">${html}</div>`),
          });
        }
        // Read by the API (backend/src/common/frontend-pages.ts) to answer each route with its file and to
        // allow the pages' inline scripts.
        const manifest = {
          pages: PRERENDERED_PAGES,
          scriptSources: [scriptHash(themeScript), scriptHash(START_APP_AFTER_FIRST_PAINT)],
        };
        this.emitFile({ type: 'asset', fileName: 'prerendered.json', source: JSON.stringify(manifest) });
      } finally {
        await server.close();
      }
    },
  };
}
