import { screen, waitFor, within } from '@testing-library/react';
import {
  DEFAULT_CUSTOMER_PERMISSIONS,
  LiveMessageType,
  MemoryType,
  ModerationType,
  Role,
  type CustomerPermissions,
  type HostMemory,
  type SessionUser,
} from '@memory-wall/contracts';
import { renderWithProviders } from '../../test/renderWithProviders';
import { answerMe, findToast, makeUser } from '../../test/session';
import { makeHostEvent } from '../../test/fixtures';
import { startTestServer, type Reply, type TestServer } from '../../test/testServer';
import { attachLiveServer, hostMemory, type LiveServer } from '../memories/testFixtures';

const EVENT_ID = 'event-1';
const message = hostMemory({
  id: 'p-1',
  content: 'Congratulations!',
  author: 'Carol',
  title: 'Cheers',
  createdAt: '2025-06-01T12:00:00.000Z',
});
const held = hostMemory({
  id: 'p-2',
  type: MemoryType.Photo,
  content: '',
  author: '',
  photoCaption: 'At the party',
  createdAt: '2025-07-04T12:00:00.000Z',
  moderation: { reason: 'ai_flagged', categories: ['violence'] },
  media: {
    card: { url: '/media/p-2-card.webp', width: 800, height: 600 },
    full: { url: '/media/p-2-full.webp', width: 1920, height: 1440 },
  },
});
const onWall = hostMemory({
  id: 'a-1',
  content: 'On the wall',
  author: 'Ann',
  approved: true,
  createdAt: '2025-05-20T10:00:00.000Z',
});

const session: { user: SessionUser | null } = { user: null };
let server: TestServer;
let live: LiveServer | undefined;
let all: HostMemory[];
let failWith: Reply;
let eventModeration: ModerationType;
let aiModeration: boolean;
let eventPermissions: CustomerPermissions;

const matches = (filter: string) => (m: HostMemory) =>
  filter === 'pending' ? !m.approved && !m.flagged : filter === 'approved' ? m.approved && !m.flagged : m.flagged;
const change = (id: string, fields: Partial<HostMemory>) => {
  const memory = { ...all.find((m) => m.id === id)!, ...fields };
  all = all.map((m) => (m.id === id ? memory : m));
  return { status: 200, body: { success: true, memory } };
};

beforeEach(async () => {
  session.user = makeUser(Role.Customer);
  all = [message, held, onWall];
  failWith = undefined;
  live = undefined;
  eventModeration = ModerationType.ManualModeration;
  aiModeration = true;
  eventPermissions = DEFAULT_CUSTOMER_PERMISSIONS;
  server = await startTestServer((req) => {
    const { method, url } = req;
    const list = (filter: string) => ({ status: 200, body: { success: true, memories: all.filter(matches(filter)) } });
    if (method === 'GET' && url === `/api/events/${EVENT_ID}/submissions/pending`) return list('pending');
    if (method === 'GET' && url === `/api/events/${EVENT_ID}/memories?approved=true`) return list('approved');
    if (method === 'GET' && url === `/api/events/${EVENT_ID}/memories?flagged=true`) return list('flagged');
    if (method === 'GET' && url === `/api/events/${EVENT_ID}`)
      return {
        status: 200,
        body: {
          event: makeHostEvent({ id: EVENT_ID, moderationType: eventModeration, permissions: eventPermissions }),
        },
      };
    if (method === 'GET' && url === '/api/settings/moderation') return { status: 200, body: { aiModeration } };
    if (method !== 'GET' && url.startsWith('/api/') && failWith && !url.startsWith('/api/auth')) return failWith;
    let found = url.match(/^\/api\/submissions\/([^/]+)\/approve$/);
    if (method === 'POST' && found) return change(found[1], { approved: true, flagged: false });
    found = url.match(/^\/api\/memories\/([^/]+)\/flag$/);
    if (method === 'POST' && found) return change(found[1], { flagged: true });
    found = url.match(/^\/api\/(submissions|memories)\/([^/]+)$/);
    if (method === 'DELETE' && found) {
      all = all.filter((m) => m.id !== found![2]);
      return { status: 200, body: { success: true } };
    }
    return answerMe(session, req);
  });
});
afterEach(async () => {
  await live?.close();
  await server.close();
});

const requests = (method: string, url: string) => server.requests.filter((r) => r.method === method && r.url === url);
const tab = (name: string) => screen.getByRole('tab', { name: new RegExp(`^${name}`) });
const cardOf = (text: string) => screen.getByText(text).closest('article')!;

async function openModeration() {
  const rendered = renderWithProviders(undefined, { route: `/events/${EVENT_ID}/moderation` });
  expect(await screen.findByRole('heading', { level: 1, name: 'Moderation' }, { timeout: 5000 })).toBeInTheDocument();
  await waitFor(() => expect(tab('Pending')).toHaveTextContent('Pending2'));
  return rendered;
}

