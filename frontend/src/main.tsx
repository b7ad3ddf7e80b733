import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router';
import { App } from './app/App';
import { startGuestRoute } from './app/guestBoot';
import { makeStore } from './app/store';
import { startLanguage } from './i18n/language';
import { isPrerenderedPath } from './prerender/guestPages';
import './styles.css';

const store = makeStore();
startGuestRoute(store.dispatch, window.location);
startLanguage();

const app = (
  <StrictMode>
    <Provider store={store}>
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </Provider>
  </StrictMode>
);
const root = document.getElementById('root')!;
// A guest page arrives with its first screen already painted (frontend/prerender.ts): React adopts it.
if (root.firstChild && isPrerenderedPath(window.location.pathname)) hydrateRoot(root, app);
else createRoot(root).render(app);
