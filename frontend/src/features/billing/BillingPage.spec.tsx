import { screen, waitFor, within } from '@testing-library/react';
import {
  CREDIT_PACKS,
  adjustmentBelowZero,
  CreditMessages,
  Role,
  type AdminCreditTransaction,
  type AdminServiceProvider,
  type BillingSummary,
  type SessionUser,
} from '@memory-wall/contracts';
import { renderWithProviders } from '../../test/renderWithProviders';
import { answerMe, findToast, makeUser } from '../../test/session';
import { startTestServer, type Reply, type TestServer } from '../../test/testServer';
import { makeAdminTransaction, makeProvider } from '../admin/fixtures';

const session: { user: SessionUser | null } = { user: null };
let server: TestServer;
let summary: BillingSummary;
let providers: AdminServiceProvider[];
let transactions: AdminCreditTransaction[];
let adjustReply: Reply;
let paymentsEnabled: boolean;

let evergreen: AdminServiceProvider;
let quietHall: AdminServiceProvider;

beforeEach(async () => {
  session.user = makeUser(Role.Owner);
  evergreen = makeProvider({
    companyName: 'Evergreen Events',
    userName: 'pat_planner',
    userData: { email: 'pat@evergreen.example', username: 'pat_planner', profileData: {} },
    availableCredits: 12,
    totalCreditsPurchased: 10,
    totalCreditsUsed: 8,
  });
  quietHall = makeProvider({
    companyName: 'Quiet Hall',
    userName: 'quinn',
    userData: { email: 'quinn@quiet.example', username: 'quinn', profileData: {} },
    availableCredits: 3,
  });
  providers = [evergreen, quietHall];
  transactions = [
    makeAdminTransaction({
      amount: 10,
      transactionType: 'purchase',
      description: 'Purchased Value pack (10 credits)',
      serviceProviderId: evergreen.id,
      serviceProviderName: 'Evergreen Events',
      createdAt: '2025-06-03T12:00:00.000Z',
    }),
    makeAdminTransaction({
      amount: -1,
      transactionType: 'event_creation',
      description: 'Published Garden Wedding',
      serviceProviderId: evergreen.id,
      serviceProviderName: 'Evergreen Events',
      createdAt: '2025-06-02T12:00:00.000Z',
    }),
    makeAdminTransaction({
      amount: 10,
      transactionType: 'promotion',
      description: 'Welcome credits',
      serviceProviderId: quietHall.id,
      serviceProviderName: 'Quiet Hall',
      createdAt: '2025-06-01T12:00:00.000Z',
    }),
  ];
  summary = {
    totalCreditsPurchased: 10,
    totalRevenueCents: 123450,
    activeServiceProviders: 1,
    totalServiceProviders: 2,
  };
  adjustReply = undefined;
  paymentsEnabled = true;
  server = await startTestServer((req) => {
    // The server searches (here: the names and descriptions the page shows) and pages.
    const url = new URL(req.url, 'http://test');
    const search = url.searchParams.get('search')?.toLowerCase() ?? '';
    const page = {
      page: Number(url.searchParams.get('page') ?? 1),
      pageSize: Number(url.searchParams.get('pageSize') ?? 20),
    };
    const found = (...texts: string[]) => texts.some((text) => text.toLowerCase().includes(search));
    if (req.method === 'GET' && req.url === '/api/admin/billing') return { status: 200, body: summary };
    if (req.method === 'GET' && req.url === '/api/credit-packs') {
      const payments = { enabled: paymentsEnabled, publishableKey: paymentsEnabled ? 'pk_test_1' : null };
      return { status: 200, body: { creditPacks: [...CREDIT_PACKS], payments } };
    }
    if (req.method === 'GET' && url.pathname === '/api/admin/service-providers') {
      const rows = providers.filter((p) => found(p.companyName, p.userName, p.userData.email));
      return { status: 200, body: { serviceProviders: rows, total: rows.length, ...page } };
    }
    if (req.method === 'GET' && url.pathname === '/api/admin/credit-transactions') {
      const rows = transactions.filter((tx) => found(tx.serviceProviderName, tx.description));
      return { status: 200, body: { transactions: rows, total: rows.length, ...page } };
    }
    if (req.method === 'POST' && req.url === '/api/admin/adjust-credits') {
      if (adjustReply) return adjustReply;
      const body = req.body as { serviceProviderId: string; amount: number; reason: string };
      const target = providers.find((p) => p.id === body.serviceProviderId)!;
      const transaction = makeAdminTransaction({
        amount: body.amount,
        transactionType: 'admin_adjustment',
        description: body.reason,
        serviceProviderId: target.id,
        serviceProviderName: target.companyName,
        createdAt: '2025-06-10T12:00:00.000Z',
      });
      providers = providers.map((p) =>
        p.id === target.id ? { ...p, availableCredits: p.availableCredits + body.amount } : p,
      );
      transactions = [transaction, ...transactions];
      return {
        status: 200,
        body: { success: true, transaction, availableCredits: target.availableCredits + body.amount },
      };
    }
    return answerMe(session, req);
  });
});
afterEach(() => server.close());

