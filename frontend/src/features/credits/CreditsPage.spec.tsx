import { act, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import {
  CREDIT_PACKS,
  CreditMessages,
  Role,
  type CreditBalance,
  type CreditPacksResponse,
  type CreditTransactionView,
  type SessionUser,
} from '@memory-wall/contracts';
import { App } from '../../app/App';
import { renderWithProviders } from '../../test/renderWithProviders';
import { answerMe, findToast, makeUser } from '../../test/session';
import { startTestServer, type Reply, type TestServer } from '../../test/testServer';

const session: { user: SessionUser | null } = { user: null };
let server: TestServer;
let balance: CreditBalance;
let ledger: CreditTransactionView[];
let packsReply: CreditPacksResponse;
let intentReply: Reply;
/** Called on each GET of the summary, before it answers (a webhook "arriving" between two polls). */
let onSummary: (() => void) | undefined;
let summaryFails: boolean;

let txCounter = 0;
function tx(overrides: Partial<CreditTransactionView> = {}): CreditTransactionView {
  const n = ++txCounter;
  return {
    id: `tx-${n}`,
    amount: -1,
    transactionType: 'event_creation',
    description: `Published Event ${n}`,
    stripePaymentIntentId: null,
    metadata: {},
    createdAt: '2025-06-01T12:00:00.000Z',
    ...overrides,
  };
}

beforeEach(async () => {
  session.user = makeUser(Role.ServiceProvider);
  balance = { available: 7, total: 10, used: 3, purchased: 0 };
  ledger = [tx({ amount: 10, transactionType: 'promotion', description: 'Welcome credits' })];
  packsReply = { creditPacks: [...CREDIT_PACKS], payments: { enabled: true, publishableKey: 'pk_test_123' } };
  intentReply = undefined;
  onSummary = undefined;
  summaryFails = false;
  server = await startTestServer((req) => {
    if (req.method === 'GET' && req.url === '/api/service-provider/credits') {
      if (summaryFails)
        return { status: 500, body: { statusCode: 500, error: 'Internal Server Error', message: 'boom' } };
      onSummary?.();
      return { status: 200, body: { success: true, credits: balance, transactions: ledger } };
    }
    if (req.method === 'GET' && req.url === '/api/credit-packs') return { status: 200, body: packsReply };
    if (req.method === 'POST' && req.url === '/api/create-payment-intent') {
      if (intentReply) return intentReply;
      const pack = CREDIT_PACKS.find((p) => p.id === (req.body as { creditPackId: string }).creditPackId)!;
      return {
        status: 200,
        body: {
          success: true,
          clientSecret: 'pi_123_secret_abc',
          paymentIntentId: 'pi_123',
          amount: pack.price,
          currency: 'usd',
          creditPack: pack,
        },
      };
    }
    return answerMe(session, req);
  });
});
afterEach(() => server.close());

function LocationProbe() {
  const { pathname, search } = useLocation();
  return <span data-testid="location">{`${pathname}${search}`}</span>;
}

async function openCredits(route = '/credits') {
  const rendered = renderWithProviders(
    <>
      <App />
      <LocationProbe />
    </>,
    { route },
  );
  // The first test of a run also waits for the page's module to be compiled.
  expect(await screen.findByRole('heading', { level: 1, name: 'Credits' }, { timeout: 10_000 })).toBeInTheDocument();
  return rendered;
}

/** The figure shown under `label` (StatCards and DetailList values are named by their labels). */
const figure = (label: string) => screen.getByRole('definition', { name: label }).textContent;
const bodyRows = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);
const requestsTo = (method: string, url: string) => server.requests.filter((r) => r.method === method && r.url === url);

