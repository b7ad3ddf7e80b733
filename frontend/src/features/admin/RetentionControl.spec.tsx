import { screen, waitFor, within } from '@testing-library/react';
import { RetentionMessages, Role, type AdminServiceProvider, type SessionUser } from '@memory-wall/contracts';
import { renderWithProviders } from '../../test/renderWithProviders';
import { answerMe, findToast, makeUser } from '../../test/session';
import { startTestServer, type Reply, type TestServer } from '../../test/testServer';
import { makeProvider } from './fixtures';

const session: { user: SessionUser | null } = { user: null };
let server: TestServer;
let providers: AdminServiceProvider[];
/** What the next PATCH …/retention answers instead of saving (a refusal). */
let refusal: Reply;

beforeEach(async () => {
  session.user = makeUser(Role.Owner);
  providers = [];
  refusal = undefined;
  server = await startTestServer((req) => {
    const url = new URL(req.url, 'http://test');
    if (req.method === 'GET' && url.pathname === '/api/admin/service-providers') {
      return { status: 200, body: { serviceProviders: providers, total: providers.length, page: 1, pageSize: 20 } };
    }
    if (req.method === 'PATCH' && url.pathname.endsWith('/retention')) {
      if (refusal) return refusal;
      const provider = providers.find((p) => p.id === url.pathname.split('/')[4])!;
      provider.retentionDays = (req.body as { retentionDays: number | null }).retentionDays;
      return { status: 200, body: { success: true, serviceProvider: provider } };
    }
    return answerMe(session, req);
  });
});
afterEach(() => server.close());

const patches = () => server.requests.filter((r) => r.method === 'PATCH');

async function rowOf(companyName: string) {
  const { user } = renderWithProviders(undefined, { route: '/admin' });
  const table = await screen.findByRole('table', { name: 'Service Providers' }, { timeout: 10_000 });
  return { row: within(table).getByRole('row', { name: new RegExp(companyName) }), user };
}

describe("the owner's retention control in the providers table", () => {
  it("shows each provider's days, or the default with its days", async () => {
    providers = [
      makeProvider({ companyName: 'Own Days', retentionDays: 180 }),
      makeProvider({ companyName: 'Defaults', retentionDays: null, defaultRetentionDays: 90 }),
    ];
    const { row: own } = await rowOf('Own Days');
    expect(within(own).getByText('180 days')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Service Providers' });
    const defaults = within(table).getByRole('row', { name: /Defaults/ });
    expect(within(defaults).getByText('Default (90 days)')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Media Retention' })).toBeInTheDocument();
  });

  it('sets the days: the PATCH sends them, the row shows them, a toast confirms', async () => {
    const hall = makeProvider({ companyName: 'Quiet Hall' });
    providers = [hall];
    const { row, user } = await rowOf('Quiet Hall');
    await user.click(within(row).getByRole('button', { name: 'Edit the retention of Quiet Hall' }));
    const field = within(row).getByRole('spinbutton', { name: 'Retention days of Quiet Hall' });
    expect(field).toHaveValue(90);
    await user.clear(field);
    await user.type(field, '365');
    await user.click(within(row).getByRole('button', { name: 'Save' }));

    const toast = await findToast('Retention Saved');
    expect(toast).toHaveTextContent('The events of Quiet Hall keep their media for 365 days after completion.');
    expect(patches()).toMatchObject([
      { url: `/api/admin/service-providers/${hall.id}/retention`, body: { retentionDays: 365 } },
    ]);
    await waitFor(() => expect(within(row).getByText('365 days')).toBeInTheDocument());
    expect(within(row).queryByRole('spinbutton')).not.toBeInTheDocument();
  });

  it('puts a provider back on the default', async () => {
    const hall = makeProvider({ companyName: 'Quiet Hall', retentionDays: 30, defaultRetentionDays: 60 });
    providers = [hall];
    const { row, user } = await rowOf('Quiet Hall');
    await user.click(within(row).getByRole('button', { name: 'Edit the retention of Quiet Hall' }));
    await user.click(within(row).getByRole('button', { name: 'Use Default' }));

    await waitFor(() => expect(within(row).getByText('Default (60 days)')).toBeInTheDocument());
    expect(patches()).toMatchObject([{ body: { retentionDays: null } }]);
  });

  it('refuses days out of bounds before asking, and shows what the server refuses', async () => {
    providers = [makeProvider({ companyName: 'Quiet Hall' })];
    const { row, user } = await rowOf('Quiet Hall');
    await user.click(within(row).getByRole('button', { name: 'Edit the retention of Quiet Hall' }));
    const field = within(row).getByRole('spinbutton', { name: 'Retention days of Quiet Hall' });
    await user.clear(field);
    await user.type(field, '3');
    await user.click(within(row).getByRole('button', { name: 'Save' }));
    const local = await findToast('Failed to save the retention');
    expect(local).toHaveTextContent('Please enter a whole number of days from 8 to 3650.');
    expect(patches()).toEqual([]);

    refusal = {
      status: 400,
      body: { statusCode: 400, error: 'Bad Request', message: RetentionMessages.retentionInvalid },
    };
    await user.clear(field);
    await user.type(field, '100');
    await user.click(within(row).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByText(RetentionMessages.retentionInvalid)).toBeInTheDocument());
    expect(patches()).toHaveLength(1);
    // Still editing: the owner may try another value.
    expect(within(row).getByRole('spinbutton')).toBeInTheDocument();
  });
});
