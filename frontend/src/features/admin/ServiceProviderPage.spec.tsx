import { screen, waitFor, within } from '@testing-library/react';
import {
  AuthMessages,
  CreditMessages,
  EventStatus,
  EventType,
  Role,
  type AdminServiceProvider,
  type HostEvent,
  type SessionUser,
} from '@memory-wall/contracts';
import { renderWithProviders } from '../../test/renderWithProviders';
import { answerMe, findToast, makeUser } from '../../test/session';
import { startTestServer, type Reply, type TestServer } from '../../test/testServer';
import { makeHostEvent } from '../../test/fixtures';
import { makeProvider } from './fixtures';

const session: { user: SessionUser | null } = { user: null };
let server: TestServer;
let provider: AdminServiceProvider;
let events: HostEvent[];
let resetReply: Reply;

beforeEach(async () => {
  session.user = makeUser(Role.Owner);
  provider = makeProvider({
    companyName: 'Evergreen Events',
    serviceTypes: ['wedding', 'memorial'],
    verified: true,
    createdAt: '2025-03-10T12:00:00.000Z',
    updatedAt: '2025-06-20T12:00:00.000Z',
    userData: {
      email: 'pat@evergreen.example',
      username: 'pat_planner',
      profileData: { fullName: 'Pat Planner', phoneNumber: '555-0100' },
    },
    activeEventsCount: 1,
    totalEventsCount: 2,
    totalContributionsCount: 31,
  });
  events = [];
  resetReply = { status: 200, body: { success: true } };
  server = await startTestServer((req) => {
    const base = `/api/admin/service-providers/${provider.id}`;
    if (req.url.startsWith('/api/admin/service-providers/') && !req.url.startsWith(base)) {
      return { status: 404, body: { statusCode: 404, error: 'Not Found', message: CreditMessages.providerNotFound } };
    }
    if (req.method === 'GET' && req.url === base) return { status: 200, body: { serviceProvider: provider } };
    if (req.method === 'GET' && req.url === `${base}/events`) return { status: 200, body: { events } };
    if (req.method === 'POST' && req.url === `${base}/reset-password`) return resetReply;
    return answerMe(session, req);
  });
});
afterEach(() => server.close());

async function openProvider(id = provider.id) {
  const rendered = renderWithProviders(undefined, { route: `/admin/service-providers/${id}` });
  // The first test of a run also waits for the page's module to be compiled.
  await screen.findByRole('heading', { level: 1 }, { timeout: 10_000 });
  return rendered;
}

const card = (title: string) => screen.getByRole('heading', { name: title }).closest('section')!;
const detail = (section: HTMLElement, label: string) =>
  within(section).getByRole('definition', { name: label }).textContent;
const resetRequests = () => server.requests.filter((r) => r.method === 'POST' && r.url.endsWith('/reset-password'));