describe('credits page: account summary', () => {
  it('shows available, total and used credits, how credits work, and the 5 most recent transactions', async () => {
    ledger = [
      tx({
        amount: 10,
        transactionType: 'purchase',
        description: 'Purchased Value pack (10 credits)',
        createdAt: '2025-06-07T12:00:00.000Z',
      }),
      ...Array.from({ length: 5 }, (_, i) =>
        tx({ description: `Published Event ${i + 1}`, createdAt: '2025-06-05T12:00:00.000Z' }),
      ),
      tx({
        amount: 10,
        transactionType: 'promotion',
        description: 'Welcome credits',
        createdAt: '2025-05-01T12:00:00.000Z',
      }),
    ];
    await openCredits();

    expect(await screen.findByRole('definition', { name: 'Available Credits' })).toHaveTextContent('7');
    expect(figure('Total Credits')).toBe('10');
    expect(figure('Credits Used')).toBe('3');
    expect(screen.getByText('Credits never expire.')).toBeInTheDocument();
    expect(screen.getByText(/Each credit creates one event/)).toBeInTheDocument();
    expect(screen.queryByText('No credits left')).not.toBeInTheDocument();

    const recent = screen.getByRole('table', { name: 'Recent Transactions' });
    const rows = bodyRows(recent);
    expect(rows).toHaveLength(5);
    expect(rows[0]).toHaveTextContent('Jun 7, 2025');
    expect(within(rows[0]).getByText('Purchase')).toBeInTheDocument();
    expect(within(rows[0]).getByText('+10')).toHaveClass('cr-amount-in');
    expect(within(rows[1]).getByText('-1')).toHaveClass('cr-amount-out');
    expect(screen.queryByText('Welcome credits')).not.toBeInTheDocument();
  });

  it('goes from View All to the whole transaction history', async () => {
    ledger = Array.from({ length: 7 }, (_, i) => tx({ description: `Published Event ${i + 1}` }));
    const { user } = await openCredits();

    await user.click(await screen.findByRole('button', { name: 'View All' }));

    expect(screen.getByRole('tab', { name: 'Transaction History' })).toHaveAttribute('aria-selected', 'true');
    const history = screen.getByRole('table', { name: 'Transaction History' });
    expect(bodyRows(history)).toHaveLength(7);
    expect(within(history).getByText('Published Event 7')).toBeInTheDocument();
  });

  it('warns when no credits are left and leads to the purchase', async () => {
    balance = { available: 0, total: 10, used: 10, purchased: 0 };
    const { user } = await openCredits();

    const warning = await screen.findByRole('alert');
    expect(warning).toHaveTextContent('No credits left');
    expect(warning).toHaveTextContent('You have no credits available.');
    await user.click(within(warning).getByRole('button', { name: 'Purchase Credits' }));
    expect(await screen.findByRole('heading', { name: 'Choose a Credit Pack' })).toBeInTheDocument();
  });

  it('says so and retries when the summary cannot be loaded', async () => {
    summaryFails = true;
    const { user } = await openCredits();

    expect(await screen.findByText('Failed to load your credits')).toBeInTheDocument();
    summaryFails = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('definition', { name: 'Available Credits' })).toHaveTextContent('7');
  });
});

