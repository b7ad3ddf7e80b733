import { screen, within } from '@testing-library/react';
import { EventStatus, Messages, Role, type SessionUser } from '@memory-wall/contracts';
import { renderWithProviders } from '../../test/renderWithProviders';
import { makeEvent } from '../../test/fixtures';
import { answerMe, makeUser } from '../../test/session';
import { startTestServer, type TestServer } from '../../test/testServer';

const COMPLETED_ID = '0b9d2f6a-3c1e-4b7a-8e55-1f2a3b4c5d6e';
const DRAFT_ID = '7a6b5c4d-3e2f-4a1b-9c8d-7e6f5a4b3c2d';
const completed = makeEvent({
  id: COMPLETED_ID,
  name: 'Spring Ball',
  slug: 'spring-ball',
  eventCode: 'SPRING',
  status: EventStatus.Completed,
});

const session: { user: SessionUser | null } = { user: null };
let server: TestServer;

beforeEach(async () => {
  session.user = null;
  server = await startTestServer((req) => {
    const { method, url } = req;
    if (method === 'GET' && url === `/api/events/public/${COMPLETED_ID}`)
      return { status: 200, body: { event: completed } };
    if (method === 'GET' && url === '/api/events/by-code/SPRING')
      return { status: 200, body: { success: true, event: completed } };
    // What the server answers for a draft: it exists, but is not shown.
    if (method === 'GET' && url === `/api/events/public/${DRAFT_ID}`) {
      return {
        status: 403,
        body: { statusCode: 403, error: 'Forbidden', message: 'This event is not currently available' },
      };
    }
    if (method === 'GET' && url === `/api/events/${COMPLETED_ID}/memories?approved=true`)
      return { status: 200, body: { success: true, memories: [] } };
    return answerMe(session, req);
  });
});
afterEach(() => server.close());

async function openClosed(route: string) {
  renderWithProviders(undefined, { route });
  // The first test of a run also compiles the page's modules: give it time.
  return screen.findByRole('heading', { level: 1, name: 'Event Closed' }, { timeout: 5000 });
}

describe('contribute page: an event that takes no memories says so before anything is typed', () => {
  it.each([
    ['its id', `/contribute/${COMPLETED_ID}`],
    ['its code', '/contribute?code=spring'],
  ])(
    'shows a guest that a completed event (found by %s) is closed, with its wall, and no form',
    async (_how, route) => {
      const card = (await openClosed(route)).closest('section')!;

      expect(within(card).getByText(Messages.eventNotAccepting)).toBeInTheDocument();
      expect(within(card).getByRole('link', { name: 'View Memory Wall' })).toHaveAttribute(
        'href',
        `/display/${COMPLETED_ID}`,
      );
      expect(screen.queryByRole('heading', { name: 'Share Your Memory' })).not.toBeInTheDocument();
      expect(screen.queryByRole('tab')).not.toBeInTheDocument();
      expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();
    },
  );

  it('says a draft event (which the server will not show) is closed, and offers to enter another code', async () => {
    const card = (await openClosed(`/contribute/${DRAFT_ID}`)).closest('section')!;

    expect(within(card).getByText(Messages.eventNotAccepting)).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Enter an Event Code' })).toHaveAttribute('href', '/event-code');
    expect(screen.queryByRole('heading', { name: 'Event Not Found' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('shows a host the closed notice instead of the form, with the wall still beside it', async () => {
    session.user = makeUser(Role.Customer);
    await openClosed(`/contribute/${COMPLETED_ID}`);

    expect(await screen.findByRole('heading', { name: 'On the wall' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Add Individual Memory' })).not.toBeInTheDocument();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
  });
});