describe('provider detail', () => {
  it('shows the header, the details, the activity and the events of the provider', async () => {
    events = [
      makeHostEvent({
        id: 'ev-9',
        name: 'Garden Wedding',
        eventType: EventType.Wedding,
        status: EventStatus.Live,
        eventDate: '2025-08-16T12:00:00.000Z',
        contributionsCount: 30,
      }),
      makeHostEvent({
        name: 'Memorial for Ann',
        eventType: EventType.Memorial,
        status: EventStatus.Draft,
        contributionsCount: 1,
      }),
    ];
    await openProvider();

    expect(screen.getByRole('heading', { level: 1, name: 'Evergreen Events' })).toBeInTheDocument();
    expect(screen.getByText('Member since Mar 10, 2025')).toBeInTheDocument();
    const details = card('Provider Details');
    expect(detail(details, 'Company Name')).toBe('Evergreen Events');
    expect(detail(details, 'Contact Person')).toBe('Pat Planner');
    expect(detail(details, 'Email')).toBe('pat@evergreen.example');
    expect(detail(details, 'Phone Number')).toBe('555-0100');
    expect(detail(details, 'Service Types')).toBe('Wedding, Memorial');
    expect(detail(details, 'Verification')).toBe('Verified');
    const activity = card('Activity');
    expect(detail(activity, 'Total Events')).toBe('2');
    expect(detail(activity, 'Active Events')).toBe('1');
    expect(detail(activity, 'Total Contributions')).toBe('31');
    expect(detail(activity, 'Last Activity')).toBe('Jun 20, 2025');

    const table = await screen.findByRole('table', { name: 'Events' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => Array.from((row as HTMLTableRowElement).cells, (c) => c.textContent))).toEqual([
      ['Garden Wedding', 'Wedding', 'Live', 'Aug 16, 2025', '30', 'View'],
      ['Memorial for Ann', 'Memorial', 'Draft', 'Not specified', '1', 'View'],
    ]);
    expect(within(rows[0]).getByRole('link', { name: 'View Garden Wedding' })).toHaveAttribute('href', '/events/ev-9');
  });

  it("says 'Not Verified' and 'No events found for this service provider'", async () => {
    provider = { ...provider, verified: false };
    await openProvider();

    expect(detail(card('Provider Details'), 'Verification')).toBe('Not Verified');
    expect(await screen.findByText('No events found for this service provider')).toBeInTheDocument();
  });

  it("says 'Service Provider Not Found' for an unknown provider", async () => {
    await openProvider('6f1c1e8e-0000-4000-8000-999999999999');

    expect(screen.getByRole('heading', { level: 1, name: 'Service Provider Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back to Admin Dashboard/ })).toHaveAttribute('href', '/admin');
  });
});

describe('reset password dialog', () => {
  async function openDialog() {
    const rendered = await openProvider();
    await rendered.user.click(screen.getByRole('button', { name: 'Reset Password' }));
    const dialog = screen.getByRole('dialog', { name: 'Reset Password for Evergreen Events' });
    expect(within(dialog).getByLabelText('New Password')).toHaveFocus();
    return { ...rendered, dialog };
  }

  it.each(['short1', 'with spaces 123', ''])(
    'refuses %p as a new password without asking the server',
    async (password) => {
      const { user, dialog } = await openDialog();

      if (password) await user.type(within(dialog).getByLabelText('New Password'), password);
      if (password) await user.type(within(dialog).getByLabelText('Confirm Password'), password);
      await user.click(within(dialog).getByRole('button', { name: 'Reset Password' }));

      const toast = await findToast('Invalid Password');
      expect(within(toast).getByText(AuthMessages.ownPasswordAlphanumeric)).toBeInTheDocument();
      expect(within(dialog).getByLabelText('New Password')).toHaveAccessibleDescription(
        `At least 8 letters and digits. ${AuthMessages.ownPasswordAlphanumeric}`,
      );
      expect(resetRequests()).toHaveLength(0);
    },
  );

  it('says when the two passwords differ', async () => {
    const { user, dialog } = await openDialog();

    await user.type(within(dialog).getByLabelText('New Password'), 'NewSecret22');
    await user.type(within(dialog).getByLabelText('Confirm Password'), 'NewSecret23');
    await user.click(within(dialog).getByRole('button', { name: 'Reset Password' }));

    const toast = await findToast('Password Mismatch');
    expect(within(toast).getByText('The passwords you entered do not match.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Confirm Password')).toHaveAccessibleDescription(
      'The passwords you entered do not match.',
    );
    expect(resetRequests()).toHaveLength(0);
  });

  it("resets the provider's password and closes", async () => {
    const { user, dialog } = await openDialog();

    await user.type(within(dialog).getByLabelText('New Password'), 'NewSecret22');
    await user.type(within(dialog).getByLabelText('Confirm Password'), 'NewSecret22');
    await user.click(within(dialog).getByRole('button', { name: 'Reset Password' }));

    expect(await findToast('Password Reset')).toBeInTheDocument();
    expect(resetRequests().map((r) => r.body)).toEqual([{ newPassword: 'NewSecret22' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("shows the server's refusal, or 'Failed to reset password'", async () => {
    resetReply = { status: 500 };
    const { user, dialog } = await openDialog();

    await user.type(within(dialog).getByLabelText('New Password'), 'NewSecret22');
    await user.type(within(dialog).getByLabelText('Confirm Password'), 'NewSecret22');
    await user.click(within(dialog).getByRole('button', { name: 'Reset Password' }));

    expect(await findToast('Failed to reset password')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('closes on Cancel without sending anything', async () => {
    const { user, dialog } = await openDialog();

    await user.type(within(dialog).getByLabelText('New Password'), 'NewSecret22');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(resetRequests()).toHaveLength(0);
  });
});
