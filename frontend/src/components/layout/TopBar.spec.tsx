import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  DEFAULT_CUSTOMER_PERMISSIONS,
  Language,
  Role,
  type CustomerPermissions,
  type SessionUser,
} from '@memory-wall/contracts';
import { setLanguage } from '../../i18n';
import { LANGUAGE_STORAGE_KEY } from '../../i18n/language';
import { renderWithProviders } from '../../test/renderWithProviders';
import { answerMe, findToast, makeUser } from '../../test/session';
import { startTestServer, type Reply, type TestServer } from '../../test/testServer';

const session: { user: SessionUser | null } = { user: null };
let server: TestServer;
let events: { id: string; name: string; status: string; permissions?: CustomerPermissions }[];
let logoutReply: Reply;
let holdLogout: Promise<void> | null;

beforeEach(async () => {
  session.user = null;
  events = [];
  logoutReply = { status: 200, body: { success: true } };
  holdLogout = null;
  server = await startTestServer(async (req) => {
    if (req.method === 'GET' && req.url === '/api/events') return { status: 200, body: { success: true, events } };
    if (req.method === 'POST' && req.url === '/api/auth/logout') {
      if (holdLogout) await holdLogout;
      if (logoutReply?.status === 200) session.user = null;
      return logoutReply;
    }
    return answerMe(session, req);
  });
});
afterEach(() => server.close());

const tabs = () =>
  within(screen.getByRole('navigation', { name: 'Main navigation' }))
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);

async function renderSignedIn(user: SessionUser, route = '/contribute') {
  session.user = user;
  const rendered = renderWithProviders(undefined, { route });
  await screen.findByText(`Logged in as ${user.username}`);
  return rendered;
}

