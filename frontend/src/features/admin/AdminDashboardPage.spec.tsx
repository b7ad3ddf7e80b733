import { screen, waitFor, within } from '@testing-library/react';
import {
  EventStatus,
  EventType,
  Role,
  type AdminEvent,
  type AdminServiceProvider,
  type HostEvent,
  type SessionUser,
} from '@memory-wall/contracts';
import { renderWithProviders } from '../../test/renderWithProviders';
import { answerMe, makeUser } from '../../test/session';
import { startTestServer, type Reply, type TestServer } from '../../test/testServer';
import { makeHostEvent } from '../../test/fixtures';
import { makeProvider } from './fixtures';

const session: { user: SessionUser | null } = { user: null };
let server: TestServer;
let providers: AdminServiceProvider[];
let providersTotal: number | undefined;
let adminEvents: AdminEvent[];
let events: HostEvent[];
let providersReply: Reply;

const PROVIDERS = '/api/admin/service-providers';

beforeEach(async () => {
  session.user = makeUser(Role.Owner);
  providers = [];
  providersTotal = undefined;
  adminEvents = [];
  events = [];
  providersReply = undefined;
  server = await startTestServer((req) => {
    const url = new URL(req.url, 'http://test');
    const page = Number(url.searchParams.get('page') ?? 1);
    const pageSize = Number(url.searchParams.get('pageSize') ?? 20);
    if (req.method === 'GET' && url.pathname === PROVIDERS) {
      return (
        providersReply ?? {
          status: 200,
          body: { serviceProviders: providers, total: providersTotal ?? providers.length, page, pageSize },
        }
      );
    }
    if (req.method === 'PATCH' && url.pathname.endsWith('/verification')) {
      const id = url.pathname.split('/')[4];
      const provider = providers.find((p) => p.id === id)!;
      provider.verified = (req.body as { verified: boolean }).verified;
      return { status: 200, body: { success: true, serviceProvider: provider } };
    }
    if (req.method === 'GET' && url.pathname === '/api/admin/events') {
      return { status: 200, body: { events: adminEvents, total: adminEvents.length, page, pageSize } };
    }
    if (req.method === 'GET' && url.pathname === '/api/events') return { status: 200, body: { success: true, events } };
    return answerMe(session, req);
  });
});
afterEach(() => server.close());

async function openAdmin() {
  const rendered = renderWithProviders(undefined, { route: '/admin' });
  // The first test of a run also waits for the page's module to be compiled.
  expect(
    await screen.findByRole('heading', { level: 1, name: 'Admin Dashboard' }, { timeout: 10_000 }),
  ).toBeInTheDocument();
  return rendered;
}

const bodyRows = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);
const cells = (row: HTMLElement) => Array.from((row as HTMLTableRowElement).cells, (cell) => cell.textContent);
/** The query strings of the GETs to `path`, in order. */
const queriesTo = (path: string) =>
  server.requests
    .filter((r) => r.method === 'GET' && new URL(r.url, 'http://test').pathname === path)
    .map((r) => Object.fromEntries(new URL(r.url, 'http://test').searchParams));

