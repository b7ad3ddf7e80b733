import { screen, waitFor, within } from '@testing-library/react';
import { SUBMISSION_ID_HEADER, type MyMemory } from '@memory-wall/contracts';
import { renderWithProviders } from '../../test/renderWithProviders';
import { makeEvent } from '../../test/fixtures';
import { answerMe, findToast } from '../../test/session';
import { startTestServer, type Reply, type TestServer } from '../../test/testServer';

const EVENT_ID = '6f1c1c5e-8d0a-4f3e-9a57-2b7f0e4c9d11';
const event = makeEvent({ id: EVENT_ID, name: 'Anna & Ben' });
const session = { user: null };
/** The server's memories by submission id: what it says of each, as the hosts decide. */
let stored: Map<string, MyMemory>;
let deleteReply: Reply;
let server: TestServer;

beforeEach(async () => {
  localStorage.clear();
  stored = new Map();
  deleteReply = undefined;
  let next = 0;
  server = await startTestServer((req) => {
    const { method, url } = req;
    if (method === 'GET' && url === `/api/events/public/${EVENT_ID}`) return { status: 200, body: { event } };
    if (method === 'POST' && url === `/api/events/${EVENT_ID}/submissions/message`) {
      const submissionId = String(req.headers[SUBMISSION_ID_HEADER]);
      const memoryId = `m-${++next}`;
      stored.set(submissionId, { submissionId, memoryId, status: 'waiting' });
      return { status: 201, body: { success: true, memory: { id: memoryId, eventId: EVENT_ID, approved: false } } };
    }
    if (method === 'POST' && url === `/api/events/${EVENT_ID}/my-memories`) {
      const { submissionIds } = req.body as { submissionIds: string[] };
      const memories = submissionIds.map(
        (submissionId) => stored.get(submissionId) ?? { submissionId, memoryId: null, status: 'not_shown' },
      );
      return { status: 200, body: { success: true, memories } };
    }
    if (method === 'DELETE' && url.startsWith(`/api/events/${EVENT_ID}/my-memories/`)) {
      if (deleteReply) return deleteReply;
      const submissionId = String(req.headers[SUBMISSION_ID_HEADER]);
      if (stored.get(submissionId)?.memoryId !== url.split('/').pop()) return { status: 404, body: {} };
      stored.delete(submissionId);
      return { status: 200, body: { success: true } };
    }
    return answerMe(session, req);
  });
});
afterEach(() => server.close());

async function sendMessage(message: string) {
  const rendered = renderWithProviders(undefined, { route: `/contribute/${EVENT_ID}` });
  const { user } = rendered;
  await user.type(await screen.findByLabelText('Your Name', {}, { timeout: 5000 }), 'Carol');
  await user.type(screen.getByLabelText('Message'), message);
  await user.click(screen.getByRole('button', { name: 'Submit' }));
  expect(await screen.findByRole('heading', { name: 'Thank You' })).toBeInTheDocument();
  rendered.unmount();
}

async function openMyMemories() {
  const rendered = renderWithProviders(undefined, { route: `/contribute/${EVENT_ID}` });
  const list = await screen.findByRole('region', { name: 'My memories' }, { timeout: 5000 });
  return { ...rendered, list };
}

const item = (list: HTMLElement, text: string) => within(list).getByText(text).closest('li')!;

describe('my memories', () => {
  it('is not shown on a device that sent nothing to the event', async () => {
    renderWithProviders(undefined, { route: `/contribute/${EVENT_ID}` });
    expect(await screen.findByRole('tab', { name: 'Message' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'My memories' })).not.toBeInTheDocument();
    expect(server.requests.some((r) => r.url.endsWith('/my-memories'))).toBe(false);
  });

  it("lists what this device sent, asks by the submission ids it was sent with, and shows each one's status", async () => {
    await sendMessage('First toast');
    await sendMessage('Second toast');
    const [first, second] = server.requests.filter((r) => r.url.endsWith('/submissions/message'));
    stored.set(String(first.headers[SUBMISSION_ID_HEADER]), {
      ...stored.get(String(first.headers[SUBMISSION_ID_HEADER]))!,
      status: 'on_wall',
    });

    const { list } = await openMyMemories();

    await waitFor(() => expect(within(item(list, 'First toast')).getByText('On the wall')).toBeInTheDocument());
    expect(within(item(list, 'Second toast')).getByText('Waiting for approval')).toBeInTheDocument();
    const asked = server.requests.filter((r) => r.url.endsWith('/my-memories')).at(-1)!;
    expect(asked.body).toEqual({
      submissionIds: [second.headers[SUBMISSION_ID_HEADER], first.headers[SUBMISSION_ID_HEADER]],
    });
  });

  it('deletes a memory after asking, with its submission id, and forgets it', async () => {
    await sendMessage('Take me back');
    const { user, list } = await openMyMemories();
    const mine = item(list, 'Take me back');
    await waitFor(() => expect(within(mine).getByText('Waiting for approval')).toBeInTheDocument());

    await user.click(within(mine).getByRole('button', { name: 'Delete' }));
    expect(within(mine).getByText('Delete this memory? It disappears from the wall and every screen.')).toBeVisible();
    expect(server.requests.some((r) => r.method === 'DELETE')).toBe(false);
    await user.click(within(mine).getByRole('button', { name: 'Delete' }));

    expect(await findToast('Memory deleted')).toBeInTheDocument();
    const [deleted] = server.requests.filter((r) => r.method === 'DELETE');
    const sent = server.requests.find((r) => r.url.endsWith('/submissions/message'))!;
    expect(deleted.url).toBe(`/api/events/${EVENT_ID}/my-memories/m-1`);
    expect(deleted.headers[SUBMISSION_ID_HEADER]).toBe(sent.headers[SUBMISSION_ID_HEADER]);
    await waitFor(() => expect(screen.queryByRole('region', { name: 'My memories' })).not.toBeInTheDocument());
  });

  it('keeps the memory and says so when it cannot be deleted', async () => {
    deleteReply = { status: 500, body: { statusCode: 500, message: 'Internal server error' } };
    await sendMessage('Stay with me');
    const { user, list } = await openMyMemories();
    const mine = item(list, 'Stay with me');
    await waitFor(() => expect(within(mine).getByText('Waiting for approval')).toBeInTheDocument());

    await user.click(within(mine).getByRole('button', { name: 'Delete' }));
    await user.click(within(mine).getByRole('button', { name: 'Delete' }));

    expect(await findToast('Could not delete the memory')).toBeInTheDocument();
    expect(within(list).getByText('Stay with me')).toBeInTheDocument();
  });
});
