import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../test/renderWithProviders';
import { makeEvent } from '../../test/fixtures';
import { startTestServer, type Reply, type TestServer } from '../../test/testServer';

const event = makeEvent({ id: 'event-1', slug: 'anna-and-ben' });
const submitUrl = '/api/events/event-1/submissions/message';

let server: TestServer;
let submissionReply: Reply;

beforeEach(async () => {
  submissionReply = { status: 201, body: { success: true, memory: { id: 'm-1', eventId: 'event-1', approved: true } } };
  server = await startTestServer(({ method, url }) => {
    if (method === 'GET' && url === '/api/events/public/event-1') return { status: 200, body: { event } };
    if (method === 'GET' && url === '/api/events/by-slug/anna-and-ben') return { status: 200, body: { event } };
    if (method === 'POST' && url === submitUrl) return submissionReply;
    return undefined;
  });
});
afterEach(() => server.close());

const submissions = () => server.requests.filter((r) => r.url === submitUrl);

async function openForm() {
  const rendered = renderWithProviders(undefined, { route: '/contribute/event-1' });
  expect(await screen.findByRole('heading', { name: 'Share Your Memory' })).toBeInTheDocument();
  return rendered;
}

describe('contribute page', () => {
  it('asks for the name and the message before sending anything', async () => {
    const { user } = await openForm();

    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(screen.getByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Message is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Your Name')).toHaveAttribute('aria-invalid', 'true');
    expect(submissions()).toHaveLength(0);
  });

  it('posts the message as JSON and goes to the thank-you page', async () => {
    const { user } = await openForm();

    await user.type(screen.getByLabelText('Your Name'), '  Carol ');
    await user.type(screen.getByLabelText('Title'), 'Cheers');
    await user.type(screen.getByLabelText('Message'), 'Congratulations!');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByRole('heading', { name: 'Thank You' })).toBeInTheDocument();
    expect(submissions()).toEqual([
      { method: 'POST', url: submitUrl, body: { name: 'Carol', message: 'Congratulations!', title: 'Cheers' } },
    ]);
    expect(await screen.findByRole('link', { name: 'View Memory Wall' })).toHaveAttribute('href', '/presentation/event-1');
  });

  it("shows the server's field messages next to the fields", async () => {
    submissionReply = {
      status: 400,
      body: { statusCode: 400, error: 'Bad Request', message: 'Validation failed', fields: { message: 'Message is too long' } },
    };
    const { user } = await openForm();

    await user.type(screen.getByLabelText('Your Name'), 'Carol');
    await user.type(screen.getByLabelText('Message'), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('Message is too long')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Share Your Memory' })).toBeInTheDocument();
  });

  it('toasts the server message when a submission is refused', async () => {
    submissionReply = {
      status: 403,
      body: { statusCode: 403, error: 'Forbidden', message: 'This event is not accepting memories right now' },
    };
    const { user } = await openForm();

    await user.type(screen.getByLabelText('Your Name'), 'Carol');
    await user.type(screen.getByLabelText('Message'), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    const toast = (await screen.findByText('This event is not accepting memories right now')).closest('li')!;
    expect(within(toast).getByText('Error submitting message')).toBeInTheDocument();
  });

  it('offers to enter an event code when the event does not exist', async () => {
    renderWithProviders(undefined, { route: '/contribute/missing' });

    expect(await screen.findByRole('heading', { name: 'Event Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Enter an Event Code' })).toHaveAttribute('href', '/event-code');
  });
});
