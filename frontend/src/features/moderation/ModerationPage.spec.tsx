import { fireEvent, screen, waitFor, within } from '@testing-library/react';
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
import { UNDO_WINDOW_MS } from './useUndoableRemoval';

const sharedAt = (iso: string) =>
  new Intl.DateTimeFormat('en', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(new Date(iso));

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
let keywords: string[];
/** Ids the bulk route leaves as they are, with why. */
let refuseInBulk: Record<string, string>;

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
  keywords = [];
  refuseInBulk = {};
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
          event: makeHostEvent({
            id: EVENT_ID,
            moderationType: eventModeration,
            permissions: eventPermissions,
            moderationKeywords: keywords,
          }),
        },
      };
    if (method === 'GET' && url === '/api/settings/moderation') return { status: 200, body: { aiModeration } };
    if (method !== 'GET' && url.startsWith('/api/') && failWith && !url.startsWith('/api/auth')) return failWith;
    let found = url.match(/^\/api\/submissions\/([^/]+)\/approve$/);
    if (method === 'POST' && found) return change(found[1], { approved: true, flagged: false });
    found = url.match(/^\/api\/memories\/([^/]+)\/flag$/);
    if (method === 'POST' && found) return change(found[1], { flagged: true });
    if (method === 'POST' && url === `/api/events/${EVENT_ID}/memories/bulk`) return bulk(req.body as BulkBody);
    if (method === 'PUT' && url === `/api/events/${EVENT_ID}/keywords`) {
      keywords = (req.body as { keywords: string[] }).keywords;
      return { status: 200, body: { success: true, keywords } };
    }
    found = url.match(/^\/api\/(submissions|memories)\/([^/]+)$/);
    if (method === 'DELETE' && found) {
      all = all.filter((m) => m.id !== found![2]);
      return { status: 200, body: { success: true } };
    }
    return answerMe(session, req);
  });
});
type BulkBody = { action: 'approve' | 'reject' | 'flag'; memoryIds: string[] };
/** The bulk route as the API answers it: each id done as its single action, or listed with why not. */
function bulk({ action, memoryIds }: BulkBody): Reply {
  const failed = memoryIds.filter((id) => refuseInBulk[id]).map((id) => ({ id, message: refuseInBulk[id] }));
  const done = memoryIds.filter((id) => !refuseInBulk[id]);
  const memories = [];
  for (const id of done) {
    if (action === 'reject') all = all.filter((m) => m.id !== id);
    else
      memories.push(
        change(id, action === 'approve' ? { approved: true, flagged: false } : { flagged: true }).body.memory,
      );
  }
  return { status: 200, body: { success: true, done, memories, failed } };
}

afterEach(async () => {
  await live?.close();
  await server.close();
});

/** Long enough for a rejection's Undo window to pass and its deletion to be sent. */
const afterUndoWindow = { timeout: UNDO_WINDOW_MS + 5000 };
const requests = (method: string, url: string) => server.requests.filter((r) => r.method === method && r.url === url);
const tab = (name: string) => screen.getByRole('tab', { name: new RegExp(`^${name}`) });
const cardOf = (text: string) => screen.getByText(text).closest('article')!;

