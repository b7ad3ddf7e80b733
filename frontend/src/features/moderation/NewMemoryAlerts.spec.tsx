import { screen, waitFor } from '@testing-library/react';
import { LiveFeed, LiveMessageType } from '@memory-wall/contracts';
import { renderWithProviders } from '../../test/renderWithProviders';
import { startTestServer, type TestServer } from '../../test/testServer';
import { attachLiveServer, hostMemory, type LiveServer } from '../memories/testFixtures';
import { ALERTS_STORAGE_KEY, NewMemoryAlerts } from './NewMemoryAlerts';

const EVENT_ID = 'event-1';

/** jsdom has no notifications: this one records what the page asks of the browser's. */
class FakeNotification {
  static permission: NotificationPermission = 'default';
  static answer: NotificationPermission = 'granted';
  static shown: Array<{ title: string; body?: string; tag?: string }> = [];
  static requestPermission = jest.fn(async () => (FakeNotification.permission = FakeNotification.answer));
  constructor(title: string, options: NotificationOptions = {}) {
    FakeNotification.shown.push({ title, body: options.body, tag: options.tag });
  }
}

/** jsdom has no Web Audio: this one counts the tones the page starts. */
let tonesStarted = 0;
class FakeAudioContext {
  currentTime = 0;
  destination = {};
  resume = () => Promise.resolve();
  createOscillator = () => ({
    frequency: { value: 0 },
    connect: (next: unknown) => next,
    start: () => void (tonesStarted += 1),
    stop: () => {},
  });
  createGain = () => ({
    gain: { setValueAtTime: () => {}, exponentialRampToValueAtTime: () => {} },
    connect: (next: unknown) => next,
  });
}

let server: TestServer;
let live: LiveServer;

beforeEach(async () => {
  localStorage.clear();
  FakeNotification.permission = 'default';
  FakeNotification.answer = 'granted';
  FakeNotification.shown = [];
  FakeNotification.requestPermission.mockClear();
  tonesStarted = 0;
  Object.assign(window, { Notification: FakeNotification, AudioContext: FakeAudioContext });
  jest.spyOn(document, 'hasFocus').mockReturnValue(false);
  server = await startTestServer(() => undefined);
  live = attachLiveServer(server, EVENT_ID, LiveFeed.Hosts);
});
afterEach(async () => {
  jest.restoreAllMocks();
  await live.close();
  await server.close();
});

const newPending = (id: string, author = 'Carol') =>
  live.send({
    type: LiveMessageType.NewMemory,
    memory: hostMemory({ id, author, moderation: { reason: 'manual_review' } }),
  });
const box = (name: string) => screen.getByRole('checkbox', { name });

describe('alerts for new memories to review', () => {
  it('are off until the host opts in: no sound, no notification, no permission asked', async () => {
    const { user } = renderWithProviders(<NewMemoryAlerts eventId={EVENT_ID} />);
    expect(box('Play a sound')).not.toBeChecked();
    expect(box('Show a notification')).not.toBeChecked();
    expect(localStorage.getItem(ALERTS_STORAGE_KEY)).toBeNull();
    // Ticking the sound plays a sample; the browser is not asked about notifications for it.
    await user.click(box('Play a sound'));
    expect(tonesStarted).toBe(2);
    expect(JSON.parse(localStorage.getItem(ALERTS_STORAGE_KEY)!)).toEqual({ sound: true, notify: false });
    expect(FakeNotification.requestPermission).not.toHaveBeenCalled();
  });

  it('asks for permission on the opt-in click, then notifies of each new pending memory once', async () => {
    const { user } = renderWithProviders(<NewMemoryAlerts eventId={EVENT_ID} />);
    await user.click(box('Show a notification'));

    expect(FakeNotification.requestPermission).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(box('Show a notification')).toBeChecked());
    expect(JSON.parse(localStorage.getItem(ALERTS_STORAGE_KEY)!)).toEqual({ sound: false, notify: true });
    await waitFor(() => expect(live.sockets).toHaveLength(1));

    await newPending('p-1');
    await newPending('p-1'); // the same memory again (a replayed message): no second notification
    await live.send({ type: LiveMessageType.MemoryApproved, memory: hostMemory({ id: 'a-1', approved: true }) });
    await waitFor(() =>
      expect(FakeNotification.shown).toEqual([{ title: 'A new memory to review', body: 'From Carol', tag: 'p-1' }]),
    );
    expect(tonesStarted).toBe(0);
  });

  it('says so when the browser refuses, and stays off', async () => {
    FakeNotification.answer = 'denied';
    const { user } = renderWithProviders(<NewMemoryAlerts eventId={EVENT_ID} />);
    await user.click(box('Show a notification'));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Notifications are blocked for this site in your browser settings.',
    );
    expect(box('Show a notification')).not.toBeChecked();
    expect(localStorage.getItem(ALERTS_STORAGE_KEY)).toBeNull();
  });

  it('chimes for a new pending memory, as chosen on this device before', async () => {
    localStorage.setItem(ALERTS_STORAGE_KEY, JSON.stringify({ sound: true, notify: false }));
    renderWithProviders(<NewMemoryAlerts eventId={EVENT_ID} />);
    expect(box('Play a sound')).toBeChecked();
    await waitFor(() => expect(live.sockets).toHaveLength(1));

    await newPending('p-2');
    await waitFor(() => expect(tonesStarted).toBe(2)); // one chime: two notes
    expect(FakeNotification.shown).toEqual([]);
  });
});
