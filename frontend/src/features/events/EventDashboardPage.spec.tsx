import { screen, waitFor, within } from '@testing-library/react';
import jsQR from 'jsqr';
import {
  DEFAULT_CUSTOMER_PERMISSIONS,
  EventStatus,
  Role,
  type EventStats,
  type HostEvent,
  type SessionUser,
} from '@memory-wall/contracts';
import { PAGE_LOAD, renderWithProviders } from '../../test/renderWithProviders';
import { answerMe, findToast, makeUser } from '../../test/session';
import { startTestServer, type Reply, type TestServer } from '../../test/testServer';
import { canvasPixels, installSoftwareCanvas } from '../qrcode/test/softwareCanvas';
import { makeHostEvent } from '../../test/fixtures';

const session: { user: SessionUser | null } = { user: null };
let server: TestServer;
let events: HostEvent[];
let eventReply: Reply;
const stats: EventStats = {
  contributions: 1234,
  approved: 1000,
  pending: 30,
  flagged: 4,
  contributors: 210,
  byType: { message: 900, photo: 300, drawing: 30, video: 4, voice: 2 },
};

let uninstall: () => void;
beforeAll(() => (uninstall = installSoftwareCanvas()));
afterAll(() => uninstall());

beforeEach(async () => {
  session.user = null;
  events = [];
  eventReply = undefined;
  server = await startTestServer((req) => {
    if (req.method === 'GET' && req.url === '/api/events') return { status: 200, body: { success: true, events } };
    if (req.method === 'GET' && req.url === '/api/events/e-1/stats')
      return { status: 200, body: { success: true, stats } };
    const target = events.find((e) => req.url === `/api/events/${e.id}`);
    if (req.method === 'GET' && req.url.startsWith('/api/events/') && !req.url.includes('/', '/api/events/'.length)) {
      if (eventReply) return eventReply;
      if (target) return { status: 200, body: { event: target } };
      return { status: 404, body: { statusCode: 404, error: 'Not Found', message: 'Event not found' } };
    }
    if (req.method === 'DELETE' && target) {
      events = events.filter((e) => e !== target);
      return { status: 200, body: { success: true } };
    }
    return answerMe(session, req);
  });
});
afterEach(() => server.close());

async function openDashboard(user: SessionUser, event: HostEvent) {
  session.user = user;
  events = [event];
  const rendered = renderWithProviders(undefined, { route: `/events/${event.id}` });
  expect(await screen.findByRole('heading', { level: 1, name: event.name }, PAGE_LOAD)).toBeInTheDocument();
  return rendered;
}

const detail = (label: string) => screen.getByRole('definition', { name: label });
const links = () =>
  within(screen.getByRole('navigation', { name: /Anna & Ben|Spring Gala/ }))
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);

const annaAndBen = () =>
  makeHostEvent({
    id: 'e-1',
    name: 'Anna & Ben',
    status: EventStatus.Live,
    eventType: 'wedding',
    eventDate: '2027-06-12T00:00:00.000Z',
    eventCode: 'ANNA26',
  });