describe('admin dashboard: service providers', () => {
  it('lists a page of providers: service types, verification, counts, Active status and a View link', async () => {
    const evergreen = makeProvider({
      companyName: 'Evergreen Events',
      serviceTypes: ['wedding', 'memorial'],
      verified: true,
      activeEventsCount: 2,
      totalEventsCount: 5,
      totalContributionsCount: 143,
      retentionDays: 180,
    });
    const quiet = makeProvider({ companyName: 'Quiet Hall', serviceTypes: ['general'] });
    providers = [evergreen, quiet];
    await openAdmin();

    const table = await screen.findByRole('table', { name: 'Service Providers' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers.slice(0, 8)).toEqual([
      'Name↕',
      'Type',
      'Verification↕',
      'Media Retention',
      'Active Events↕',
      'Total Events↕',
      'Total Contributions↕',
      'Status',
    ]);
    expect(bodyRows(table).map(cells)).toEqual([
      ['Evergreen Events', 'Wedding, Memorial', 'Verified', '180 daysEdit', '2', '5', '143', 'Active', 'View'],
      ['Quiet Hall', 'General', 'Not Verified', 'Default (90 days)Edit', '0', '0', '0', 'Active', 'View'],
    ]);
    expect(within(bodyRows(table)[1]).getByRole('link', { name: 'View Quiet Hall' })).toHaveAttribute(
      'href',
      `/admin/service-providers/${quiet.id}`,
    );
    expect(queriesTo(PROVIDERS)).toEqual([{ sort: 'createdAt', order: 'desc', page: '1', pageSize: '20' }]);
    expect(screen.getByText('Showing 1–2 of 2')).toBeInTheDocument();
  });

  it('sorts on the server from the headers, which say their order (aria-sort)', async () => {
    providers = [makeProvider({ companyName: 'Evergreen Events' })];
    const { user } = await openAdmin();
    const table = await screen.findByRole('table', { name: 'Service Providers' });
    const nameHeader = within(table).getByRole('columnheader', { name: /^Name/ });
    expect(nameHeader).toHaveAttribute('aria-sort', 'none');

    await user.click(within(nameHeader).getByRole('button', { name: /Name/ }));
    await waitFor(() => expect(nameHeader).toHaveAttribute('aria-sort', 'ascending'));
    await waitFor(() => expect(queriesTo(PROVIDERS).at(-1)).toMatchObject({ sort: 'companyName', order: 'asc' }));

    await user.click(within(nameHeader).getByRole('button', { name: /Name/ }));
    await waitFor(() => expect(nameHeader).toHaveAttribute('aria-sort', 'descending'));
    await waitFor(() => expect(queriesTo(PROVIDERS).at(-1)).toMatchObject({ sort: 'companyName', order: 'desc' }));

    // Phones choose the sort from a list (the header row is hidden there).
    await user.selectOptions(screen.getByLabelText('Sort by'), 'totalEventsCount:desc');
    await waitFor(() => expect(queriesTo(PROVIDERS).at(-1)).toMatchObject({ sort: 'totalEventsCount', order: 'desc' }));
  });

  it('searches on the server once typing pauses, from page 1', async () => {
    providers = [makeProvider({ companyName: 'Evergreen Events' })];
    providersTotal = 45;
    const { user } = await openAdmin();
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    await waitFor(() => expect(queriesTo(PROVIDERS).at(-1)).toMatchObject({ page: '2' }));

    await user.type(screen.getByRole('searchbox', { name: 'Search by company, username or email' }), 'ever');
    await waitFor(() => expect(queriesTo(PROVIDERS).at(-1)).toMatchObject({ search: 'ever', page: '1' }));
    // Debounced: no request for the letters typed on the way.
    expect(queriesTo(PROVIDERS).filter((query) => query.search && query.search !== 'ever')).toEqual([]);
  });

  it('pages: where the page sits, Previous and Next', async () => {
    providers = [makeProvider()];
    providersTotal = 45;
    const { user } = await openAdmin();
    expect(await screen.findByText('Showing 1–20 of 45')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();
    expect(screen.getByText('Showing 21–40 of 45')).toBeInTheDocument();
    expect(queriesTo(PROVIDERS).at(-1)).toMatchObject({ page: '2', pageSize: '20' });
  });

  it('marks a provider verified with its switch, and the list shows it', async () => {
    const quiet = makeProvider({ companyName: 'Quiet Hall' });
    providers = [quiet];
    const { user } = await openAdmin();
    const toggle = await screen.findByRole('switch', { name: 'Verified: Quiet Hall' });
    expect(toggle).toHaveAttribute('aria-checked', 'false');

    await user.click(toggle);
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: 'Verified: Quiet Hall' })).toHaveAttribute('aria-checked', 'true'),
    );
    expect(server.requests.find((r) => r.method === 'PATCH')).toMatchObject({
      url: `/api/admin/service-providers/${quiet.id}/verification`,
      body: { verified: true },
    });
    expect(screen.getByRole('switch', { name: 'Verified: Quiet Hall' })).toHaveTextContent('Verified');
  });

  it("says 'No service providers found' when there are none, and that none match a search", async () => {
    const { user } = await openAdmin();
    expect(await screen.findByText('No service providers found')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Search by company, username or email' }), 'zz');
    expect(await screen.findByText('No service providers match your search')).toBeInTheDocument();
  });

  it("says 'Failed to load service providers' and loads them again on Retry", async () => {
    providersReply = { status: 500, body: { statusCode: 500, error: 'Internal Server Error', message: 'boom' } };
    const { user } = await openAdmin();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load service providers');

    providersReply = undefined;
    providers = [makeProvider({ companyName: 'Back Again Ltd' })];
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));

    expect(await screen.findByRole('rowheader', { name: 'Back Again Ltd' })).toBeInTheDocument();
    expect(screen.queryByText('Failed to load service providers')).not.toBeInTheDocument();
    expect(queriesTo(PROVIDERS)).toHaveLength(2);
  });
});

