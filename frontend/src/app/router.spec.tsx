import { screen } from '@testing-library/react';
import { renderWithProviders } from '../test/renderWithProviders';
import { startTestServer, type TestServer } from '../test/testServer';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer(() => undefined); // every API call 404s: these pages need no data
});
afterAll(() => server.close());

describe('router', () => {
  it('shows the not-found page for an unknown path', async () => {
    renderWithProviders(undefined, { route: '/no/such/page' });
    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument();
    expect(screen.getByText('Did you forget to add the page to the router?')).toBeInTheDocument();
  });

  it('shows a placeholder naming a page that is still to come, under the top bar', async () => {
    renderWithProviders(undefined, { route: '/events' });
    expect(await screen.findByRole('heading', { name: 'Your Events' })).toBeInTheDocument();
    expect(screen.getByText('This page is coming soon.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Memory Wall' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/signin');
    for (const tab of ['Wall', 'Contribute', 'QR Code']) {
      expect(screen.getByRole('link', { name: tab })).toBeInTheDocument();
    }
  });

  it('redirects /auth to the sign-in page, which has no Sign In button', async () => {
    renderWithProviders(undefined, { route: '/auth' });
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign In' })).not.toBeInTheDocument();
  });

  it.each(['/', '/presentation', '/display/event-1'])('renders %s without the top bar', async (route) => {
    renderWithProviders(undefined, { route });
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();
  });
});
