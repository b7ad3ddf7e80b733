import { screen, waitFor, within } from '@testing-library/react';
import { AuthMessages, Role, type SessionUser } from '@memory-wall/contracts';
import { renderWithProviders } from '../../test/renderWithProviders';
import { answerMe, findToast, makeUser } from '../../test/session';
import { startTestServer, type Reply, type TestServer } from '../../test/testServer';

const session: { user: SessionUser | null } = { user: null };
let server: TestServer;
let profileReply: Reply;
let passwordReply: Reply;

beforeEach(async () => {
  session.user = null;
  profileReply = undefined;
  passwordReply = { status: 200, body: { success: true } };
  server = await startTestServer((req) => {
    const user = session.user;
    if (user && req.method === 'PATCH' && req.url === `/api/users/${user.id}/profile`) {
      if (profileReply) return profileReply;
      const body = req.body as { email?: string; profileData: SessionUser['profileData'] };
      session.user = {
        ...user,
        email: body.email ?? user.email,
        profileData: { ...user.profileData, ...body.profileData },
      };
      return { status: 200, body: { success: true, user: session.user } };
    }
    if (req.method === 'POST' && req.url === '/api/auth/change-password') return passwordReply;
    return answerMe(session, req);
  });
});
afterEach(() => server.close());

const requestsTo = (method: string, url: string) => server.requests.filter((r) => r.method === method && r.url === url);

async function openProfile(user: SessionUser) {
  session.user = user;
  const rendered = renderWithProviders(undefined, { route: '/myprofile' });
  expect(await screen.findByRole('heading', { level: 1, name: 'My Profile' })).toBeInTheDocument();
  return rendered;
}

const card = (title: string) => screen.getByRole('heading', { name: title }).closest('section')!;
/** The value shown for `label` in a read-only list. */
const detail = (section: HTMLElement, label: string) =>
  within(section).getByRole('definition', { name: label }).textContent;

describe('profile page', () => {
  it('shows personal and account information, the customer as Event Organizer', async () => {
    await openProfile(
      makeUser(Role.Customer, {
        username: 'robin',
        email: 'robin@example.com',
        profileData: { fullName: 'Robin Hood', contactNumber: '555-0100' },
      }),
    );

    const personal = card('Personal Information');
    expect(detail(personal, 'Full Name')).toBe('Robin Hood');
    expect(detail(personal, 'Email')).toBe('robin@example.com');
    expect(detail(personal, 'Contact Number')).toBe('555-0100');
    expect(within(personal).queryByRole('definition', { name: 'Company Name' })).not.toBeInTheDocument();
    const account = card('Account Information');
    expect(detail(account, 'Username')).toBe('robin');
    expect(detail(account, 'Role')).toBe('Event Organizer');
    expect(screen.queryByRole('heading', { name: 'Credits' })).not.toBeInTheDocument();
  });

  it("shows a service provider's company and credits, with a way to buy more", async () => {
    await openProfile(makeUser(Role.ServiceProvider, { profileData: { companyName: 'Evergreen Events' } }));

    expect(detail(card('Personal Information'), 'Company Name')).toBe('Evergreen Events');
    expect(detail(card('Account Information'), 'Role')).toBe('Service Provider');
    const credits = card('Credits');
    expect(detail(credits, 'Available Credits')).toBe('7');
    expect(detail(credits, 'Credits Used')).toBe('3');
    expect(detail(credits, 'Credits Purchased')).toBe('0');
    expect(within(credits).getByRole('link', { name: 'Purchase More Credits' })).toHaveAttribute('href', '/credits');
  });

  it('edits the personal information and shows what was saved', async () => {
    const { user } = await openProfile(
      makeUser(Role.ServiceProvider, { id: 'sp-user', email: 'sam@example.com', profileData: { fullName: 'Sam Lee' } }),
    );

    await user.click(screen.getByRole('button', { name: 'Edit' }));
    expect(screen.getByLabelText('Full Name')).toHaveValue('Sam Lee');
    expect(screen.getByLabelText('Company Name')).toHaveValue('Evergreen Events');
    await user.clear(screen.getByLabelText('Full Name'));
    await user.type(screen.getByLabelText('Full Name'), ' Samantha Lee ');
    await user.type(screen.getByLabelText('Contact Number'), '555-0199');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await findToast('Profile Updated')).toBeInTheDocument();
    expect(requestsTo('PATCH', '/api/users/sp-user/profile').map((r) => r.body)).toEqual([
      {
        email: 'sam@example.com',
        profileData: { fullName: 'Samantha Lee', contactNumber: '555-0199', companyName: 'Evergreen Events' },
      },
    ]);
    const personal = card('Personal Information');
    expect(detail(personal, 'Full Name')).toBe('Samantha Lee');
    expect(detail(personal, 'Contact Number')).toBe('555-0199');
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });

  it('puts everything back on Cancel without sending anything', async () => {
    const { user } = await openProfile(makeUser(Role.Customer, { profileData: { fullName: 'Robin Hood' } }));

    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.clear(screen.getByLabelText('Full Name'));
    await user.type(screen.getByLabelText('Full Name'), 'Someone Else');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    expect(detail(card('Personal Information'), 'Full Name')).toBe('Robin Hood');
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    expect(screen.getByLabelText('Full Name')).toHaveValue('Robin Hood');
    expect(server.requests.filter((r) => r.method === 'PATCH')).toHaveLength(0);
  });

  it("keeps the form open with the server's message when saving fails", async () => {
    profileReply = {
      status: 400,
      body: {
        statusCode: 400,
        error: 'Bad Request',
        message: 'Validation failed',
        fields: { email: AuthMessages.emailTaken },
      },
    };
    const { user } = await openProfile(makeUser(Role.Customer));

    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'taken@example.com');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const toast = await findToast('Update Failed');
    expect(within(toast).getByText('Validation failed')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(AuthMessages.emailTaken);
    expect(screen.getByRole('button', { name: 'Save' })).toBeInTheDocument();
  });

  it("falls back to 'Failed to update profile' without a server message", async () => {
    profileReply = { status: 500 };
    const { user } = await openProfile(makeUser(Role.Customer));

    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const toast = await findToast('Update Failed');
    expect(within(toast).getByText('Failed to update profile')).toBeInTheDocument();
  });
});