describe('credits page: transaction history', () => {
  it('lists date, type badge, signed coloured amount and description; an unknown type is a destructive badge', async () => {
    ledger = [
      tx({
        amount: 5,
        transactionType: 'admin_adjustment',
        description: 'Goodwill',
        createdAt: '2025-07-04T12:00:00.000Z',
      }),
      tx({
        amount: -1,
        transactionType: 'event_creation',
        description: 'Published Garden Party',
        createdAt: '2025-07-03T12:00:00.000Z',
      }),
      tx({
        amount: 2,
        transactionType: 'mystery' as never,
        description: 'From the future',
        createdAt: '2025-07-02T12:00:00.000Z',
      }),
      tx({ amount: -3, transactionType: 'refund', description: 'Refunded', createdAt: '2025-07-01T12:00:00.000Z' }),
    ];
    const { user } = await openCredits();
    await screen.findByRole('definition', { name: 'Available Credits' });

    await user.click(screen.getByRole('tab', { name: 'Transaction History' }));

    const rows = bodyRows(screen.getByRole('table', { name: 'Transaction History' }));
    expect(rows.map((row) => Array.from((row as HTMLTableRowElement).cells, (cell) => cell.textContent))).toEqual([
      ['Jul 4, 2025', 'Admin Adjustment', '+5', 'Goodwill'],
      ['Jul 3, 2025', 'Event Creation', '-1', 'Published Garden Party'],
      ['Jul 2, 2025', 'mystery', '+2', 'From the future'],
      ['Jul 1, 2025', 'Refund', '-3', 'Refunded'],
    ]);
    expect(within(rows[2]).getByText('mystery')).toHaveClass('cr-badge-destructive');
    expect(within(rows[0]).getByText('Admin Adjustment')).not.toHaveClass('cr-badge-destructive');
    expect(within(rows[0]).getByText('+5')).toHaveClass('cr-amount-in');
    expect(within(rows[3]).getByText('-3')).toHaveClass('cr-amount-out');
  });

  it('says when there are no transactions', async () => {
    ledger = [];
    const { user } = await openCredits();
    await screen.findByRole('definition', { name: 'Available Credits' });

    await user.click(screen.getByRole('tab', { name: 'Transaction History' }));
    expect(screen.getByText('No transactions found')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});

describe('credits page: purchase', () => {
  async function openPurchase() {
    const rendered = await openCredits();
    await rendered.user.click(screen.getByRole('tab', { name: 'Purchase Credits' }));
    expect(await screen.findByRole('heading', { name: 'Choose a Credit Pack' })).toBeInTheDocument();
    return rendered;
  }

  it('shows each pack with its price per credit, price, credits, savings, and Value as Most Popular', async () => {
    await openPurchase();

    const starter = screen.getByRole('listitem', { name: 'Starter' });
    const value = screen.getByRole('listitem', { name: 'Value' });
    const pro = screen.getByRole('listitem', { name: 'Pro' });
    expect(starter).toHaveTextContent('$50 per credit');
    expect(starter).toHaveTextContent('$250');
    expect(starter).toHaveTextContent('5 credits');
    expect(starter).not.toHaveTextContent('Save');
    expect(value).toHaveTextContent('$45 per credit');
    expect(value).toHaveTextContent('$450');
    expect(value).toHaveTextContent('10 credits');
    expect(value).toHaveTextContent('Save 10%');
    expect(pro).toHaveTextContent('$40 per credit');
    expect(pro).toHaveTextContent('$800');
    expect(pro).toHaveTextContent('Save 20%');
    expect(within(value).getByText('Most Popular')).toBeInTheDocument();
    expect(within(starter).queryByText('Most Popular')).not.toBeInTheDocument();
    expect(within(pro).queryByText('Most Popular')).not.toBeInTheDocument();
  });

  it('reviews the chosen pack, creates the payment for it, then shows the payment form with the amount', async () => {
    const { user } = await openPurchase();

    await user.click(screen.getByRole('button', { name: 'Choose Value' }));

    expect(screen.getByRole('heading', { name: 'Order Review' })).toBeInTheDocument();
    expect(figure('Package')).toBe('Value');
    expect(figure('Credits')).toBe('10');
    expect(figure('Price per Credit')).toBe('$45');
    expect(figure('Total')).toBe('$450');
    expect(requestsTo('POST', '/api/create-payment-intent')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Proceed to Payment' }));

    expect(await screen.findByRole('heading', { name: 'Payment' })).toBeInTheDocument();
    expect(requestsTo('POST', '/api/create-payment-intent').map((r) => r.body)).toEqual([{ creditPackId: 'value' }]);
    // Stripe.js cannot load here: the Pay button waits for the Payment Element.
    expect(await screen.findByRole('button', { name: 'Pay $450' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('heading', { name: 'Choose a Credit Pack' })).toBeInTheDocument();
  });

  it('returns from the order review to the pack choice on Cancel without creating a payment', async () => {
    const { user } = await openPurchase();

    await user.click(screen.getByRole('button', { name: 'Choose Pro' }));
    expect(figure('Total')).toBe('$800');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    expect(screen.getByRole('heading', { name: 'Choose a Credit Pack' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Choose Starter' }));
    expect(figure('Package')).toBe('Starter');
    expect(requestsTo('POST', '/api/create-payment-intent')).toHaveLength(0);
  });

  it("says 'Failed to start payment process' with the server's message when payments are not configured", async () => {
    intentReply = {
      status: 503,
      body: { statusCode: 503, error: 'Service Unavailable', message: CreditMessages.paymentsNotConfigured },
    };
    const { user } = await openPurchase();

    await user.click(screen.getByRole('button', { name: 'Choose Starter' }));
    await user.click(screen.getByRole('button', { name: 'Proceed to Payment' }));

    const toast = await findToast('Failed to start payment process');
    expect(within(toast).getByText('Payments are not configured')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Payments are not configured');
    expect(screen.getByRole('heading', { name: 'Order Review' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Payment' })).not.toBeInTheDocument();
  });

  it('says before a pack is chosen that payments are off and whom to ask, and offers no pack to choose', async () => {
    packsReply = { ...packsReply, payments: { enabled: false, publishableKey: null } };
    await openPurchase();

    const choose = screen.getByRole('button', { name: 'Choose Value' });
    expect(choose).toBeDisabled();
    expect(choose).toHaveAccessibleDescription(
      'Card payments are not switched on for this platform yet, so credits cannot be bought here. Contact the team that runs the platform: they can add credits to your account.',
    );
    expect(screen.queryByRole('heading', { name: 'Order Review' })).not.toBeInTheDocument();
    expect(requestsTo('POST', '/api/create-payment-intent')).toHaveLength(0);
  });
});

describe('credits page: back from a payment', () => {
  it('shows the success banner for ?payment_success=true and removes the flag from the address', async () => {
    await openCredits('/credits?payment_success=true');

    const banner = await screen.findByRole('status', { name: 'Payment Successful' });
    expect(banner).toHaveTextContent('Your credits have been added to your account!');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/credits$/));
    expect(screen.getByRole('status', { name: 'Payment Successful' })).toBeInTheDocument();
  });

  it("keeps refetching after Stripe's redirect until the webhook's credits show", async () => {
    let polls = 0;
    onSummary = () => {
      polls += 1;
      if (polls === 2) {
        // The webhook arrives between the first and the second look.
        balance = { available: 17, total: 20, used: 3, purchased: 10 };
        ledger = [
          tx({
            amount: 10,
            transactionType: 'purchase',
            description: 'Purchased Value pack (10 credits)',
            stripePaymentIntentId: 'pi_777',
          }),
          ...ledger,
        ];
      }
    };
    await openCredits(
      '/credits?payment_success=true&payment_intent=pi_777&payment_intent_client_secret=pi_777_secret_x&redirect_status=succeeded',
    );

    const banner = await screen.findByRole('status', { name: 'Payment Successful' });
    expect(await screen.findByRole('definition', { name: 'Available Credits' })).toHaveTextContent('7');
    expect(banner).toHaveTextContent('Updating your balance...');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/credits$/));
    const meBefore = requestsTo('GET', '/api/auth/me').length;

    await waitFor(() => expect(figure('Available Credits')).toBe('17'), { timeout: 5000 });
    await waitFor(() => expect(banner).not.toHaveTextContent('Updating your balance...'));
    expect(screen.getByText('Purchased Value pack (10 credits)')).toBeInTheDocument();
    // The balance in the signed-in user (profile, events) is asked for again.
    await waitFor(() => expect(requestsTo('GET', '/api/auth/me').length).toBeGreaterThan(meBefore));
    const pollsDone = polls;
    // Polling stopped: no more looks over the next two intervals.
    await act(() => new Promise((resolve) => setTimeout(resolve, 2 * 1500)));
    expect(polls).toBe(pollsDone);
  }, 15_000);

  it('shows no banner but Payment Failed when the redirect payment failed', async () => {
    await openCredits('/credits?payment_success=true&payment_intent=pi_9&redirect_status=failed');

    const toast = await findToast('Payment Failed');
    expect(within(toast).getByText('An error occurred during payment')).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Payment Successful' })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/credits$/));
  });
});

it('shows Access Denied to an owner on /credits', async () => {
  session.user = makeUser(Role.Owner);
  renderWithProviders(undefined, { route: '/credits' });
  expect(await screen.findByRole('heading', { name: 'Access Denied' }, { timeout: 10_000 })).toBeInTheDocument();
  expect(requestsTo('GET', '/api/service-provider/credits')).toHaveLength(0);
});