describe('admin dashboard: all events', () => {
  it("lists a page of every provider's events, sorted and searched on the server", async () => {
    adminEvents = [
      {
        ...makeHostEvent({
          id: 'ev-1',
          name: 'Garden Wedding',
          eventType: EventType.Wedding,
          status: EventStatus.Live,
          eventDate: '2025-08-16T12:00:00.000Z',
          contributionsCount: 12,
        }),
        serviceProviderName: 'Evergreen Events',
      },
      {
        ...makeHostEvent({
          id: 'ev-2',
          name: 'Owner Test Event',
          serviceProviderId: null,
          eventType: EventType.Memorial,
          status: EventStatus.Draft,
          eventDate: null,
        }),
        serviceProviderName: null,
      },
    ];
    const { user } = await openAdmin();
    await user.click(screen.getByRole('tab', { name: 'All Events' }));

    const table = await screen.findByRole('table', { name: 'All Events' });
    expect(bodyRows(table).map(cells)).toEqual([
      ['Garden Wedding', 'Evergreen Events', 'Wedding', 'Live', 'Aug 16, 2025', '12', 'View'],
      ['Owner Test Event', '—', 'Memorial', 'Draft', 'Not specified', '0', 'View'],
    ]);
    expect(within(bodyRows(table)[0]).getByRole('link', { name: 'View Garden Wedding' })).toHaveAttribute(
      'href',
      '/events/ev-1',
    );

    await user.click(within(table).getByRole('button', { name: /Contributions/ }));
    await waitFor(() =>
      expect(queriesTo('/api/admin/events').at(-1)).toMatchObject({ sort: 'contributionsCount', order: 'asc' }),
    );
    await user.type(screen.getByRole('searchbox', { name: 'Search by event, code or provider' }), 'garden');
    await waitFor(() =>
      expect(queriesTo('/api/admin/events').at(-1)).toMatchObject({ search: 'garden', sort: 'contributionsCount' }),
    );
  });

  it("says 'No events found' when there are none", async () => {
    const { user } = await openAdmin();
    await user.click(screen.getByRole('tab', { name: 'All Events' }));
    expect(await screen.findByText('No events found')).toBeInTheDocument();
  });
});

describe('admin dashboard: analytics', () => {
  it('shows the real number of providers, live events, contributions and events', async () => {
    providers = [makeProvider()];
    providersTotal = 3;
    events = [
      makeHostEvent({ status: EventStatus.Live, contributionsCount: 40 }),
      makeHostEvent({ status: EventStatus.Live, contributionsCount: 2 }),
      makeHostEvent({ status: EventStatus.Completed, contributionsCount: 100 }),
      makeHostEvent({ status: EventStatus.Draft, contributionsCount: 0 }),
    ];
    const { user } = await openAdmin();

    await user.click(screen.getByRole('tab', { name: 'Analytics' }));

    const value = async (label: string) => (await screen.findByRole('definition', { name: label })).textContent;
    expect(await value('Total Service Providers')).toBe('3');
    expect(await value('Active Events')).toBe('2');
    expect(await value('Total Contributions')).toBe('142');
    expect(await value('Total Events')).toBe('4');
  });
});