describe('top bar', () => {
  it('offers Sign In and only the public tabs to a signed-out visitor: none leads to the sign-in page', async () => {
    renderWithProviders(undefined, { route: '/event-code' });

    expect(await screen.findByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/signin');
    expect(tabs()).toEqual([['Contribute', '/contribute']]);
    expect(screen.queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
  });

  it.each([
    [
      Role.ServiceProvider,
      [
        ['Events', '/events'],
        ['Account', '/credits'],
      ],
    ],
    [
      Role.Owner,
      [
        ['Admin Dashboard', '/admin'],
        ['Billing', '/admin/billing'],
        ['Queues', '/admin/queues'],
      ],
    ],
    [
      Role.Guest,
      [
        ['Wall', '/dashboard'],
        ['Contribute', '/contribute'],
        ['QR Code', '/qrcode'],
      ],
    ],
  ])('shows a %s their tabs', async (role, expected) => {
    await renderSignedIn(makeUser(role));
    expect(tabs()).toEqual(expected);
  });

  it('gives a customer Contribute and Moderation tabs to their newest event', async () => {
    events = [
      { id: 'newest', name: 'Second wedding', status: 'live', permissions: DEFAULT_CUSTOMER_PERMISSIONS },
      { id: 'older', name: 'First wedding', status: 'completed', permissions: DEFAULT_CUSTOMER_PERMISSIONS },
    ];
    await renderSignedIn(makeUser(Role.Customer));

    expect(await screen.findByRole('link', { name: 'Moderation' })).toBeInTheDocument();
    expect(tabs()).toEqual([
      ['Wall', '/customer-wall'],
      ['Contribute', '/contribute/newest'],
      ['QR Code', '/qrcode'],
      ['Moderation', '/events/newest/moderation'],
    ]);
  });

  it('hides Moderation from a customer whose planner took moderation away', async () => {
    events = [
      {
        id: 'newest',
        name: 'Second wedding',
        status: 'live',
        permissions: { ...DEFAULT_CUSTOMER_PERMISSIONS, canModerate: false },
      },
    ];
    await renderSignedIn(makeUser(Role.Customer));

    // Once the event is known (Contribute leads to it), there is still no Moderation tab.
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Contribute' })).toHaveAttribute('href', '/contribute/newest'),
    );
    expect(tabs().map(([name]) => name)).toEqual(['Wall', 'Contribute', 'QR Code']);
  });

  it('hides Moderation from a customer without an event', async () => {
    await renderSignedIn(makeUser(Role.Customer));

    await waitFor(() => expect(server.requests.some((r) => r.url === '/api/events')).toBe(true));
    expect(tabs()).toEqual([
      ['Wall', '/customer-wall'],
      ['Contribute', '/contribute'],
      ['QR Code', '/qrcode'],
    ]);
  });

  it('does not ask for events for anyone but a customer', async () => {
    await renderSignedIn(makeUser(Role.ServiceProvider));
    expect(server.requests.filter((r) => r.url === '/api/events')).toHaveLength(0);
  });

  it.each([Role.Owner, Role.ServiceProvider, Role.Customer])('gives a %s a profile button', async (role) => {
    const user = makeUser(role);
    await renderSignedIn(user);

    expect(screen.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/myprofile');
    expect(screen.getByText(`Logged in as ${user.username}`)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign In' })).not.toBeInTheDocument();
  });

  it('gives a guest no profile button', async () => {
    await renderSignedIn(makeUser(Role.Guest, { username: 'gina' }));

    expect(screen.getByText('Logged in as gina')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Profile' })).not.toBeInTheDocument();
  });
});

describe('logout', () => {
  it('covers the screen while it runs, ends the session, forgets the user and goes home', async () => {
    let release!: () => void;
    holdLogout = new Promise((resolve) => (release = resolve));
    const { user } = await renderSignedIn(makeUser(Role.ServiceProvider, { username: 'sam' }), '/events');
    expect(await screen.findByRole('heading', { name: 'Your Events' })).toBeInTheDocument();
    // The events list has loaded, so the only status on screen below is the logout overlay.
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Logout' }));

    expect(screen.getByRole('status')).toHaveTextContent('Logging out...');
    await waitFor(() => expect(server.requests.filter((r) => r.url === '/api/auth/logout')).toHaveLength(1));
    expect(server.requests.find((r) => r.url === '/api/auth/logout')?.method).toBe('POST');

    release();
    const toast = await findToast('Logged out');
    expect(within(toast).getByText('You have been successfully logged out')).toBeInTheDocument();

    // Home is the landing page, whose Dashboard link now says nobody is signed in: the cached user is gone.
    // The landing page is a lazy chunk, compiled on its first use in a run: room for a busy machine.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Share Memories That Last Forever' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/signin');
    expect(screen.queryByText('Logging out...')).not.toBeInTheDocument();
    expect(screen.queryByText('Logged in as sam')).not.toBeInTheDocument();
  });

  it('refetches who is signed in after logging out instead of trusting the cache', async () => {
    const { user } = await renderSignedIn(makeUser(Role.ServiceProvider), '/contribute');
    const meCalls = () => server.requests.filter((r) => r.url === '/api/auth/me').length;
    const before = meCalls();

    await user.click(screen.getByRole('button', { name: 'Logout' }));

    await waitFor(() => expect(meCalls()).toBeGreaterThan(before));
    // The landing page is a lazy chunk, compiled on its first use in a run: room for a busy machine.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Share Memories That Last Forever' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
  });

  it('says so and stays signed in when logging out fails', async () => {
    logoutReply = {
      status: 500,
      body: { statusCode: 500, error: 'Internal Server Error', message: 'Something broke' },
    };
    const { user } = await renderSignedIn(makeUser(Role.Owner, { username: 'olivia' }), '/admin');

    await user.click(screen.getByRole('button', { name: 'Logout' }));

    expect(await findToast('Logout failed')).toBeInTheDocument();
    expect(screen.queryByText('Logging out...')).not.toBeInTheDocument();
    expect(screen.getByText('Logged in as olivia')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeInTheDocument();
  });
});

describe('language and menu', () => {
  afterEach(async () => {
    localStorage.clear();
    await act(() => setLanguage(Language.En));
  });

  it('switches the language from the top bar and remembers the choice', async () => {
    renderWithProviders(undefined, { route: '/contribute' });
    const select = await screen.findByRole('combobox', { name: 'Language' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['English', '中文', 'Español', 'Français', 'Deutsch']);
    fireEvent.change(select, { target: { value: 'es' } });
    expect(await screen.findByRole('combobox', { name: 'Idioma' })).toHaveValue('es');
    const nav = screen.getByRole('navigation', { name: 'Navegación principal' });
    expect(await within(nav).findByRole('link', { name: 'Participar' })).toBeInTheDocument();
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('es');
    expect(document.documentElement.lang).toBe('es');
    // Nobody is signed in: there is no account to keep it for.
    expect(server.requests.filter((r) => r.url === '/api/users/me/language')).toEqual([]);
  });

  it("keeps a signed-in user's choice as theirs, for their mail", async () => {
    await renderSignedIn(makeUser(Role.ServiceProvider));
    fireEvent.change(screen.getByRole('combobox', { name: 'Language' }), { target: { value: 'de' } });
    await waitFor(() =>
      expect(server.requests.filter((r) => r.url === '/api/users/me/language').map((r) => [r.method, r.body])).toEqual([
        ['PUT', { language: 'de' }],
      ]),
    );
  });

  it('opens and closes the menu that holds the tabs on a phone, and closes it when a tab is followed', async () => {
    await renderSignedIn(makeUser(Role.Owner), '/admin');
    const menu = screen.getByRole('button', { name: 'Menu' });
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    fireEvent.click(screen.getByRole('link', { name: 'Billing' }));
    await waitFor(() => expect(menu).toHaveAttribute('aria-expanded', 'false'));
  });
});
