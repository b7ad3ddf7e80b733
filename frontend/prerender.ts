import { createServer, type InlineConfig, type Plugin } from 'vite';
import type * as Render from './src/prerender/render';
import { PRERENDERED_PAGES } from './src/prerender/guestPages';

const ROOT_ELEMENT = '<div id="root"></div>';
const STYLESHEET = /<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g;

/**
 * Writes, beside index.html, one HTML file per guest page of src/prerender/guestPages.ts with the page's
 * first screen already in #root (rendered by React on the server side of a Vite instance with the same
 * plugins and aliases). The app's stylesheets are written into these pages too (about 5 kB compressed),
 * so the first paint waits for no request after the HTML, and so are the default theme's colours. The files join the bundle before it is
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
        const { renderPage: render, defaultThemeAttributes } = (await server.ssrLoadModule('/src/prerender/render.tsx')) as typeof Render;
        const shell = String(index.source)
          .replace(STYLESHEET, (link, fileName: string) => {
            const css = bundle[fileName];
            return css?.type === 'asset' ? `<style>${String(css.source)}</style>` : link;
          })
          .replace(/<html([^>]*)>/, `<html$1 ${defaultThemeAttributes()}>`);
        for (const { route, file } of PRERENDERED_PAGES) {
          const html = await render(route);
          this.emitFile({ type: 'asset', fileName: file, source: shell.replace(ROOT_ELEMENT, `<div id="root">${html}</div>`) });
        }
        // Read by the API (backend/src/common/frontend-pages.ts) to answer each route with its file.
        this.emitFile({ type: 'asset', fileName: 'prerendered.json', source: JSON.stringify(PRERENDERED_PAGES) });
      } finally {
        await server.close();
      }
    },
  };
}