describe('change password', () => {
  async function openForm(role: Role) {
    const rendered = await openProfile(makeUser(role));
    const toggle = screen.getByRole('button', { name: 'Change Password' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByLabelText('Current Password')).not.toBeInTheDocument();
    await rendered.user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    return rendered;
  }

  async function submit(
    user: Awaited<ReturnType<typeof openForm>>['user'],
    current: string,
    next: string,
    confirm: string,
  ) {
    if (current) await user.type(screen.getByLabelText('Current Password'), current);
    if (next) await user.type(screen.getByLabelText('New Password'), next);
    if (confirm) await user.type(screen.getByLabelText('Confirm New Password'), confirm);
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
  }

  it('opens and closes with the Change Password button', async () => {
    const { user } = await openForm(Role.ServiceProvider);

    expect(screen.getByLabelText('New Password')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(screen.queryByLabelText('New Password')).not.toBeInTheDocument();
  });

  it.each([
    [Role.ServiceProvider, 'short1', 'Password must be at least 8 alphanumeric characters.'],
    [Role.Owner, 'with spaces 123', 'Password must be at least 8 alphanumeric characters.'],
    [Role.Customer, 'abcdef', 'For customers, password must be exactly 6 digits.'],
    [Role.Customer, '12345', 'For customers, password must be exactly 6 digits.'],
  ])("holds a %s's new password %p to their rule", async (role, password, message) => {
    const { user } = await openForm(role);

    await submit(user, 'old-secret', password, password);

    const toast = await findToast('Invalid Password');
    expect(within(toast).getByText(message)).toBeInTheDocument();
    expect(screen.getByLabelText('New Password')).toHaveAccessibleDescription(message);
    expect(requestsTo('POST', '/api/auth/change-password')).toHaveLength(0);
  });

  it('says when the two new passwords differ', async () => {
    const { user } = await openForm(Role.Customer);

    await submit(user, '111111', '123456', '654321');

    const toast = await findToast('Password Mismatch');
    expect(within(toast).getByText('The passwords you entered do not match.')).toBeInTheDocument();
    expect(screen.getByLabelText('Confirm New Password')).toHaveAccessibleDescription(
      'The passwords you entered do not match.',
    );
    expect(screen.getByLabelText('New Password')).not.toHaveAttribute('aria-invalid');
    expect(requestsTo('POST', '/api/auth/change-password')).toHaveLength(0);
  });

  it('changes the password and closes the form', async () => {
    const { user } = await openForm(Role.ServiceProvider);

    await submit(user, 'OldSecret1', 'NewSecret2', 'NewSecret2');

    expect(await findToast('Password Changed')).toBeInTheDocument();
    expect(requestsTo('POST', '/api/auth/change-password').map((r) => r.body)).toEqual([
      { currentPassword: 'OldSecret1', newPassword: 'NewSecret2', confirmPassword: 'NewSecret2' },
    ]);
    await waitFor(() => expect(screen.queryByLabelText('Current Password')).not.toBeInTheDocument());
  });

  it('shows that the current password was wrong', async () => {
    passwordReply = {
      status: 400,
      body: {
        statusCode: 400,
        error: 'Bad Request',
        message: AuthMessages.currentPasswordWrong,
        fields: { currentPassword: AuthMessages.currentPasswordWrong },
      },
    };
    const { user } = await openForm(Role.Customer);

    await submit(user, '000000', '123456', '123456');

    const toast = await findToast('Password Change Failed');
    expect(within(toast).getByText('Current password is incorrect')).toBeInTheDocument();
    expect(screen.getByLabelText('Current Password')).toHaveAccessibleDescription('Current password is incorrect');
  });
});