describe('moderation page', () => {
  const notice = /AI moderation is not set up on this server/;

  it('tells the host when the event asks for AI moderation that this server cannot do', async () => {
    eventModeration = ModerationType.AiModeration;
    aiModeration = false;
    await openModeration();

    expect(await screen.findByText(notice)).toBeInTheDocument();
    expect(screen.getByTestId('ai-moderation-unavailable')).toHaveTextContent('every new memory waits here');
  });

  it('tells a customer whose planner took moderation away, instead of showing the lists', async () => {
    eventPermissions = { canModerate: false, canEditTheme: true, canEditDetails: false };
    renderWithProviders(undefined, { route: `/events/${EVENT_ID}/moderation` });

    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent(
      "Your event's planner has not given you access to moderation.",
    );
    expect(screen.queryByRole('tab', { name: /Pending/ })).not.toBeInTheDocument();
  });

  it('says nothing about AI when it can run', async () => {
    eventModeration = ModerationType.AiModeration;
    const { store } = await openModeration();
    // The answer has arrived and been rendered with, not merely been asked for.
    await waitFor(() =>
      expect(store.getState().api.queries['getModerationCapabilities(undefined)']?.status).toBe('fulfilled'),
    );
    expect(screen.queryByText(notice)).not.toBeInTheDocument();
  });

  it('counts each tab and shows who sent each pending memory, when, and why it is held', async () => {
    await openModeration();

    expect(tab('Pending')).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(tab('Approved')).toHaveTextContent('Approved1'));
    expect(tab('Flagged')).toHaveTextContent(/^Flagged$/); // no badge when empty

    const first = cardOf('Congratulations!');
    expect(within(first).getByText('From: Carol')).toBeInTheDocument();
    expect(within(first).getByText('Jun 1, 2025')).toBeInTheDocument();
    expect(within(first).getByRole('heading', { name: 'Cheers' })).toBeInTheDocument();
    const second = cardOf('At the party');
    expect(within(second).getByText('From: Anonymous')).toBeInTheDocument();
    expect(within(second).getByText('Jul 4, 2025')).toBeInTheDocument();
    expect(within(second).getByRole('img', { name: 'At the party' })).toHaveAttribute('src', '/media/p-2-card.webp');
    expect(within(second).getByText('Held: Flagged by AI moderation')).toBeInTheDocument();
    expect(within(second).getByText('Categories: violence')).toBeInTheDocument();
    expect(
      within(first)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Reject', 'Approve']);
  });

  it('approves a pending memory, which moves to Approved', async () => {
    const { user } = await openModeration();

    await user.click(within(cardOf('Congratulations!')).getByRole('button', { name: 'Approve' }));

    expect(await findToast('Memory approved')).toBeInTheDocument();
    expect(requests('POST', '/api/submissions/p-1/approve')).toHaveLength(1);
    await waitFor(() => expect(tab('Pending')).toHaveTextContent('Pending1'));
    expect(tab('Approved')).toHaveTextContent('Approved2');
    await user.click(tab('Approved'));
    expect(screen.getByText('Congratulations!')).toBeInTheDocument();
  });

  it('rejects a pending memory', async () => {
    const { user } = await openModeration();
    await user.click(within(cardOf('At the party')).getByRole('button', { name: 'Reject' }));

    expect(await findToast('Memory rejected')).toBeInTheDocument();
    expect(requests('DELETE', '/api/submissions/p-2')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByText('At the party')).not.toBeInTheDocument());
  });

  it('flags and removes approved memories', async () => {
    all.push(hostMemory({ id: 'a-2', content: 'Another one', approved: true }));
    const { user } = await openModeration();
    await user.click(tab('Approved'));
    expect(
      within(cardOf('On the wall'))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Flag', 'Remove']);

    await user.click(within(cardOf('On the wall')).getByRole('button', { name: 'Flag' }));
    expect(await findToast('Memory flagged')).toBeInTheDocument();
    await waitFor(() => expect(tab('Flagged')).toHaveTextContent('Flagged1'));

    await user.click(within(cardOf('Another one')).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(requests('DELETE', '/api/memories/a-2')).toHaveLength(1));
    expect(await screen.findByText('No approved memories')).toBeInTheDocument();

    await user.click(tab('Flagged'));
    expect(
      within(cardOf('On the wall'))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Reject', 'Approve']);
  });

  it.each([
    ['Approve', 'Failed to approve memory', 'Pending'],
    ['Reject', 'Failed to reject memory', 'Pending'],
    ['Flag', 'Failed to flag memory', 'Approved'],
  ])('says so when %s fails', async (button, toast, tabName) => {
    failWith = { status: 500, body: { statusCode: 500, error: 'Internal Server Error', message: 'Boom' } };
    const { user } = await openModeration();
    await user.click(tab(tabName));
    await user.click(screen.getAllByRole('button', { name: button })[0]);
    expect(await findToast(toast)).toBeInTheDocument();
  });

  it('has a word for each empty tab', async () => {
    all = [];
    const { user } = renderWithProviders(undefined, { route: `/events/${EVENT_ID}/moderation` });
    expect(await screen.findByText('No pending memories', undefined, { timeout: 5000 })).toBeInTheDocument();
    await user.click(tab('Approved'));
    expect(await screen.findByText('No approved memories')).toBeInTheDocument();
    await user.click(tab('Flagged'));
    expect(await screen.findByText('No flagged memories')).toBeInTheDocument();
  });

  it('adds what guests send while the page is open (hosts feed)', async () => {
    live = attachLiveServer(server, EVENT_ID);
    await openModeration();
    await waitFor(() => expect(live!.sockets).toHaveLength(1));

    await live.send({
      type: LiveMessageType.NewMemory,
      memory: hostMemory({ id: 'p-3', content: 'Fresh from a phone', createdAt: '2025-08-01T00:00:00.000Z' }),
    });
    expect(await screen.findByText('Fresh from a phone')).toBeInTheDocument();
    expect(tab('Pending')).toHaveTextContent('Pending3');
  });

  it.each([Role.ServiceProvider, Role.Owner])('opens for a %s', async (role) => {
    session.user = makeUser(role);
    await openModeration();
  });

  it('sends a guest home', async () => {
    session.user = makeUser(Role.Guest);
    renderWithProviders(undefined, { route: `/events/${EVENT_ID}/moderation` });
    expect(
      await screen.findByRole('heading', { name: 'Share Memories That Last Forever' }, { timeout: 5000 }),
    ).toBeInTheDocument();
  });
});
