import { mountApp } from './app/mount';
import './styles.css';

/** Lets the browser run what is waiting (a tap, a frame) before the next stage starts. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve));

/**
 * The app starts in stages, each in a task of its own: React (with this module), then the store's modules
 * (Redux Toolkit and the API slice), then the store with the guest route's chunk and event look-up started,
 * then the router and the app's shell, then the render (in slices, see mountApp). As one task, the
 * modules' evaluation alone blocked a phone's main thread while a guest could already see and tap the
 * prerendered page. The HTML preloads every stage's files with this one (frontend/bootPreloads.ts), so no
 * stage waits for a download.
 */
async function start() {
  await nextTask();
  const [{ makeStore }, { startGuestRoute }, { startLanguage }] = await Promise.all([
    import('./app/store'),
    import('./app/guestBoot'),
    import('./i18n/language'),
  ]);
  await nextTask();
  const store = makeStore();
  startGuestRoute(store.dispatch, window.location);
  startLanguage();
  await nextTask();
  const { BrowserApp } = await import('./app/BrowserApp');
  await nextTask();
  mountApp(document.getElementById('root')!, <BrowserApp store={store} />, window.location.pathname);
}

void start();
