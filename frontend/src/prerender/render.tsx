import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { Provider } from 'react-redux';
import { StaticRouter } from 'react-router';
import { App } from '../app/App';
import { makeStore } from '../app/store';
import { DEFAULT_THEME, THEME_COLORS, THEME_STORAGE_KEY } from '../app/theme';

/**
 * The HTML of the app at `url` before anything is known (no session, no event), with every lazy page
 * loaded: what the browser's first render produces, so hydrateRoot adopts it without a change.
 */
export async function renderPage(url: string): Promise<string> {
  const { prelude } = await prerender(
    <StrictMode>
      <Provider store={makeStore()}>
        <StaticRouter location={url}>
          <App />
        </StaticRouter>
      </Provider>
    </StrictMode>,
  );
  return new Response(prelude).text();
}

/**
 * The default theme's attributes for <html>, as applyTheme sets them (app/theme.ts): the prerendered page
 * is painted in the theme's colours before the app runs (and switches a stored other theme then).
 */
export function defaultThemeAttributes(): string {
  const { primary, accent } = THEME_COLORS[DEFAULT_THEME];
  return `data-theme="${DEFAULT_THEME}" style="--color-primary: ${primary}; --color-accent: ${accent};"`;
}

/**
 * A script for the prerendered pages' <head>: it paints them in the theme this browser last had (the one
 * ThemeSync keeps in localStorage, applied as applyTheme does) from their first frame, where the app would
 * switch it only after hydrating. Chromium opens a page's localStorage on its first use with a synchronous
 * call to the browser process; made here, before the first paint, that wait does not block a page the guest
 * can already see and tap.
 */
export function storedThemeScript(): string {
  return (
    `try{const t=localStorage.getItem(${JSON.stringify(THEME_STORAGE_KEY)}),c=${JSON.stringify(THEME_COLORS)}[t],r=document.documentElement;` +
    `if(c){r.dataset.theme=t;r.style.setProperty('--color-primary',c.primary);r.style.setProperty('--color-accent',c.accent)}}catch(e){}`
  );
}
