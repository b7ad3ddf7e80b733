import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { Provider } from 'react-redux';
import { StaticRouter } from 'react-router';
import { App } from '../app/App';
import { makeStore } from '../app/store';
import { DEFAULT_THEME, THEME_COLORS } from '../app/theme';

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
