import { screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { App } from '../../app/App';
import { makeEvent } from '../../test/fixtures';
import { PAGE_LOAD, renderWithProviders } from '../../test/renderWithProviders';
import { findToast, unauthorized } from '../../test/session';
import { startTestServer, type TestServer } from '../../test/testServer';

let server: TestServer;
const event = makeEvent({ id: 'event-1', name: 'Anna & Ben', eventCode: 'ANNA26' });

beforeEach(async () => {
  server = await startTestServer(({ method, url }) => {
    if (url === '/api/auth/me') return unauthorized();
    if (method === 'GET' && url === '/api/events/by-code/ANNA26')
      return { status: 200, body: { success: true, event } };
    if (method === 'GET' && url === '/api/events/by-code/BUSY42') {
      return {
        status: 429,
        body: {
          statusCode: 429,
          error: 'Too Many Requests',
          message: 'Too many event look-ups from this connection. Please wait a moment and try again.',
        },
      };
    }
    if (method === 'GET' && url.startsWith('/api/events/by-code/')) {
      return { status: 404, body: { statusCode: 404, error: 'Not Found', message: 'Event not found' } };
    }
    return undefined;
  });
});
afterEach(() => server.close());

function LocationProbe() {
  const { pathname, search } = useLocation();
  return <span data-testid="location">{`${pathname}${search}`}</span>;
}

async function openPage() {
  const rendered = renderWithProviders(
    <>
      <App />
      <LocationProbe />
    </>,
    { route: '/event-code' },
  );
  expect(await screen.findByRole('heading', { level: 1, name: 'Join an Event' }, PAGE_LOAD)).toBeInTheDocument();
  return rendered;
}

const lookups = () => server.requests.filter((r) => r.url.startsWith('/api/events/by-code/')).map((r) => r.url);

describe('join an event', () => {
  it('upper-cases the code and takes at most 6 characters', async () => {
    const { user } = await openPage();
    const input = screen.getByLabelText('Event Code');

    await user.type(input, 'anna26xyz');

    expect(input).toHaveValue('ANNA26');
    expect(input).toHaveAttribute('maxLength', '6');
  });

  it('looks the code up and goes on to /contribute?code={code}', async () => {
    const { user } = await openPage();

    await user.type(screen.getByLabelText('Event Code'), 'anna26');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/contribute?code=ANNA26'));
    expect(lookups()[0]).toBe('/api/events/by-code/ANNA26');
  });

  it('says so and stays when no event has the code', async () => {
    const { user } = await openPage();

    await user.type(screen.getByLabelText('Event Code'), 'nope12');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    const toast = await findToast('Invalid Event Code');
    expect(
      within(toast).getByText("We couldn't find an event with that code. Please check and try again."),
    ).toBeInTheDocument();
    expect(lookups()).toEqual(['/api/events/by-code/NOPE12']);
    expect(screen.getByTestId('location')).toHaveTextContent('/event-code');
  });

  it("gives the server's reason, not 'invalid code', when it refuses to look codes up (429)", async () => {
    const { user } = await openPage();

    await user.type(screen.getByLabelText('Event Code'), 'busy42');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    const toast = await findToast('Something went wrong. Please try again.');
    expect(
      within(toast).getByText('Too many event look-ups from this connection. Please wait a moment and try again.'),
    ).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/event-code');
  });

  it('asks for a code before looking anything up', async () => {
    const { user } = await openPage();

    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await findToast('Please enter an event code')).toBeInTheDocument();
    expect(lookups()).toHaveLength(0);
    expect(screen.getByTestId('location')).toHaveTextContent('/event-code');
  });
});
