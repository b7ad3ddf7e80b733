import { setTimeout as realDelay } from 'node:timers/promises';
import { act, screen } from '@testing-library/react';
import { useLocation } from 'react-router';
import { ModerationType } from '@memory-wall/contracts';
import { App } from '../../app/App';
import { renderWithProviders } from '../../test/renderWithProviders';
import { makeEvent } from '../../test/fixtures';
import { startTestServer, type TestServer } from '../../test/testServer';

const autoEvent = makeEvent({ id: 'event-auto', slug: 'auto-wall', moderationType: ModerationType.AutoApprove });
const manualEvent = makeEvent({
  id: 'event-manual',
  slug: 'manual-wall',
  moderationType: ModerationType.ManualModeration,
});

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer(({ url }) => {
    if (url === '/api/events/by-slug/auto-wall') return { status: 200, body: { event: autoEvent } };
    if (url === '/api/events/by-slug/manual-wall') return { status: 200, body: { event: manualEvent } };
    return undefined;
  });
});
afterAll(() => server.close());
afterEach(() => jest.useRealTimers());

function LocationProbe() {
  return <span data-testid="location">{useLocation().pathname}</span>;
}
const location = () => screen.getByTestId('location').textContent;

/** With the clock faked, waits on real time (the test server answers over real sockets). */
async function eventually<T>(check: () => T): Promise<T> {
  for (let i = 0; ; i++) {
    try {
      return check();
    } catch (error) {
      if (i > 200) throw error;
      await act(() => realDelay(10));
    }
  }
}

function renderThankYou(slug: string) {
  // Timers and intervals are faked; the store's batched notifications (animation frames) stay real.
  jest.useFakeTimers({
    doNotFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'queueMicrotask', 'nextTick', 'setImmediate'],
  });
  return renderWithProviders(
    <>
      <App />
      <LocationProbe />
    </>,
    { route: `/thank-you?event=${slug}` },
  );
}

describe('thank-you page', () => {
  it('goes home when no event is named', async () => {
    renderWithProviders(undefined, { route: '/thank-you' });
    expect(await screen.findByRole('heading', { name: 'Share Memories That Last Forever' })).toBeInTheDocument();
  });

  it('thanks the guest and links home', async () => {
    renderWithProviders(undefined, { route: '/thank-you?event=some-event' });
    expect(await screen.findByRole('heading', { name: 'Thank You' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/');
  });

  it('opens the wall of an auto-approving event after 4 seconds, the bar filling every 50 ms', async () => {
    renderThankYou('auto-wall');
    const bar = await eventually(() => screen.getByRole('progressbar', { name: 'Opening the memory wall...' }));
    expect(screen.getByRole('link', { name: 'View Memory Wall' })).toHaveAttribute('href', '/presentation/event-auto');
    expect(bar).toHaveAttribute('aria-valuenow', '0');

    act(() => jest.advanceTimersByTime(50));
    expect(bar).toHaveAttribute('aria-valuenow', '1'); // 50 of 4000 ms
    act(() => jest.advanceTimersByTime(1950));
    expect(bar).toHaveAttribute('aria-valuenow', '50');
    act(() => jest.advanceTimersByTime(1950));
    expect(location()).toBe('/thank-you');

    act(() => jest.advanceTimersByTime(50));
    expect(location()).toBe('/presentation/event-auto');
  });

  it('stays on the page when the hosts approve memories themselves', async () => {
    renderThankYou('manual-wall');
    await eventually(() => screen.getByText('Your memory will appear on the wall once the hosts approve it.'));
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();

    act(() => jest.advanceTimersByTime(10_000));
    expect(location()).toBe('/thank-you');
    expect(screen.getByRole('link', { name: 'View Memory Wall' })).toHaveAttribute(
      'href',
      '/presentation/event-manual',
    );
    expect(screen.getByRole('link', { name: "See everyone's memories" })).toHaveAttribute(
      'href',
      '/gallery/event-manual',
    );
  });
});
