import { screen, waitFor, within } from '@testing-library/react';
import { DEFAULT_CUSTOMER_PERMISSIONS, EventMessages, type EventCustomer } from '@memory-wall/contracts';
import '../../i18n';
import { AppToaster } from '../../components/ui/toast';
import { PAGE_LOAD, renderWithProviders } from '../../test/renderWithProviders';
import { findToast } from '../../test/session';
import { startTestServer, type Reply, type TestServer } from '../../test/testServer';
import { COPIED_MS } from './CopyButton';
import { CustomerCredentialsPanel } from './CustomerCredentialsPanel';

let server: TestServer;
let customers: EventCustomer[];
let listReply: Reply;
let addReply: Reply;
let resetReply: Reply;
let permissionsReply: Reply;

beforeEach(async () => {
  customers = [
    {
      id: 'c-1',
      fullName: 'Anna Smith',
      username: 'anna_ben',
      email: 'anna@example.com',
      permissions: DEFAULT_CUSTOMER_PERMISSIONS,
    },
  ];
  permissionsReply = undefined;
  listReply = undefined;
  addReply = undefined;
  resetReply = undefined;
  server = await startTestServer((req) => {
    if (req.method === 'GET' && req.url === '/api/events/e-1/customer')
      return listReply ?? { status: 200, body: { success: true, customers } };
    if (req.method === 'POST' && req.url === '/api/events/e-1/customer') {
      if (addReply) return addReply;
      const body = req.body as Record<string, string>;
      const customer = {
        id: 'c-2',
        fullName: body.customerName,
        username: body.customerUsername,
        email: body.customerEmail,
        permissions: DEFAULT_CUSTOMER_PERMISSIONS,
      };
      customers = [...customers, customer];
      return { status: 201, body: { success: true, customer, password: body.customerPassword } };
    }
    if (req.method === 'PATCH' && req.url === '/api/events/e-1/customer/c-1') {
      if (permissionsReply) return permissionsReply;
      const [customer] = customers;
      const changed = { ...customer, permissions: { ...customer.permissions, ...(req.body as object) } };
      customers = [changed];
      return { status: 200, body: { success: true, customer: changed } };
    }
    if (req.method === 'PATCH' && req.url === '/api/users/c-1/reset-password')
      return resetReply ?? { status: 200, body: { success: true } };
    return undefined;
  });
});
afterEach(() => server.close());

async function openPanel() {
  const rendered = renderWithProviders(
    <>
      <CustomerCredentialsPanel eventId="e-1" />
      <AppToaster />
    </>,
  );
  expect(await screen.findByRole('heading', { name: 'Customer Credentials' }, PAGE_LOAD)).toBeInTheDocument();
  return rendered;
}

const rows = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .slice(0, 3)
        .map((cell) => cell.textContent?.replace('Copy', '').trim()),
    );
const requests = (method: string) => server.requests.filter((r) => r.method === method);

async function fillAddForm(user: Awaited<ReturnType<typeof openPanel>>['user'], values: Record<string, string>) {
  const form = screen.getByRole('form', { name: 'Add Customer' });
  for (const [label, value] of Object.entries(values)) {
    if (value) await user.type(within(form).getByLabelText(label, { exact: true }), value);
  }
  await user.click(within(form).getByRole('button', { name: 'Add Customer' }));
}

