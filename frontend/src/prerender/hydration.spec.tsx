import { setImmediate } from 'node:timers';
import { act, screen } from '@testing-library/react';
import type { Root } from 'react-dom/client';
import { Language } from '@memory-wall/contracts';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { App } from '../app/App';
import { startGuestRoute } from '../app/guestBoot';
import { mountApp } from '../app/mount';
import { makeStore } from '../app/store';
import { setLanguage } from '../i18n';
import { makeEvent } from '../test/fixtures';
import { answerMe } from '../test/session';
import { startTestServer, type TestServer } from '../test/testServer';

/**
 * The build's HTML for `route`, rendered by its own copies of React and the app's modules, as the build
 * does in its own process (one realm running both React's server and client renderers mixes their context values).
 */
async function renderPage(route: string): Promise<string> {
  let html = '';
  await jest.isolateModulesAsync(async () => {
    html = await (await import('./render')).renderPage(route);
  });
  return html;
}

// react-dom/static's Node build (as the build runs it) schedules with setImmediate, which jsdom lacks.
Object.assign(globalThis, { setImmediate });

const EVENT_ID = '6f1c1c5e-8d0a-4f3e-9a57-2b7f0e4c9d11';
const event = makeEvent({ id: EVENT_ID, name: 'Anna & Ben' });
const CHINESE_EVENT_ID = '0b3f6a2e-5c1d-4e8f-9a7b-6c2d1e0f3a44';
const chineseEvent = makeEvent({ id: CHINESE_EVENT_ID, name: '李雷和韩梅梅', defaultLanguage: Language.Zh });

let server: TestServer;
let root: Root | undefined;
let container: HTMLElement;

beforeEach(async () => {
  server = await startTestServer((req) => {
    if (req.method === 'GET' && req.url === `/api/events/public/${EVENT_ID}`) return { status: 200, body: { event } };
    if (req.method === 'GET' && req.url === `/api/events/public/${CHINESE_EVENT_ID}`)
      return { status: 200, body: { event: chineseEvent } };
    return answerMe({ user: null }, req);
  });
  container = document.body.appendChild(document.createElement('div'));
});
afterEach(async () => {
  act(() => root?.unmount());
  await act(() => setLanguage(Language.En));
  container.remove();
  await server.close();
});

/**
 * What a guest's browser does with a prerendered page (src/main.tsx): the build's HTML in #root, the
 * guest route started, then mountApp, which hydrates it. React reports any difference between the HTML
 * and the app's first render as a recoverable error (and then throws the HTML away and renders anew: the
 * page jumps).
 */
async function hydrate(route: string, prerenderedAs: string): Promise<unknown[]> {
  container.innerHTML = await renderPage(prerenderedAs);
  const store = makeStore();
  const [pathname, search = ''] = route.split('?');
  startGuestRoute(store.dispatch, { pathname, search: search && `?${search}` });
  const mismatches: unknown[] = [];
  await act(async () => {
    root = mountApp(
      container,
      <Provider store={store}>
        <MemoryRouter initialEntries={[route]}>
          <App />
        </MemoryRouter>
      </Provider>,
      pathname,
      { onRecoverableError: (error) => mismatches.push(error) },
    );
  });
  return mismatches;
}

describe('prerendered guest pages', () => {
  it("renders each page's first screen with its heading", async () => {
    expect(await renderPage('/event-code')).toContain('<h1 class="card-title">Join an Event</h1>');
    expect(await renderPage('/contribute')).toContain('<h1 class="card-title">Share Your Memory</h1>');
  });

  it('hydrates /event-code without a mismatch', async () => {
    const mismatches = await hydrate('/event-code', '/event-code');
    const input = await screen.findByLabelText('Event Code');
    expect(mismatches).toEqual([]);
    // The prerendered input is the one the app now drives.
    expect(container.contains(input)).toBe(true);
  });

  it('hydrates /contribute/{id} without a mismatch, then shows the form for the event', async () => {
    const mismatches = await hydrate(`/contribute/${EVENT_ID}`, '/contribute');
    const prerenderedHeading = screen.getByRole('heading', { level: 1, name: 'Share Your Memory' });
    expect(
      await screen.findByText('Share a message, a photo or a drawing for Anna & Ben.', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(mismatches).toEqual([]);
    expect(screen.getByRole('heading', { level: 1, name: 'Share Your Memory' })).toBeInTheDocument();
    expect(prerenderedHeading.isConnected).toBe(true);
  });

  it('hydrates /event-code in English for a guest whose Chinese is already loaded, then shows Chinese', async () => {
    await act(() => setLanguage(Language.Zh));
    const mismatches = await hydrate('/event-code', '/event-code');
    const input = await screen.findByLabelText('活动代码');
    expect(mismatches).toEqual([]);
    expect(container.contains(input)).toBe(true);
  });

  it("hydrates a Chinese event's /contribute/{id} in English without a mismatch, then turns to Chinese", async () => {
    const mismatches = await hydrate(`/contribute/${CHINESE_EVENT_ID}`, '/contribute');
    const prerenderedHeading = screen.getByRole('heading', { level: 1 });
    expect(
      await screen.findByText('为李雷和韩梅梅分享一段留言、一张照片或一幅画。', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(mismatches).toEqual([]);
    expect(screen.getByRole('heading', { level: 1, name: '分享您的回忆' })).toBe(prerenderedHeading);
    expect(document.documentElement.lang).toBe('zh');
  });
});
