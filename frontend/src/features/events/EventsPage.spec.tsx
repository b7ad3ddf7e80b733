import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { EventMessages, EventStatus, Role, type HostEvent, type SessionUser } from '@memory-wall/contracts';
import { App } from '../../app/App';
import { PAGE_LOAD, renderWithProviders } from '../../test/renderWithProviders';
import { answerMe, findToast, makeUser } from '../../test/session';
import { startTestServer, type Reply, type TestServer } from '../../test/testServer';
import { makeHostEvent } from '../../test/fixtures';

const session: { user: SessionUser | null } = { user: null };
let server: TestServer;
let events: HostEvent[];
let listReply: Reply;
let patchReply: Reply;
let deleteReply: Reply;

/** The app, recording into `seen` every path it goes to: for the tests that follow where a page sends one. */
function appRecordingPaths(seen: string[]) {
  function Recorder() {
    const { pathname } = useLocation();
    useEffect(() => void seen.push(pathname), [pathname]);
    return null;
  }
  return (
    <>
      <App />
      <Recorder />
    </>
  );
}

beforeEach(async () => {
  session.user = null;
  events = [];
  listReply = undefined;
  patchReply = undefined;
  deleteReply = undefined;
  server = await startTestServer((req) => {
    if (req.method === 'GET' && req.url === '/api/events')
      return listReply ?? { status: 200, body: { success: true, events } };
    const target = events.find((e) => req.url === `/api/events/${e.id}`);
    if (req.method === 'PATCH' && target) {
      if (patchReply) return patchReply;
      const { status } = req.body as { status: HostEvent['status'] };
      Object.assign(target, { status });
      // Publishing spends one of the provider's credits.
      const provider = session.user?.serviceProvider;
      if (status === EventStatus.Live && provider) {
        session.user = {
          ...session.user!,
          serviceProvider: { ...provider, availableCredits: provider.availableCredits - 1 },
        };
      }
      return { status: 200, body: { success: true, event: target } };
    }
    const original = events.find((e) => req.url === `/api/events/${e.id}/duplicate`);
    if (req.method === 'POST' && original) {
      const copy = makeHostEvent({ id: 'copy-1', name: `${original.name} (copy)`, status: EventStatus.Draft });
      events = [copy, ...events];
      return { status: 201, body: { success: true, event: copy } };
    }
    if (req.method === 'DELETE' && target) {
      if (deleteReply) return deleteReply;
      events = events.filter((e) => e !== target);
      return { status: 200, body: { success: true } };
    }
    if (req.method === 'GET' && req.url.endsWith('/customer'))
      return { status: 200, body: { success: true, customers: [] } };
    return answerMe(session, req);
  });
});
afterEach(() => server.close());

const draft = () =>
  makeHostEvent({ id: 'draft-1', name: 'Spring Gala', status: EventStatus.Draft, eventCode: 'GALA26' });
const live = () =>
  makeHostEvent({ id: 'live-1', name: 'Anna & Ben', status: EventStatus.Live, contributionsCount: 12 });
const done = () => makeHostEvent({ id: 'done-1', name: 'Memorial for Joe', status: EventStatus.Completed });

async function openEvents(user: SessionUser, ui = <App />) {
  session.user = user;
  const rendered = renderWithProviders(ui, { route: '/events' });
  expect(await screen.findByRole('heading', { level: 1, name: 'Your Events' }, PAGE_LOAD)).toBeInTheDocument();
  return rendered;
}

const card = (name: string) => screen.getByRole('listitem', { name });
const findCard = (name: string) => screen.findByRole('listitem', { name });
const cardNames = () =>
  within(screen.getByRole('list', { name: 'Your Events' }))
    .queryAllByRole('listitem')
    .map((li) => within(li).getByRole('heading').textContent);
const requests = (method: string) => server.requests.filter((r) => r.method === method);
const dialog = () => screen.getByRole('dialog');