async function openModeration() {
  const rendered = renderWithProviders(undefined, { route: `/events/${EVENT_ID}/moderation` });
  expect(await screen.findByRole('heading', { level: 1, name: 'Moderation' }, { timeout: 5000 })).toBeInTheDocument();
  const pending = all.filter(matches('pending')).length;
  await waitFor(() => expect(tab('Pending')).toHaveTextContent(`Pending${pending}`));
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
    // When it was shared, to the minute, in the host's time zone ('Jun 1, 2025, 12:00 PM' in UTC).
    expect(within(first).getByText(sharedAt('2025-06-01T12:00:00.000Z'))).toBeInTheDocument();
    expect(within(first).getByRole('heading', { name: 'Cheers' })).toBeInTheDocument();
    const second = cardOf('At the party');
    expect(within(second).getByText('From: Anonymous')).toBeInTheDocument();
    expect(within(second).getByText(sharedAt('2025-07-04T12:00:00.000Z'))).toBeInTheDocument();
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

  it('rejects a pending memory: it leaves at once, and is deleted once its Undo has passed', async () => {
    const { user } = await openModeration();
    await user.click(within(cardOf('At the party')).getByRole('button', { name: 'Reject' }));

    const toast = await findToast('Memory rejected');
    expect(within(toast).getByRole('button', { name: 'Undo' })).toBeInTheDocument();
    expect(screen.queryByText('At the party')).not.toBeInTheDocument();
    expect(tab('Pending')).toHaveTextContent('Pending1');
    expect(requests('DELETE', '/api/submissions/p-2')).toHaveLength(0);

    await waitFor(() => expect(requests('DELETE', '/api/submissions/p-2')).toHaveLength(1), afterUndoWindow);
    expect(screen.queryByText('At the party')).not.toBeInTheDocument();
  });

  it('brings a rejected memory back on Undo, and deletes nothing', async () => {
    const { user } = await openModeration();
    await user.click(within(cardOf('At the party')).getByRole('button', { name: 'Reject' }));
    // sonner's swipe handling needs pointer capture, which jsdom lacks: the button is clicked without it.
    fireEvent.click(within(await findToast('Memory rejected')).getByRole('button', { name: 'Undo' }));

    expect(await findToast('Undone: the memory is back')).toBeInTheDocument();
    expect(screen.getByText('At the party')).toBeInTheDocument();
    expect(tab('Pending')).toHaveTextContent('Pending2');
    // Past the window, still nothing was sent.
    await new Promise((resolve) => setTimeout(resolve, UNDO_WINDOW_MS + 500));
    expect(server.requests.filter((r) => r.method === 'DELETE')).toEqual([]);
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
    expect(await findToast('Memory removed')).toBeInTheDocument();
    expect(await screen.findByText('No approved memories')).toBeInTheDocument();
    await waitFor(() => expect(requests('DELETE', '/api/memories/a-2')).toHaveLength(1), afterUndoWindow);

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
    expect(await findToast(toast, afterUndoWindow)).toBeInTheDocument();
    // A rejection that failed leaves the memory where it was.
    expect(tab('Pending')).toHaveTextContent('Pending2');
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

describe('moderation page: a selection', () => {
  const select = (text: string) => within(cardOf(text)).getByRole('checkbox');
  const bar = () => screen.getByRole('region', { name: 'Actions on the selected memories' });

  it('approves the memories selected, in one request, and says how many', async () => {
    all.push(hostMemory({ id: 'p-3', content: 'Third one', createdAt: '2025-01-01T00:00:00.000Z' }));
    const { user } = await openModeration();
    await user.click(select('Congratulations!'));
    await user.click(select('Third one'));

    expect(within(bar()).getByRole('status')).toHaveTextContent('2 selected');
    await user.click(within(bar()).getByRole('button', { name: 'Approve' }));

    expect(await findToast('2 memories approved')).toBeInTheDocument();
    expect(requests('POST', `/api/events/${EVENT_ID}/memories/bulk`).map((r) => r.body)).toEqual([
      { action: 'approve', memoryIds: ['p-1', 'p-3'] },
    ]);
    await waitFor(() => expect(tab('Pending')).toHaveTextContent('Pending1'));
    expect(tab('Approved')).toHaveTextContent('Approved3');
    expect(within(bar()).getByRole('status')).toHaveTextContent('');
  });

  it('selects all of a tab and rejects them with one Undo; what the server refused comes back, said why', async () => {
    refuseInBulk = { 'p-2': 'This memory could not be processed' };
    const { user } = await openModeration();
    await user.click(screen.getByRole('checkbox', { name: 'Select all (2)' }));
    expect(within(bar()).getByRole('status')).toHaveTextContent('2 selected');
    await user.click(within(bar()).getByRole('button', { name: 'Reject' }));

    expect(await findToast('2 memories rejected')).toBeInTheDocument();
    expect(await screen.findByText('No pending memories')).toBeInTheDocument();
    expect(requests('POST', `/api/events/${EVENT_ID}/memories/bulk`)).toHaveLength(0);

    expect(
      await findToast('1 memory was left as it was: This memory could not be processed', afterUndoWindow),
    ).toBeInTheDocument();
    expect(requests('POST', `/api/events/${EVENT_ID}/memories/bulk`).map((r) => r.body)).toEqual([
      { action: 'reject', memoryIds: ['p-1', 'p-2'] },
    ]);
    expect(await screen.findByText('At the party')).toBeInTheDocument();
    expect(screen.queryByText('Congratulations!')).not.toBeInTheDocument();
  });

  it('offers Flag and Remove for a selection on Approved, as on its cards', async () => {
    const { user } = await openModeration();
    await user.click(tab('Approved'));
    await user.click(select('On the wall'));
    expect(
      within(bar())
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Flag', 'Remove', 'Clear selection']);
    await user.click(within(bar()).getByRole('button', { name: 'Flag' }));
    expect(await findToast('1 memory flagged')).toBeInTheDocument();
    await waitFor(() => expect(tab('Flagged')).toHaveTextContent('Flagged1'));
  });
});

describe('moderation page: the keyboard', () => {
  it('moves with j and k, approves with a, and focuses the next memory', async () => {
    all.push(hostMemory({ id: 'p-3', content: 'Third one', createdAt: '2025-01-01T00:00:00.000Z' }));
    const { user } = await openModeration();
    await user.keyboard('j');
    expect(document.activeElement).toBe(cardOf('Congratulations!'));
    expect(cardOf('Congratulations!')).toHaveAccessibleName('Memory 1 of 3, from Carol');
    await user.keyboard('jkj');
    expect(document.activeElement).toBe(cardOf('At the party'));
    expect(cardOf('At the party')).toHaveAccessibleName('Memory 2 of 3, from Anonymous');

    await user.keyboard('a');
    expect(await findToast('Memory approved')).toBeInTheDocument();
    expect(requests('POST', '/api/submissions/p-2/approve')).toHaveLength(1);
    // The approved one has left: the keyboard is on the one that took its place.
    await waitFor(() => expect(document.activeElement).toBe(cardOf('Third one')));
  });

  it('rejects with r, selects with x, and undoes with u', async () => {
    const { user } = await openModeration();
    await user.keyboard('jx');
    expect(within(cardOf('Congratulations!')).getByRole('checkbox')).toBeChecked();
    await user.keyboard('x');
    expect(within(cardOf('Congratulations!')).getByRole('checkbox')).not.toBeChecked();

    await user.keyboard('r');
    expect(await findToast('Memory rejected')).toBeInTheDocument();
    expect(screen.queryByText('Congratulations!')).not.toBeInTheDocument();
    await user.keyboard('u');
    expect(await findToast('Undone: the memory is back')).toBeInTheDocument();
    expect(screen.getByText('Congratulations!')).toBeInTheDocument();
  });

  it('lists the keys on ?, and types them as letters in a field', async () => {
    const { user } = await openModeration();
    await user.keyboard('?');
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(within(dialog).getByText('Approve')).toBeInTheDocument();
    expect(within(dialog).getByText('Undo the last rejection or removal')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByText(/Keywords to hold/));
    await user.type(screen.getByRole('textbox', { name: 'Keywords' }), 'jar');
    expect(screen.getByRole('textbox', { name: 'Keywords' })).toHaveValue('jar');
    expect(server.requests.filter((r) => r.method === 'POST' || r.method === 'DELETE')).toEqual([]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('moderation page: the keyword list', () => {
  it('saves the words, one per line, as the server keeps them', async () => {
    keywords = ['rival'];
    const { user } = await openModeration();
    await user.click(screen.getByText(/Keywords to hold/));
    const field = screen.getByRole('textbox', { name: 'Keywords' });
    expect(field).toHaveValue('rival');
    await user.type(field, '{Enter} Ex {Enter}{Enter}前任');
    await user.click(screen.getByRole('button', { name: 'Save keywords' }));

    expect(await findToast('Keywords saved')).toBeInTheDocument();
    expect(requests('PUT', `/api/events/${EVENT_ID}/keywords`).map((r) => r.body)).toEqual([
      { keywords: ['rival', 'Ex', '前任'] },
    ]);
    await waitFor(() => expect(screen.getByText('(3 keywords)')).toBeInTheDocument());
  });

  it('refuses a word longer than the server takes, before sending', async () => {
    const { user } = await openModeration();
    await user.click(screen.getByText(/Keywords to hold/));
    await user.type(screen.getByRole('textbox', { name: 'Keywords' }), 'x'.repeat(51));
    await user.click(screen.getByRole('button', { name: 'Save keywords' }));
    expect(await screen.findByText('Each keyword must have 1 to 50 characters')).toBeInTheDocument();
    expect(requests('PUT', `/api/events/${EVENT_ID}/keywords`)).toEqual([]);
  });

  it('shows the keyword that held a memory', async () => {
    all = [hostMemory({ id: 'p-9', content: 'Hi', moderation: { reason: 'keyword', word: 'rival' } })];
    renderWithProviders(undefined, { route: `/events/${EVENT_ID}/moderation` });
    expect(
      await screen.findByText('Held: Contains the keyword "rival"', undefined, { timeout: 5000 }),
    ).toBeInTheDocument();
  });
});
