import { screen, within } from '@testing-library/react';
import {
  EventStatus,
  EventType,
  Role,
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
let events: HostEvent[];
let providersReply: Reply;

beforeEach(async () => {
  session.user = makeUser(Role.Owner);
  providers = [];
  events = [];
  providersReply = undefined;
  server = await startTestServer((req) => {
    if (req.method === 'GET' && req.url === '/api/admin/service-providers') {
      return providersReply ?? { status: 200, body: { serviceProviders: providers } };
    }
    if (req.method === 'GET' && req.url === '/api/events') return { status: 200, body: { success: true, events } };
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
const requestsTo = (url: string) => server.requests.filter((r) => r.url === url);

describe('admin dashboard: service providers', () => {
  it('lists every provider with its service types, event counts, contributions, Active status and a View link', async () => {
    const evergreen = makeProvider({
      companyName: 'Evergreen Events',
      serviceTypes: ['wedding', 'memorial'],
      activeEventsCount: 2,
      totalEventsCount: 5,
      totalContributionsCount: 143,
    });
    const quiet = makeProvider({ companyName: 'Quiet Hall', serviceTypes: ['general'] });
    providers = [evergreen, quiet];
    await openAdmin();

    const table = await screen.findByRole('table', { name: 'Service Providers' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers.slice(0, 6)).toEqual([
      'Name',
      'Type',
      'Active Events',
      'Total Events',
      'Total Contributions',
      'Status',
    ]);
    const rows = bodyRows(table);
    expect(rows.map(cells)).toEqual([
      ['Evergreen Events', 'Wedding, Memorial', '2', '5', '143', 'Active', 'View'],
      ['Quiet Hall', 'General', '0', '0', '0', 'Active', 'View'],
    ]);
    expect(within(rows[0]).getByRole('link', { name: 'View Evergreen Events' })).toHaveAttribute(
      'href',
      `/admin/service-providers/${evergreen.id}`,
    );
    expect(within(rows[1]).getByRole('link', { name: 'View Quiet Hall' })).toHaveAttribute(
      'href',
      `/admin/service-providers/${quiet.id}`,
    );
  });

  it("says 'No service providers found' when there are none", async () => {
    await openAdmin();
    expect(await screen.findByText('No service providers found')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it("says 'Failed to load service providers' and loads them again on Retry", async () => {
    providersReply = { status: 500, body: { statusCode: 500, error: 'Internal Server Error', message: 'boom' } };
    const { user } = await openAdmin();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load service providers');
    expect(requestsTo('/api/admin/service-providers')).toHaveLength(1);

    providersReply = undefined;
    providers = [makeProvider({ companyName: 'Back Again Ltd' })];
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));

    expect(await screen.findByRole('rowheader', { name: 'Back Again Ltd' })).toBeInTheDocument();
    expect(screen.queryByText('Failed to load service providers')).not.toBeInTheDocument();
    expect(requestsTo('/api/admin/service-providers')).toHaveLength(2);
  });
});

describe('admin dashboard: all events', () => {
  it('lists every event with its provider, type, status, date, contributions and a View link', async () => {
    const evergreen = makeProvider({ companyName: 'Evergreen Events' });
    providers = [evergreen];
    events = [
      makeHostEvent({
        id: 'ev-1',
        name: 'Garden Wedding',
        serviceProviderId: evergreen.id,
        eventType: EventType.Wedding,
        status: EventStatus.Live,
        eventDate: '2025-08-16T12:00:00.000Z',
        contributionsCount: 12,
      }),
      makeHostEvent({
        id: 'ev-2',
        name: 'Owner Test Event',
        serviceProviderId: null,
        eventType: EventType.Memorial,
        status: EventStatus.Draft,
        eventDate: null,
        contributionsCount: 0,
      }),
    ];
    const { user } = await openAdmin();

    await user.click(screen.getByRole('tab', { name: 'All Events' }));

    const table = await screen.findByRole('table', { name: 'All Events' });
    const rows = bodyRows(table);
    expect(rows.map(cells)).toEqual([
      ['Garden Wedding', 'Evergreen Events', 'Wedding', 'Live', 'Aug 16, 2025', '12', 'View'],
      ['Owner Test Event', '—', 'Memorial', 'Draft', 'Not specified', '0', 'View'],
    ]);
    expect(within(rows[0]).getByRole('link', { name: 'View Garden Wedding' })).toHaveAttribute('href', '/events/ev-1');
  });

  it("says 'No events found' when there are none", async () => {
    const { user } = await openAdmin();
    await user.click(screen.getByRole('tab', { name: 'All Events' }));
    expect(await screen.findByText('No events found')).toBeInTheDocument();
  });
});

describe('admin dashboard: analytics', () => {
  it('shows the real number of providers, live events, contributions and events', async () => {
    providers = [makeProvider(), makeProvider(), makeProvider()];
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