describe('event dashboard', () => {
  it("shows the event's type, date, status, code and guest link", async () => {
    await openDashboard(makeUser(Role.ServiceProvider), annaAndBen());

    expect(detail('Event Type')).toHaveTextContent('Wedding');
    expect(detail('Date')).toHaveTextContent('Jun 12, 2027');
    expect(detail('Status')).toHaveTextContent('Published');
    expect(detail('Event Code')).toHaveTextContent('ANNA26');
    const guestUrl = `${window.location.origin}/contribute?code=ANNA26`;
    expect(within(detail('Guest Link')).getByRole('link')).toHaveAttribute('href', guestUrl);
    expect(detail('Guest Link')).toHaveTextContent(guestUrl);
  });

  it("says 'Not specified' without a date", async () => {
    await openDashboard(makeUser(Role.Owner), makeHostEvent({ name: 'Spring Gala', eventDate: null }));
    expect(detail('Date')).toHaveTextContent('Not specified');
  });

  it.each([Role.ServiceProvider, Role.Owner])(
    'gives a %s Edit Event, Display Wall, Presentation, Contribute and Delete Event',
    async (role) => {
      await openDashboard(makeUser(role), annaAndBen());

      expect(links()).toEqual([
        ['Edit Event', '/events/e-1/edit'],
        ['Display Wall', '/memories/e-1'],
        ['Presentation', '/presentation/e-1'],
        ['Contribute', '/contribute/e-1'],
      ]);
      expect(screen.getByRole('button', { name: 'Delete Event' })).toBeInTheDocument();
      expect(screen.queryByRole('link', { name: 'Wall Settings' })).not.toBeInTheDocument();
      expect(screen.queryByRole('link', { name: 'Moderate Content' })).not.toBeInTheDocument();
    },
  );

  it("counts the event's memories: in all, approved, pending, contributors and per type", async () => {
    await openDashboard(makeUser(Role.ServiceProvider), annaAndBen());
    const panel = screen.getByRole('region', { name: 'Memories' });

    await within(panel).findByText('1,234');
    const tiles = within(panel)
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(tiles).toEqual([
      ['Contributions', '1,234'],
      ['Approved', '1,000'],
      ['Pending', '30'],
      ['Contributors', '210'],
    ]);
    expect(
      within(panel).getByText('Messages: 900 · Photos: 300 · Drawings: 30 · Videos: 4 · Voice messages: 2'),
    ).toBeInTheDocument();
  });

  it('gives a customer Display Wall (their host wall with the screens), Presentation, Contribute, Wall Settings and Moderate Content', async () => {
    await openDashboard(makeUser(Role.Customer), { ...annaAndBen(), permissions: DEFAULT_CUSTOMER_PERMISSIONS });

    expect(links()).toEqual([
      ['Display Wall', '/events/e-1/wall'],
      ['Presentation', '/presentation/e-1'],
      ['Contribute', '/contribute/e-1'],
      ['Wall Settings', '/wall-settings/e-1'],
      ['Moderate Content', '/events/e-1/moderation'],
    ]);
    expect(screen.queryByRole('link', { name: 'Edit Event' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Event' })).not.toBeInTheDocument();
  });

  it('gives a customer the links their planner allows: Edit Event with details, none for the wall or moderation', async () => {
    await openDashboard(makeUser(Role.Customer), {
      ...annaAndBen(),
      permissions: { canModerate: false, canEditTheme: false, canEditDetails: true },
    });

    expect(links()).toEqual([
      ['Edit Event', '/events/e-1/edit'],
      ['Display Wall', '/events/e-1/wall'],
      ['Presentation', '/presentation/e-1'],
      ['Contribute', '/contribute/e-1'],
    ]);
  });

  it('deletes a draft after confirmation and returns to the events list', async () => {
    const { user } = await openDashboard(
      makeUser(Role.ServiceProvider),
      makeHostEvent({ id: 'd-1', name: 'Spring Gala', status: EventStatus.Draft }),
    );

    await user.click(screen.getByRole('button', { name: 'Delete Event' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Event' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await findToast('Event deleted')).toBeInTheDocument();
    expect(server.requests.filter((r) => r.method === 'DELETE').map((r) => r.url)).toEqual(['/api/events/d-1']);
    expect(await screen.findByRole('heading', { level: 1, name: 'Your Events' }, PAGE_LOAD)).toBeInTheDocument();
  });

  it('does not offer to delete a published event', async () => {
    await openDashboard(makeUser(Role.ServiceProvider), annaAndBen());
    expect(screen.getByRole('button', { name: 'Delete Event' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Delete Event' })).toHaveAccessibleDescription(
      'Only draft events can be deleted.',
    );
  });

  it('shows the QR code of the guest link in a dialog', async () => {
    const { user } = await openDashboard(makeUser(Role.ServiceProvider), annaAndBen());

    await user.click(screen.getByRole('button', { name: 'Show QR Code' }));

    const dialog = screen.getByRole('dialog', { name: 'QR Code for Anna & Ben' });
    const canvas = (await within(dialog).findByRole(
      'img',
      { name: 'QR code for Anna & Ben' },
      PAGE_LOAD,
    )) as HTMLCanvasElement;
    await waitFor(() => {
      const { data, width, height } = canvasPixels(canvas);
      expect(jsQR(data, width, height)?.data).toBe(`${window.location.origin}/contribute?code=ANNA26`);
    });
    expect(within(dialog).getByRole('button', { name: 'Download' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("says the event doesn't exist or is not the caller's", async () => {
    session.user = makeUser(Role.Customer);
    renderWithProviders(undefined, { route: '/events/unknown' });

    expect(await screen.findByRole('alert')).toHaveTextContent(
      "The event you're looking for doesn't exist or you don't have permission to view it.",
    );
  });

  it('says loading failed on any other error', async () => {
    session.user = makeUser(Role.ServiceProvider);
    eventReply = {
      status: 500,
      body: { statusCode: 500, error: 'Internal Server Error', message: 'Internal Server Error' },
    };
    renderWithProviders(undefined, { route: '/events/e-1' });

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load event details. Please try again later.');
  });
});
