import { screen } from '@testing-library/react';
import { renderWithProviders } from '../test/renderWithProviders';
import { unauthorized } from '../test/session';
import { startTestServer, type TestServer } from '../test/testServer';

let server: TestServer;
beforeAll(async () => {
  // Nobody is signed in; every other API call 404s: these pages need no data.
  server = await startTestServer(({ url }) => (url === '/api/auth/me' ? unauthorized() : undefined));
});
afterAll(() => server.close());

describe('router', () => {
  it('shows the not-found page for an unknown path', async () => {
    renderWithProviders(undefined, { route: '/no/such/page' });
    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument();
    expect(screen.getByText('Did you forget to add the page to the router?')).toBeInTheDocument();
  });

  it('shows a public page under the top bar', async () => {
    renderWithProviders(undefined, { route: '/event-code' });
    expect(await screen.findByRole('heading', { name: 'Join an Event' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Memory Wall' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/signin');
    // Signed out: only the public tab (TopBar.spec covers each role's tabs).
    expect(screen.getByRole('link', { name: 'Contribute' })).toHaveAttribute('href', '/contribute');
  });

  it('redirects /auth to the sign-in page, which has no Sign In button', async () => {
    renderWithProviders(undefined, { route: '/auth' });
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByRole('link', { name: 'Sign In' })).not.toBeInTheDocument();
  });

  it.each(['/', '/presentation', '/display/event-1'])('renders %s without the top bar', async (route) => {
    renderWithProviders(undefined, { route });
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();
  });
});
