import { fireEvent, screen, within } from '@testing-library/react';
import { JobName, QueueMessages, QueueName, Role, type QueueOverview, type SessionUser } from '@memory-wall/contracts';
import { renderWithProviders } from '../../test/renderWithProviders';
import { answerMe, findToast, makeUser } from '../../test/session';
import { startTestServer, type Reply, type TestServer } from '../../test/testServer';

const session: { user: SessionUser | null } = { user: null };
let server: TestServer;
let queues: QueueOverview[];
let retryReply: Reply;

const failedRender = {
  id: 'media-5b0c',
  name: JobName.RenderMedia,
  error: 'renditions could not be written: no space left on device',
  attemptsMade: 8,
  attempts: 8,
  failedAt: new Date(Date.now() - 5 * 60_000).toISOString(),
  memoryId: '5b0c3f1e-0000-4000-8000-000000000001',
};

beforeEach(async () => {
  session.user = makeUser(Role.Owner);
  queues = [
    {
      name: QueueName.Media,
      counts: { waiting: 4, active: 2, delayed: 0, failed: 3 },
      failed: [failedRender],
    },
    { name: QueueName.Moderation, counts: { waiting: 0, active: 0, delayed: 1, failed: 0 }, failed: [] },
  ];
  retryReply = undefined;
  server = await startTestServer((req) => {
    if (req.method === 'GET' && req.url === '/api/admin/queues') return { status: 200, body: { queues } };
    if (req.method === 'POST' && req.url === `/api/admin/queues/${QueueName.Media}/jobs/media-5b0c/retry`) {
      if (retryReply) return retryReply;
      queues = queues.map((q) =>
        q.name === QueueName.Media ? { ...q, counts: { ...q.counts, waiting: 5, failed: 2 }, failed: [] } : q,
      );
      return { status: 200, body: { success: true } };
    }
    return answerMe(session, req);
  });
});
afterEach(() => server.close());

async function openQueues() {
  renderWithProviders(undefined, { route: '/admin/queues' });
  // The first test of a run also waits for the page's module to be compiled.
  expect(await screen.findByRole('heading', { level: 1, name: 'Queues' }, { timeout: 10_000 })).toBeInTheDocument();
}

const card = async (name: string) => (await screen.findByRole('heading', { level: 2, name })).closest('section')!;

describe('queues page', () => {
  it("shows each queue's counts and its failed jobs with error, attempts and age", async () => {
    await openQueues();

    const media = await card(QueueName.Media);
    expect(within(media).getByRole('definition', { name: 'Waiting' })).toHaveTextContent('4');
    expect(within(media).getByRole('definition', { name: 'Active' })).toHaveTextContent('2');
    expect(within(media).getByRole('definition', { name: 'Failed' })).toHaveTextContent('3');
    expect(within(media).getByText('The latest 1 of 3 failed jobs')).toBeInTheDocument();
    const [row] = within(within(media).getByRole('table', { name: 'Failed jobs' }))
      .getAllByRole('row')
      .slice(1);
    expect(within(row).getByRole('rowheader')).toHaveTextContent(`${JobName.RenderMedia}media-5b0c`);
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([failedRender.error, '8 of 8', '5 minutes ago', 'RetryRemove']);

    const moderation = await card(QueueName.Moderation);
    expect(within(moderation).getByRole('definition', { name: 'Delayed' })).toHaveTextContent('1');
    expect(within(moderation).getByText('No failed jobs')).toBeInTheDocument();
  });

  it('retries a failed job and shows the queue as it is afterwards', async () => {
    await openQueues();

    fireEvent.click(await screen.findByRole('button', { name: `Retry job media-5b0c of ${QueueName.Media}` }));

    await findToast('The job is waiting to run again');
    const media = await card(QueueName.Media);
    expect(await within(media).findByText('No failed jobs')).toBeInTheDocument();
    expect(within(media).getByRole('definition', { name: 'Waiting' })).toHaveTextContent('5');
  });

  it("says why a job could not be retried, in the server's words", async () => {
    retryReply = { status: 409, body: { statusCode: 409, error: 'Conflict', message: QueueMessages.jobNotFailed } };
    await openQueues();

    fireEvent.click(await screen.findByRole('button', { name: `Retry job media-5b0c of ${QueueName.Media}` }));

    const toast = await findToast('The job could not be changed');
    expect(toast).toHaveTextContent(QueueMessages.jobNotFailed);
  });
});
