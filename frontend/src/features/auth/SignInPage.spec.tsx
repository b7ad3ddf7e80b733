import { screen, waitFor, within } from '@testing-library/react';
import { AuthMessages, Role, type SessionUser } from '@memory-wall/contracts';
import { LANGUAGE_STORAGE_KEY } from '../../i18n/language';
import { renderWithProviders } from '../../test/renderWithProviders';
import { answerMe, findToast, makeUser } from '../../test/session';
import { startTestServer, type Reply, type TestServer } from '../../test/testServer';

const session: { user: SessionUser | null } = { user: null };
let server: TestServer;
/** The user POST /auth/login or /auth/register signs in; or the reply to send instead. */
let signsIn: SessionUser;
let loginReply: Reply;
let registerReply: Reply;

beforeEach(async () => {
  session.user = null;
  signsIn = makeUser(Role.ServiceProvider, { username: 'sam' });
  loginReply = undefined;
  registerReply = undefined;
  server = await startTestServer((req) => {
    if (req.method === 'POST' && (req.url === '/api/auth/login' || req.url === '/api/auth/register')) {
      const refusal = req.url === '/api/auth/login' ? loginReply : registerReply;
      if (refusal) return refusal;
      session.user = signsIn;
      return { status: req.url === '/api/auth/login' ? 200 : 201, body: { user: signsIn } };
    }
    return answerMe(session, req);
  });
});
afterEach(() => server.close());

const posts = (url: string) => server.requests.filter((r) => r.method === 'POST' && r.url === url);

async function openSignIn(tab: 'Login' | 'Register' = 'Login') {
  const rendered = renderWithProviders(undefined, { route: '/signin' });
  await rendered.user.click(await screen.findByRole('tab', { name: tab }));
  return rendered;
}

