import { waitFor } from '@testing-library/react';
import { renderWithProviders } from '../test/renderWithProviders';
import { startTestServer, type TestServer } from '../test/testServer';
import { THEME_STORAGE_KEY } from './theme';

const accent = () => document.documentElement.style.getPropertyValue('--color-accent');
const primary = () => document.documentElement.style.getPropertyValue('--color-primary');

let server: TestServer;
let releaseSettings: () => void;
let serverTheme: string;

beforeEach(async () => {
  localStorage.clear();
  document.documentElement.removeAttribute('style');
  const settingsHeld = new Promise<void>((resolve) => (releaseSettings = resolve));
  server = await startTestServer(async ({ url }) => {
    if (url !== '/api/settings') return undefined;
    await settingsHeld;
    return {
      status: 200,
      body: { settings: { theme: serverTheme, displayOrder: 'newest', itemsVisible: '3', autoRefresh: '30' } },
    };
  });
});
afterEach(async () => {
  releaseSettings();
  await server.close();
});

describe('theme', () => {
  it('starts from the stored theme, then takes the server theme and stores it', async () => {
    localStorage.setItem(THEME_STORAGE_KEY, 'funeral');
    serverTheme = 'wedding';
    renderWithProviders(undefined, { route: '/events' });

    expect(accent()).toBe('#4D938F');
    expect(primary()).toBe('#256B68');
    expect(document.documentElement.dataset.theme).toBe('funeral');

    releaseSettings();
    await waitFor(() => expect(accent()).toBe('#7ECCC8'));
    expect(primary()).toBe('#256B68');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('wedding');
  });

  it('defaults to the wedding theme when nothing is stored', async () => {
    serverTheme = 'funeral';
    renderWithProviders(undefined, { route: '/events' });

    expect(accent()).toBe('#7ECCC8');
    expect(document.documentElement.dataset.theme).toBe('wedding');

    releaseSettings();
    await waitFor(() => expect(accent()).toBe('#4D938F'));
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('funeral');
  });
});