async function openBilling() {
  const rendered = renderWithProviders(undefined, { route: '/admin/billing' });
  // The first test of a run also waits for the page's module to be compiled.
  expect(await screen.findByRole('heading', { level: 1, name: 'Billing' }, { timeout: 10_000 })).toBeInTheDocument();
  return rendered;
}

const bodyRows = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);
const cells = (row: HTMLElement) => Array.from((row as HTMLTableRowElement).cells, (cell) => cell.textContent);
const adjustRequests = () =>
  server.requests.filter((r) => r.method === 'POST' && r.url === '/api/admin/adjust-credits');

describe('billing page', () => {
  it('shows total credits purchased, revenue in dollars and active providers', async () => {
    await openBilling();

    expect((await screen.findByRole('definition', { name: 'Total Credits' })).textContent).toBe('10');
    expect(screen.getByRole('definition', { name: 'Total Revenue' })).toHaveTextContent('$1,234.50');
    expect(screen.getByRole('definition', { name: 'Active Service Providers' })).toHaveTextContent('1');
    expect(screen.getByText('With a live event, of 2')).toBeInTheDocument();
  });

  it('lists the transactions with date, provider, type, signed coloured amount and description', async () => {
    await openBilling();

    const table = await screen.findByRole('table', { name: 'Transaction History' });
    const rows = bodyRows(table);
    expect(rows.map(cells)).toEqual([
      ['Jun 3, 2025', 'Evergreen Events', 'Purchase', '+10', 'Purchased Value pack (10 credits)'],
      ['Jun 2, 2025', 'Evergreen Events', 'Event Creation', '-1', 'Published Garden Wedding'],
      ['Jun 1, 2025', 'Quiet Hall', 'Promotion', '+10', 'Welcome credits'],
    ]);
    expect(within(rows[0]).getByText('+10')).toHaveClass('cr-amount-in');
    expect(within(rows[1]).getByText('-1')).toHaveClass('cr-amount-out');
  });

  it('tells the owner that payments are off and how to turn them on, only while they are', async () => {
    paymentsEnabled = false;
    const { unmount } = await openBilling();
    const notice = await screen.findByRole('status', { name: 'Payments are off' });
    expect(notice).toHaveTextContent(/Set STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET/);
    expect(notice).toHaveTextContent(/give a provider credits under Adjust Credits/);
    unmount();

    paymentsEnabled = true;
    await openBilling();
    await waitFor(() => expect(server.requests.filter((r) => r.url === '/api/credit-packs')).toHaveLength(2));
    expect((await screen.findByRole('definition', { name: 'Total Credits' })).textContent).toBe('10');
    expect(screen.queryByRole('status', { name: 'Payments are off' })).not.toBeInTheDocument();
  });

  it("says 'No transactions found' when the ledger is empty", async () => {
    transactions = [];
    await openBilling();
    expect(await screen.findByText('No transactions found')).toBeInTheDocument();
  });

  it('searches transactions and providers on the server with the one search box', async () => {
    const { user } = await openBilling();
    await screen.findByRole('table', { name: 'Transaction History' });

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'quiet');

    await waitFor(() => expect(bodyRows(screen.getByRole('table', { name: 'Transaction History' }))).toHaveLength(1));
    expect(screen.getByRole('table', { name: 'Transaction History' })).toHaveTextContent('Welcome credits');
    const searched = server.requests.filter((r) => r.url.startsWith('/api/admin/credit-transactions?'));
    expect(searched.at(-1)!.url).toBe(
      '/api/admin/credit-transactions?search=quiet&sort=createdAt&order=desc&page=1&pageSize=20',
    );

    await user.click(screen.getByRole('tab', { name: 'Service Providers' }));
    const providerRows = bodyRows(await screen.findByRole('table', { name: 'Service Providers' }));
    expect(providerRows.map((row) => cells(row)[0])).toEqual(['Quiet Hall']);

    await user.clear(screen.getByRole('searchbox', { name: 'Search' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'garden');
    expect(await screen.findByText('No service providers match your search')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Transaction History' }));
    const rows = bodyRows(await screen.findByRole('table', { name: 'Transaction History' }));
    expect(rows.map((row) => cells(row)[4])).toEqual(['Published Garden Wedding']);

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'zzz');
    expect(await screen.findByText('No transactions match your search')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('lists the providers with account, credits and a View Details link', async () => {
    const { user } = await openBilling();

    await user.click(screen.getByRole('tab', { name: 'Service Providers' }));

    const rows = bodyRows(await screen.findByRole('table', { name: 'Service Providers' }));
    expect(server.requests.filter((r) => r.url.startsWith('/api/admin/service-providers?')).at(-1)!.url).toBe(
      '/api/admin/service-providers?sort=companyName&order=asc&page=1&pageSize=20',
    );
    expect(cells(rows[0])).toEqual([
      'Evergreen Events',
      'pat_plannerpat@evergreen.example',
      '12',
      '10',
      '8',
      'View Details',
    ]);
    expect(within(rows[0]).getByRole('link', { name: 'View Details' })).toHaveAttribute(
      'href',
      `/admin/service-providers/${evergreen.id}`,
    );
  });
});

describe('adjust credits', () => {
  async function openForm() {
    const rendered = await openBilling();
    await rendered.user.click(screen.getByRole('tab', { name: 'Adjust Credits' }));
    await screen.findByRole('combobox', { name: 'Service Provider' });
    return rendered;
  }

  it('asks for a provider, a non-zero amount and a reason before sending anything', async () => {
    const { user } = await openForm();

    await user.click(screen.getByRole('button', { name: 'Adjust Credits' }));

    expect(screen.getByRole('combobox', { name: 'Service Provider' })).toHaveAccessibleDescription(
      'Please select a service provider.',
    );
    expect(screen.getByRole('textbox', { name: 'Credit Amount' })).toHaveAccessibleDescription(
      'A positive amount adds credits, a negative amount removes them. Please enter a credit amount (positive or negative).',
    );
    expect(screen.getByRole('textbox', { name: 'Reason' })).toHaveAccessibleDescription(
      'Please provide a reason for the adjustment.',
    );

    // Zero and fractions are not adjustments either.
    for (const amount of ['0', '1.5', 'abc']) {
      await user.clear(screen.getByRole('textbox', { name: 'Credit Amount' }));
      await user.type(screen.getByRole('textbox', { name: 'Credit Amount' }), amount);
      await user.click(screen.getByRole('button', { name: 'Adjust Credits' }));
      expect(screen.getByText(CreditMessages.amountRequired)).toBeInTheDocument();
    }
    expect(adjustRequests()).toHaveLength(0);
  });

  it('steps the amount with plus and minus, then adjusts the chosen provider with the reason', async () => {
    const { user } = await openForm();
    const amount = screen.getByRole('textbox', { name: 'Credit Amount' });

    await user.click(screen.getByRole('button', { name: 'Increase amount' }));
    await user.click(screen.getByRole('button', { name: 'Increase amount' }));
    expect(amount).toHaveValue('2');
    await user.click(screen.getByRole('button', { name: 'Decrease amount' }));
    await user.click(screen.getByRole('button', { name: 'Decrease amount' }));
    await user.click(screen.getByRole('button', { name: 'Decrease amount' }));
    expect(amount).toHaveValue('-1');
    await user.type(amount, '{backspace}{backspace}-2');

    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Service Provider' }),
      'Quiet Hall (quinn): 3 credits',
    );
    await user.type(screen.getByRole('textbox', { name: 'Reason' }), '  Refund for a double booking ');
    await user.click(screen.getByRole('button', { name: 'Adjust Credits' }));

    const toast = await findToast('Credits Adjusted');
    expect(within(toast).getByText('Quiet Hall now has 1 credit available.')).toBeInTheDocument();
    expect(adjustRequests().map((r) => r.body)).toEqual([
      { serviceProviderId: quietHall.id, amount: -2, reason: 'Refund for a double booking' },
    ]);
    // Amount and reason are cleared, the provider stays chosen for a next adjustment, and the ledger and
    // providers are read again.
    expect(screen.getByRole('textbox', { name: 'Credit Amount' })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: 'Reason' })).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'Service Provider' })).toHaveValue(quietHall.id);
    expect(await screen.findByRole('option', { name: 'Quiet Hall (quinn): 1 credit' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Transaction History' }));
    const first = bodyRows(await screen.findByRole('table', { name: 'Transaction History' }))[0];
    expect(cells(first)).toEqual([
      'Jun 10, 2025',
      'Quiet Hall',
      'Admin Adjustment',
      '-2',
      'Refund for a double booking',
    ]);
  });

  it("shows the server's refusal when the balance would go below zero", async () => {
    const message = adjustmentBelowZero(3);
    adjustReply = { status: 409, body: { statusCode: 409, error: 'Conflict', message, fields: { amount: message } } };
    const { user } = await openForm();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Service Provider' }), quietHall.id);
    await user.type(screen.getByRole('textbox', { name: 'Credit Amount' }), '-5');
    await user.type(screen.getByRole('textbox', { name: 'Reason' }), 'Too many');
    await user.click(screen.getByRole('button', { name: 'Adjust Credits' }));

    const toast = await findToast('Failed to adjust credits.');
    expect(within(toast).getByText(message)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Credit Amount' })).toHaveAccessibleDescription(
      `A positive amount adds credits, a negative amount removes them. ${message}`,
    );
    expect(screen.getByRole('textbox', { name: 'Credit Amount' })).toHaveValue('-5');
  });
});

it('shows Access Denied to a service provider on /admin/billing', async () => {
  session.user = makeUser(Role.ServiceProvider);
  renderWithProviders(undefined, { route: '/admin/billing' });
  expect(await screen.findByRole('heading', { name: 'Access Denied' }, { timeout: 10_000 })).toBeInTheDocument();
  expect(server.requests.filter((r) => r.url.startsWith('/api/admin'))).toHaveLength(0);
});