describe('events list', () => {
  it('shows each event with its status, the credits it used and the actions its status allows', async () => {
    events = [draft(), live(), done()];
    await openEvents(makeUser(Role.ServiceProvider));

    expect(screen.getByRole('link', { name: 'New Event' })).toHaveAttribute('href', '/events/new');
    expect(screen.getByText('Available credits: 7')).toBeInTheDocument();

    const draftCard = await findCard('Spring Gala');
    expect(within(draftCard).getByRole('link', { name: 'Spring Gala' })).toHaveAttribute('href', '/events/draft-1');
    expect(within(draftCard).getByText('Draft')).toBeInTheDocument();
    expect(within(draftCard).getByText('0 credits used')).toBeInTheDocument();
    expect(within(draftCard).getByRole('button', { name: 'Publish' })).toBeInTheDocument();
    expect(within(draftCard).getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/events/draft-1/edit');
    expect(within(draftCard).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(within(draftCard).queryByRole('button', { name: 'Complete' })).not.toBeInTheDocument();
    expect(within(draftCard).queryByRole('link', { name: 'View' })).not.toBeInTheDocument();

    const liveCard = card('Anna & Ben');
    expect(within(liveCard).getByText('Published')).toBeInTheDocument();
    expect(within(liveCard).getByText('1 credit used')).toBeInTheDocument();
    expect(within(liveCard).getByText('Contributions: 12')).toBeInTheDocument();
    // Completing is for good: the quieter button, View the filled one.
    expect(within(liveCard).getByRole('button', { name: 'Complete' })).toHaveClass('button-secondary');
    expect(within(liveCard).getByRole('link', { name: 'View' })).toHaveAttribute('href', '/events/live-1');
    expect(within(liveCard).getByRole('link', { name: 'View' })).not.toHaveClass('button-secondary');
    expect(within(liveCard).queryByRole('button', { name: 'Publish' })).not.toBeInTheDocument();
    expect(within(liveCard).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(within(liveCard).queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();

    const doneCard = card('Memorial for Joe');
    expect(within(doneCard).getByText('Completed')).toBeInTheDocument();
    expect(within(doneCard).getByText('1 credit used')).toBeInTheDocument();
    expect(within(doneCard).getByRole('link', { name: 'View' })).toHaveAttribute('href', '/events/done-1');
    for (const action of ['Publish', 'Complete', 'Delete']) {
      expect(within(doneCard).queryByRole('button', { name: action })).not.toBeInTheDocument();
    }
  });

  it('filters by status', async () => {
    events = [draft(), live(), done()];
    const { user } = await openEvents(makeUser(Role.ServiceProvider));
    await findCard('Spring Gala');
    const filter = (name: string) =>
      within(screen.getByRole('group', { name: 'Filter events' })).getByRole('button', { name });

    expect(filter('All')).toHaveAttribute('aria-pressed', 'true');
    expect(cardNames()).toEqual(['Spring Gala', 'Anna & Ben', 'Memorial for Joe']);
    await user.click(filter('Draft'));
    expect(filter('Draft')).toHaveAttribute('aria-pressed', 'true');
    expect(cardNames()).toEqual(['Spring Gala']);
    await user.click(filter('Published'));
    expect(cardNames()).toEqual(['Anna & Ben']);
    await user.click(filter('Completed'));
    expect(cardNames()).toEqual(['Memorial for Joe']);
    await user.click(filter('All'));
    expect(cardNames()).toHaveLength(3);
  });

  it('publishes a draft after confirming, then shows it published and the credit spent', async () => {
    events = [draft()];
    const { user } = await openEvents(makeUser(Role.ServiceProvider));

    await user.click(within(await findCard('Spring Gala')).getByRole('button', { name: 'Publish' }));
    expect(within(dialog()).getByRole('heading', { name: 'Publish Event' })).toBeInTheDocument();
    expect(within(dialog()).getByText('You have 7 credits available.')).toBeInTheDocument();
    await user.click(within(dialog()).getByRole('button', { name: 'Publish' }));

    expect(await findToast('Event published')).toBeInTheDocument();
    expect(requests('PATCH').map((r) => [r.url, r.body])).toEqual([['/api/events/draft-1', { status: 'live' }]]);
    await waitFor(() => expect(within(card('Spring Gala')).getByText('1 credit used')).toBeInTheDocument());
    expect(within(card('Spring Gala')).getByRole('button', { name: 'Complete' })).toBeInTheDocument();
    expect(await screen.findByText('Available credits: 6')).toBeInTheDocument();
  });

  it('says clearly when publishing fails for lack of credits', async () => {
    events = [draft()];
    patchReply = {
      status: 402,
      body: { statusCode: 402, error: 'Payment Required', message: EventMessages.notEnoughCredits },
    };
    const user = makeUser(Role.ServiceProvider);
    user.serviceProvider!.availableCredits = 0;
    const { user: clicker } = await openEvents(user);
    expect(screen.getByText('Available credits: 0')).toBeInTheDocument();

    await clicker.click(within(await findCard('Spring Gala')).getByRole('button', { name: 'Publish' }));
    await clicker.click(within(dialog()).getByRole('button', { name: 'Publish' }));

    const toast = await findToast('Error');
    expect(within(toast).getByText('Failed to update event status')).toBeInTheDocument();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Not enough credits: buy a credit pack to publish this event');
    expect(within(alert).getByRole('link', { name: 'Buy Credits' })).toHaveAttribute('href', '/credits');
    expect(within(card('Spring Gala')).getByText('0 credits used')).toBeInTheDocument();
  });

  it('completes a live event', async () => {
    events = [live()];
    const { user } = await openEvents(makeUser(Role.Owner));

    await user.click(within(await findCard('Anna & Ben')).getByRole('button', { name: 'Complete' }));
    expect(within(dialog()).getByRole('heading', { name: 'Complete Event' })).toBeInTheDocument();
    await user.click(within(dialog()).getByRole('button', { name: 'Complete' }));

    expect(await findToast('Event completed')).toBeInTheDocument();
    expect(requests('PATCH').map((r) => r.body)).toEqual([{ status: 'completed' }]);
    await waitFor(() => expect(within(card('Anna & Ben')).getByText('Completed')).toBeInTheDocument());
  });

  it('deletes a draft only once the deletion is confirmed', async () => {
    events = [draft(), live()];
    const { user } = await openEvents(makeUser(Role.ServiceProvider));

    await user.click(within(await findCard('Spring Gala')).getByRole('button', { name: 'Delete' }));
    expect(
      within(dialog()).getByText('Are you sure you want to delete "Spring Gala"? This cannot be undone.'),
    ).toBeInTheDocument();
    await user.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(requests('DELETE')).toHaveLength(0);

    await user.click(within(card('Spring Gala')).getByRole('button', { name: 'Delete' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Delete' }));

    expect(await findToast('Event deleted')).toBeInTheDocument();
    expect(requests('DELETE').map((r) => r.url)).toEqual(['/api/events/draft-1']);
    await waitFor(() => expect(cardNames()).toEqual(['Anna & Ben']));
  });

  it("duplicates an event's settings into a new draft once confirmed, and opens the copy's form", async () => {
    events = [live()];
    const seen: string[] = [];
    const { user } = await openEvents(makeUser(Role.ServiceProvider), appRecordingPaths(seen));

    await user.click(within(await findCard('Anna & Ben')).getByRole('button', { name: 'Duplicate Anna & Ben' }));
    expect(within(dialog()).getByRole('heading', { name: 'Duplicate Event' })).toBeInTheDocument();
    expect(within(dialog()).getByText(/uses 1 credit only when it is published/)).toBeInTheDocument();
    await user.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    expect(requests('POST').filter((r) => r.url.endsWith('/duplicate'))).toHaveLength(0);

    await user.click(within(card('Anna & Ben')).getByRole('button', { name: 'Duplicate Anna & Ben' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Duplicate' }));

    expect(await findToast('Event duplicated')).toBeInTheDocument();
    expect(requests('POST').map((r) => r.url)).toContain('/api/events/live-1/duplicate');
    await waitFor(() => expect(seen).toContain('/events/copy-1/edit'));
  });

  it("says 'Failed to delete event' when the server refuses", async () => {
    events = [draft()];
    deleteReply = {
      status: 409,
      body: { statusCode: 409, error: 'Conflict', message: EventMessages.onlyDraftsDeleted },
    };
    const { user } = await openEvents(makeUser(Role.ServiceProvider));

    await user.click(within(await findCard('Spring Gala')).getByRole('button', { name: 'Delete' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Delete' }));

    const toast = await findToast('Error');
    expect(within(toast).getByText('Failed to delete event')).toBeInTheDocument();
    expect(card('Spring Gala')).toBeInTheDocument();
  });

  it('gives a customer only View, no New Event and no customer panel', async () => {
    events = [draft(), live()];
    await openEvents(makeUser(Role.Customer));

    const draftCard = await findCard('Spring Gala');
    expect(within(draftCard).getByRole('link', { name: 'View' })).toHaveAttribute('href', '/events/draft-1');
    expect(within(draftCard).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'New Event' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Available credits/)).not.toBeInTheDocument();
  });

  it('gives an owner New Event and no credits line', async () => {
    events = [live()];
    await openEvents(makeUser(Role.Owner));

    await findCard('Anna & Ben');
    expect(screen.getByRole('link', { name: 'New Event' })).toBeInTheDocument();
    expect(screen.queryByText(/Available credits/)).not.toBeInTheDocument();
  });

  it('sends a customer with exactly one event to its wall', async () => {
    events = [live()];
    const seen: string[] = [];
    session.user = makeUser(Role.Customer);
    renderWithProviders(appRecordingPaths(seen), { route: '/events' });

    await waitFor(() => expect(seen).toContain('/memories/live-1'));
  });

  it("opens an event's customer credentials panel for its managers", async () => {
    events = [live()];
    const { user } = await openEvents(makeUser(Role.ServiceProvider));
    const toggle = within(await findCard('Anna & Ben')).getByRole('button', { name: 'Customer Access' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await user.click(toggle);

    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(
      await within(card('Anna & Ben')).findByRole('heading', { name: 'Customer Credentials' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(server.requests.map((r) => r.url)).toContain('/api/events/live-1/customer'));
  });

  it("offers 'Try Again' when the events cannot be loaded", async () => {
    listReply = {
      status: 500,
      body: { statusCode: 500, error: 'Internal Server Error', message: 'Internal Server Error' },
    };
    await openEvents(makeUser(Role.ServiceProvider));

    const toast = await findToast('Error Loading Events');
    events = [live()];
    listReply = undefined;
    // A plain click: sonner's pointerdown handler needs setPointerCapture, which jsdom lacks.
    fireEvent.click(within(toast).getByRole('button', { name: 'Try Again' }));

    expect(await findCard('Anna & Ben')).toBeInTheDocument();
    expect(server.requests.filter((r) => r.url === '/api/events').length).toBeGreaterThanOrEqual(2);
  });
});