describe('login', () => {
  it('asks for both fields before sending anything', async () => {
    const { user } = await openSignIn();

    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(screen.getByLabelText('Email or Username')).toHaveAccessibleDescription(
      AuthMessages.emailOrUsernameRequired,
    );
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(AuthMessages.passwordRequired);
    expect(posts('/api/auth/login')).toHaveLength(0);
  });

  it.each([
    [Role.ServiceProvider, 'Your Events'],
    [Role.Customer, 'Customer Wall'],
    [Role.Owner, 'Admin Dashboard'],
  ])('welcomes a %s back and opens their home page', async (role, heading) => {
    signsIn = makeUser(role, { username: 'robin' });
    const { user } = await openSignIn();

    await user.type(screen.getByLabelText('Email or Username'), ' robin ');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    const toast = await findToast('Login successful');
    expect(within(toast).getByText('Welcome back, robin!')).toBeInTheDocument();
    // No language chosen on this browser: none is sent (the account keeps its own, or its event's for mail).
    expect(posts('/api/auth/login').map((r) => r.body)).toEqual([{ emailOrUsername: 'robin', password: 'secret123' }]);
    expect(screen.getByText('Logged in as robin')).toBeInTheDocument();
  });

  it("sends the language chosen on this browser with the sign-in, to be the account's", async () => {
    signsIn = makeUser(Role.Customer, { username: 'robin' });
    const { user } = await openSignIn();
    // Chosen with the switcher on an earlier visit (kept on this browser).
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'zh');

    await user.type(screen.getByLabelText('Email or Username'), 'robin');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    await waitFor(() => expect(posts('/api/auth/login')).toHaveLength(1));
    expect(posts('/api/auth/login')[0].body).toMatchObject({ language: 'zh' });
  });

  it("toasts the server's message and stays when the credentials are wrong", async () => {
    loginReply = { status: 401, body: { statusCode: 401, error: 'Unauthorized', message: 'Invalid credentials' } };
    const { user } = await openSignIn();

    await user.type(screen.getByLabelText('Email or Username'), 'sam');
    await user.type(screen.getByLabelText('Password'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    const toast = await findToast('Login failed');
    expect(within(toast).getByText('Invalid credentials')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Sign In' })).toBeInTheDocument();
    expect(screen.queryByText(/Logged in as/)).not.toBeInTheDocument();
  });

  it('says why when sign-in attempts are throttled', async () => {
    loginReply = {
      status: 429,
      body: { statusCode: 429, error: 'Too Many Requests', message: AuthMessages.tooManyAttempts },
    };
    const { user } = await openSignIn();

    await user.type(screen.getByLabelText('Email or Username'), 'sam');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    const toast = await findToast('Login failed');
    expect(within(toast).getByText(AuthMessages.tooManyAttempts)).toBeInTheDocument();
  });

  it("falls back to 'Invalid credentials' when the server gives no message", async () => {
    loginReply = { status: 401 };
    const { user } = await openSignIn();

    await user.type(screen.getByLabelText('Email or Username'), 'sam');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    const toast = await findToast('Login failed');
    expect(within(toast).getByText('Invalid credentials')).toBeInTheDocument();
  });

  it('sends someone who is already signed in to their home page', async () => {
    session.user = makeUser(Role.Customer);
    renderWithProviders(undefined, { route: '/signin' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Customer Wall' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Login' })).not.toBeInTheDocument();
  });
});

describe('register', () => {
  async function fillRegistration(
    user: Awaited<ReturnType<typeof openSignIn>>['user'],
    fields: Partial<
      Record<'Username' | 'Email' | 'Full Name' | 'Company Name' | 'Password' | 'Confirm Password', string>
    >,
    role?: 'Guest' | 'Event Organizer' | 'Service Provider',
    serviceTypes: string[] = [],
  ) {
    if (role) await user.click(screen.getByRole('radio', { name: role }));
    for (const [label, value] of Object.entries(fields)) await user.type(screen.getByLabelText(label), value);
    for (const type of serviceTypes) await user.click(screen.getByRole('checkbox', { name: type }));
    await user.click(screen.getByRole('button', { name: 'Register' }));
  }

  it('offers guest, event organizer and service provider, guest first chosen', async () => {
    await openSignIn('Register');

    expect(screen.getByRole('heading', { level: 1, name: 'Create an Account' })).toBeInTheDocument();
    const group = screen.getByRole('group', { name: 'Account Type' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['guest', 'customer', 'service_provider']);
    expect(within(group).getByRole('radio', { name: 'Guest' })).toBeChecked();
    expect(within(group).getByRole('radio', { name: 'Event Organizer' })).not.toBeChecked();
  });

  it('checks username, email and the confirmation before sending anything', async () => {
    const { user } = await openSignIn('Register');

    await fillRegistration(user, {
      Username: 'ab',
      Email: 'not-an-email',
      Password: 'secret1',
      'Confirm Password': 'secret2',
    });

    expect(screen.getByLabelText('Username')).toHaveAccessibleDescription(AuthMessages.usernameTooShort);
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(AuthMessages.emailInvalid);
    expect(screen.getByLabelText('Confirm Password')).toHaveAccessibleDescription('Passwords do not match');
    expect(screen.getByLabelText('Password')).not.toHaveAttribute('aria-invalid');
    expect(posts('/api/auth/register')).toHaveLength(0);
  });

  it('refuses a username that reads as an email before sending anything', async () => {
    const { user } = await openSignIn('Register');

    await fillRegistration(user, {
      Username: 'pat@example.com',
      Email: 'pat@example.com',
      Password: 'secret1',
      'Confirm Password': 'secret1',
    });

    expect(screen.getByLabelText('Username')).toHaveAccessibleDescription(AuthMessages.usernameCharacters);
    expect(posts('/api/auth/register')).toHaveLength(0);
  });

  it.each([
    ['Guest', 'abc12', 'Password must be at least 6 characters'],
    ['Event Organizer', 'abcdef', 'Customer password must be exactly 6 digits'],
    ['Event Organizer', '1234567', 'Customer password must be exactly 6 digits'],
    ['Service Provider', 'abc12345!', 'Password must be at least 8 alphanumeric characters'],
    ['Service Provider', 'abc1234', 'Password must be at least 8 alphanumeric characters'],
  ] as const)('applies the %s password rule to "%s"', async (role, password, message) => {
    const { user } = await openSignIn('Register');

    await fillRegistration(
      user,
      { Username: 'robin', Email: 'robin@example.com', Password: password, 'Confirm Password': password },
      role,
    );

    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(screen.getByLabelText('Confirm Password')).not.toHaveAttribute('aria-invalid');
    expect(posts('/api/auth/register')).toHaveLength(0);
  });

  it('registers an event organizer with the whole request body and opens the customer wall', async () => {
    signsIn = makeUser(Role.Customer, { username: 'robin' });
    const { user } = await openSignIn('Register');

    await fillRegistration(
      user,
      {
        Username: ' robin ',
        Email: 'robin@example.com',
        'Full Name': ' Robin Hood ',
        Password: '123456',
        'Confirm Password': '123456',
      },
      'Event Organizer',
    );

    expect(await screen.findByRole('heading', { level: 1, name: 'Customer Wall' })).toBeInTheDocument();
    expect(await findToast('Registration successful')).toBeInTheDocument();
    expect(posts('/api/auth/register').map((r) => r.body)).toEqual([
      {
        username: 'robin',
        email: 'robin@example.com',
        password: '123456',
        passwordConfirm: '123456',
        role: 'customer',
        profileData: { fullName: 'Robin Hood' },
        language: 'en',
      },
    ]);
  });

  it('registers a guest by default', async () => {
    signsIn = makeUser(Role.Guest, { username: 'gina' });
    const { user } = await openSignIn('Register');

    await fillRegistration(user, {
      Username: 'gina',
      Email: 'gina@example.com',
      Password: 'secret',
      'Confirm Password': 'secret',
    });

    expect(await findToast('Registration successful')).toBeInTheDocument();
    expect(posts('/api/auth/register').map((r) => r.body)).toEqual([
      {
        username: 'gina',
        email: 'gina@example.com',
        password: 'secret',
        passwordConfirm: 'secret',
        role: 'guest',
        profileData: {},
        language: 'en',
      },
    ]);
  });

  it("shows the server's field messages inline and toasts its message", async () => {
    registerReply = {
      status: 400,
      body: {
        statusCode: 400,
        error: 'Bad Request',
        message: 'Username is already taken',
        fields: { username: AuthMessages.usernameTaken, email: AuthMessages.emailTaken },
      },
    };
    const { user } = await openSignIn('Register');

    await fillRegistration(
      user,
      {
        Username: 'robin',
        Email: 'robin@example.com',
        'Company Name': 'Robin Events',
        Password: 'Secret123',
        'Confirm Password': 'Secret123',
      },
      'Service Provider',
      ['Weddings'],
    );

    const toast = await findToast('Registration failed');
    expect(within(toast).getByText('Username is already taken')).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveAccessibleDescription(AuthMessages.usernameTaken);
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(AuthMessages.emailTaken);
    expect(screen.getByRole('heading', { level: 1, name: 'Create an Account' })).toBeInTheDocument();
  });

  it('asks a service provider for its company name and service types, and sends them', async () => {
    signsIn = makeUser(Role.ServiceProvider, { username: 'pat' });
    const { user } = await openSignIn('Register');
    // Only providers are asked.
    expect(screen.queryByLabelText('Company Name')).not.toBeInTheDocument();

    await fillRegistration(
      user,
      { Username: 'pat', Email: 'pat@example.com', Password: 'Secret123', 'Confirm Password': 'Secret123' },
      'Service Provider',
    );
    expect(screen.getByLabelText('Company Name')).toHaveAccessibleDescription(AuthMessages.companyNameRequired);
    expect(screen.getByRole('group', { name: 'Service Types' })).toHaveAccessibleDescription(
      `The events you run: choose at least one. ${AuthMessages.serviceTypesRequired}`,
    );
    expect(posts('/api/auth/register')).toHaveLength(0);

    await fillRegistration(user, { 'Company Name': ' Pat Events ' }, undefined, ['Memorials', 'General events']);

    expect(await findToast('Registration successful')).toBeInTheDocument();
    expect(posts('/api/auth/register').map((r) => r.body)).toEqual([
      {
        username: 'pat',
        email: 'pat@example.com',
        password: 'Secret123',
        passwordConfirm: 'Secret123',
        role: 'service_provider',
        profileData: { companyName: 'Pat Events', serviceTypes: ['memorial', 'general'] },
        language: 'en',
      },
    ]);
  });

  it("shows the server's refusal of the company and service types inline", async () => {
    registerReply = {
      status: 400,
      body: {
        statusCode: 400,
        error: 'Bad Request',
        message: AuthMessages.serviceTypeInvalid,
        fields: { 'profileData.serviceTypes': AuthMessages.serviceTypeInvalid },
      },
    };
    const { user } = await openSignIn('Register');
    await fillRegistration(
      user,
      {
        Username: 'pat',
        Email: 'pat@example.com',
        'Company Name': 'Pat Events',
        Password: 'Secret123',
        'Confirm Password': 'Secret123',
      },
      'Service Provider',
      ['Weddings'],
    );
    expect(await findToast('Registration failed')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Service Types' })).toHaveAccessibleDescription(
      `The events you run: choose at least one. ${AuthMessages.serviceTypeInvalid}`,
    );
  });
});