describe('customer credentials panel', () => {
  it("lists the event's customers", async () => {
    await openPanel();
    await screen.findByText('anna_ben');
    expect(rows()).toEqual([['Anna Smith', 'anna_ben', 'anna@example.com']]);
  });

  it('shows what each customer may do, and the provider changes it with a switch', async () => {
    const { user } = await openPanel();
    const row = (await screen.findByText('anna_ben')).closest('tr')!;
    const permissions = within(row).getByRole('group', { name: 'What anna_ben may do' });
    const box = (name: string) => within(permissions).getByRole('checkbox', { name });
    expect(box('Moderate memories')).toBeChecked();
    expect(box('Edit wall settings')).toBeChecked();
    expect(box('Edit event details')).not.toBeChecked();

    await user.click(box('Edit event details'));

    expect(await findToast('Saved what anna_ben may do')).toBeInTheDocument();
    expect(server.requests.filter((r) => r.method === 'PATCH').map((r) => r.body)).toEqual([{ canEditDetails: true }]);
    await waitFor(() => expect(box('Edit event details')).toBeChecked());
  });

  it('says so when a permission cannot be changed, and keeps showing what holds', async () => {
    permissionsReply = { status: 403, body: { statusCode: 403, error: 'Forbidden', message: 'Access denied' } };
    const { user } = await openPanel();
    const row = (await screen.findByText('anna_ben')).closest('tr')!;

    await user.click(within(row).getByRole('checkbox', { name: 'Moderate memories' }));

    expect(await findToast('Failed to change permissions')).toBeInTheDocument();
    // The toast comes from the request's rejection; the switch springs back when the optimistic patch is undone,
    // which RTK Query does in its own callback of the same rejection, so either may render first.
    await waitFor(() => expect(within(row).getByRole('checkbox', { name: 'Moderate memories' })).toBeChecked());
  });

  it('says when the list cannot be loaded and tries again', async () => {
    listReply = { status: 500 };
    const { user } = await openPanel();

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to load customer credentials. Please try again.',
    );
    listReply = undefined;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('anna_ben')).toBeInTheDocument();
  });

  describe('Add Customer', () => {
    it('needs all four fields', async () => {
      const { user } = await openPanel();
      await user.click(screen.getByRole('button', { name: 'Add Customer' }));

      await fillAddForm(user, {
        'Customer Name': 'Ben Jones',
        'Customer Email': 'ben@example.com',
        'Customer Username': '',
        PIN: '123456',
      });

      const toast = await findToast('Missing information');
      expect(within(toast).getByText('Please fill in all fields.')).toBeInTheDocument();
      expect(requests('POST')).toHaveLength(0);
    });

    it('needs a 6-digit PIN, confirmed', async () => {
      const { user } = await openPanel();
      await user.click(screen.getByRole('button', { name: 'Add Customer' }));
      const form = screen.getByRole('form', { name: 'Add Customer' });

      await fillAddForm(user, {
        'Customer Name': 'Ben Jones',
        'Customer Email': 'ben@example.com',
        'Customer Username': 'ben_j',
        PIN: '12ab56',
        'Confirm PIN': '12ab56',
      });
      const toast = await findToast('Invalid password format');
      expect(within(toast).getByText(EventMessages.pinLength)).toBeInTheDocument();

      await user.clear(within(form).getByLabelText('PIN'));
      await user.type(within(form).getByLabelText('PIN'), '123456');
      await user.clear(within(form).getByLabelText('Confirm PIN'));
      await user.type(within(form).getByLabelText('Confirm PIN'), '123457');
      await user.click(within(form).getByRole('button', { name: 'Add Customer' }));
      await findToast("Passwords don't match");
      expect(within(form).getByLabelText('Confirm PIN')).toHaveAttribute('aria-invalid', 'true');
      expect(requests('POST')).toHaveLength(0);
    });

    it('adds the customer, shows the PIN once and lists them', async () => {
      const { user } = await openPanel();
      await user.click(screen.getByRole('button', { name: 'Add Customer' }));

      await fillAddForm(user, {
        'Customer Name': ' Ben Jones ',
        'Customer Email': 'ben@example.com',
        'Customer Username': 'ben_j',
        PIN: '654321',
        'Confirm PIN': '654321',
      });

      expect(await findToast('Customer added')).toBeInTheDocument();
      expect(requests('POST').map((r) => r.body)).toEqual([
        {
          customerName: 'Ben Jones',
          customerEmail: 'ben@example.com',
          customerUsername: 'ben_j',
          customerPassword: '654321',
        },
      ]);
      const created = screen.getByRole('region', { name: 'Sign-in details for ben_j' });
      expect(within(created).getByRole('definition', { name: 'PIN' })).toHaveTextContent('654321');
      await waitFor(() =>
        expect(rows()).toEqual([
          ['Anna Smith', 'anna_ben', 'anna@example.com'],
          ['Ben Jones', 'ben_j', 'ben@example.com'],
        ]),
      );
      expect(screen.queryByRole('form', { name: 'Add Customer' })).not.toBeInTheDocument();

      await user.click(within(created).getByRole('button', { name: 'Done' }));
      expect(screen.queryByText('654321')).not.toBeInTheDocument();
    });

    it("says 'Failed to add customer' with the server's message, or 'Please try again.'", async () => {
      addReply = {
        status: 409,
        body: {
          statusCode: 409,
          error: 'Conflict',
          message: 'Username is already taken',
          fields: { customerUsername: 'Username is already taken' },
        },
      };
      const { user } = await openPanel();
      await user.click(screen.getByRole('button', { name: 'Add Customer' }));
      const values = {
        'Customer Name': 'Ben Jones',
        'Customer Email': 'ben@example.com',
        'Customer Username': 'anna_ben',
        PIN: '654321',
        'Confirm PIN': '654321',
      };
      await fillAddForm(user, values);

      const toast = await findToast('Failed to add customer');
      expect(within(toast).getByText('Username is already taken')).toBeInTheDocument();
      expect(screen.getByLabelText('Customer Username')).toHaveAccessibleDescription('Username is already taken');

      addReply = { status: 500 };
      await user.click(
        within(screen.getByRole('form', { name: 'Add Customer' })).getByRole('button', { name: 'Add Customer' }),
      );
      await waitFor(() => expect(requests('POST')).toHaveLength(2));
      expect((await screen.findByText('Please try again.')).closest('li')).toHaveTextContent('Failed to add customer');
    });
  });

  describe('PIN reset', () => {
    async function openReset() {
      const rendered = await openPanel();
      await rendered.user.click(await screen.findByRole('button', { name: 'Reset PIN for anna_ben' }));
      return { ...rendered, form: screen.getByRole('form', { name: 'Reset PIN for anna_ben' }) };
    }

    it('needs a 6-digit PIN, confirmed', async () => {
      const { user, form } = await openReset();

      await user.type(within(form).getByLabelText('New PIN'), '123');
      await user.type(within(form).getByLabelText('Confirm PIN'), '123');
      await user.click(within(form).getByRole('button', { name: 'Save PIN' }));
      const toast = await findToast('Invalid password format');
      expect(within(toast).getByText('Password must be exactly 6 digits')).toBeInTheDocument();

      await user.clear(within(form).getByLabelText('New PIN'));
      await user.type(within(form).getByLabelText('New PIN'), '111222');
      await user.clear(within(form).getByLabelText('Confirm PIN'));
      await user.type(within(form).getByLabelText('Confirm PIN'), '111223');
      await user.click(within(form).getByRole('button', { name: 'Save PIN' }));
      expect(await findToast("Passwords don't match")).toBeInTheDocument();
      expect(requests('PATCH')).toHaveLength(0);
    });

    it('resets the PIN', async () => {
      const { user, form } = await openReset();

      await user.type(within(form).getByLabelText('New PIN'), '111222');
      await user.type(within(form).getByLabelText('Confirm PIN'), '111222');
      await user.click(within(form).getByRole('button', { name: 'Save PIN' }));

      const toast = await findToast('Password Reset');
      expect(within(toast).getByText('anna_ben can now sign in with the new PIN.')).toBeInTheDocument();
      expect(requests('PATCH').map((r) => [r.url, r.body])).toEqual([
        ['/api/users/c-1/reset-password', { password: '111222' }],
      ]);
      expect(screen.queryByRole('form', { name: 'Reset PIN for anna_ben' })).not.toBeInTheDocument();
    });

    it("says 'Failed to reset password'", async () => {
      resetReply = {
        status: 403,
        body: { statusCode: 403, error: 'Forbidden', message: "You don't have permission to access this page." },
      };
      const { user, form } = await openReset();

      await user.type(within(form).getByLabelText('New PIN'), '111222');
      await user.type(within(form).getByLabelText('Confirm PIN'), '111222');
      await user.click(within(form).getByRole('button', { name: 'Save PIN' }));

      const toast = await findToast('Failed to reset password');
      expect(within(toast).getByText("You don't have permission to access this page.")).toBeInTheDocument();
    });
  });

  describe('copy', () => {
    it("copies a username and says 'Copied' for 2 seconds", async () => {
      const { user } = await openPanel();
      const write = jest.spyOn(navigator.clipboard, 'writeText');

      await user.click(await screen.findByRole('button', { name: 'Copy username anna_ben' }));

      expect(write).toHaveBeenCalledWith('anna_ben');
      expect(screen.getByRole('button', { name: 'Copied' })).toBeInTheDocument();
      await waitFor(() => expect(screen.getByRole('button', { name: 'Copy username anna_ben' })).toBeInTheDocument(), {
        timeout: COPIED_MS + 1000,
      });
      expect(COPIED_MS).toBe(2000);
    });

    it("says 'Failed to copy' when the clipboard refuses", async () => {
      const { user } = await openPanel();
      jest.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('Denied', 'NotAllowedError'));

      await user.click(await screen.findByRole('button', { name: 'Copy username anna_ben' }));

      expect(await findToast('Failed to copy')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Copied' })).not.toBeInTheDocument();
    });
  });
});
