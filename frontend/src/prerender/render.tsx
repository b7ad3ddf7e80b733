import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { Provider } from 'react-redux';
import { StaticRouter } from 'react-router';
import { App } from '../app/App';
import { makeStore } from '../app/store';

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
