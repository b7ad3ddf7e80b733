import { screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import { Role, type SessionUser } from '@memory-wall/contracts';
import { renderWithProviders } from '../test/renderWithProviders';
import { App } from './App';
import { answerMe, makeUser } from '../test/session';
import { startTestServer, type TestServer } from '../test/testServer';

const session: { user: SessionUser | null } = { user: null };
let server: TestServer;
let holdMe: Promise<void> | null;

beforeEach(async () => {
  session.user = null;
  holdMe = null;
  server = await startTestServer(async (req) => {
    if (req.url === '/api/auth/me' && holdMe) await holdMe;
    if (req.method === 'POST' && req.url === '/api/auth/login') {
      session.user = makeUser(Role.ServiceProvider, { username: 'sam' });
      return { status: 200, body: { user: session.user } };
    }
    return answerMe(session, req);
  });
});
afterEach(() => server.close());

function LocationProbe() {
  return <span data-testid="location">{useLocation().pathname}</span>;
}

describe('route guard', () => {
  it('sends a signed-out visitor on a protected page to the sign-in page', async () => {
    renderWithProviders(undefined, { route: '/events' });

    expect(await screen.findByRole('tab', { name: 'Login' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Sign In' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Your Events' })).not.toBeInTheDocument();
  });

  it('shows a spinner, not the sign-in page, while it does not know who is signed in', async () => {
    let release!: () => void;
    holdMe = new Promise((resolve) => (release = resolve));
    session.user = makeUser(Role.ServiceProvider);
    renderWithProviders(
      <>
        <App />
        <LocationProbe />
      </>,
      { route: '/events' },
    );

    expect(await screen.findByRole('status')).toHaveTextContent('Loading...');
    await waitFor(() => expect(server.requests.map((r) => r.url)).toContain('/api/auth/me'));
    expect(screen.getByTestId('location')).toHaveTextContent('/events');

    release();
    expect(await screen.findByRole('heading', { name: 'Your Events' })).toBeInTheDocument();
  });

  it('takes the visitor back to the page they wanted once they sign in', async () => {
    const { user } = renderWithProviders(undefined, { route: '/events/new' });
    await screen.findByRole('tab', { name: 'Login' });

    await user.type(screen.getByLabelText('Email or Username'), 'sam');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByRole('heading', { name: 'New Event' })).toBeInTheDocument();
  });

  it.each([
    ['a guest', '/admin', Role.Guest],
    ['a customer', '/credits', Role.Customer],
    ['a service provider', '/customer-wall', Role.ServiceProvider],
    ['a customer', '/events/new', Role.Customer],
    ['an owner', '/wall-settings/event-1', Role.Owner],
  ])('shows Access Denied to %s on %s', async (_who, route, role) => {
    session.user = makeUser(role);
    renderWithProviders(undefined, { route });

    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    expect(screen.getByText("You don't have permission to access this page.")).toBeInTheDocument();
  });

  it.each([
    [Role.Owner, '/admin/billing', 'Billing'],
    [Role.ServiceProvider, '/credits', 'Credits'],
    [Role.Customer, '/wall-settings/event-1', 'Wall Settings'],
    [Role.Guest, '/qrcode', 'QR Code'],
    [Role.Guest, '/memories/event-1', 'Memory Wall'],
  ])('lets a %s open %s', async (role, route, heading) => {
    session.user = makeUser(role);
    renderWithProviders(undefined, { route });

    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(screen.queryByText("You don't have permission to access this page.")).not.toBeInTheDocument();
  });

  it('leaves public pages open to signed-out visitors', async () => {
    renderWithProviders(undefined, { route: '/event-code' });
    expect(await screen.findByRole('heading', { name: 'Join an Event' })).toBeInTheDocument();
  });
});
