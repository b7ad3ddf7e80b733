import { waitFor } from '@testing-library/react';
import { eventsApi } from '../api/events';
import { makeEvent } from '../test/fixtures';
import { startTestServer, type TestServer } from '../test/testServer';
import { startGuestRoute } from './guestBoot';
import { makeStore } from './store';

const EVENT_ID = '6f1c1c5e-8d0a-4f3e-9a57-2b7f0e4c9d11';
const event = makeEvent({ id: EVENT_ID, eventCode: 'ABC123' });

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer(({ url }) => {
    if (url === `/api/events/public/${EVENT_ID}` || url === '/api/events/by-code/ABC123')
      return { status: 200, body: { event } };
    return undefined;
  });
});
afterEach(() => server.close());

const at = (address: string) => {
  const url = new URL(address, 'http://localhost');
  return { pathname: url.pathname, search: url.search };
};

describe('a guest route at boot, before React renders', () => {
  it.each([
    [`/contribute/${EVENT_ID}`, `/api/events/public/${EVENT_ID}`, 'getPublicEvent', EVENT_ID],
    ['/contribute/abc123', '/api/events/by-code/ABC123', 'getEventByCode', 'ABC123'],
    ['/contribute?code=abc123', '/api/events/by-code/ABC123', 'getEventByCode', 'ABC123'],
  ] as const)('%s: looks the event up into the cache the page reads', async (route, lookup, endpoint, arg) => {
    const store = makeStore();

    startGuestRoute(store.dispatch, at(route));

    await waitFor(() => expect(eventsApi.endpoints[endpoint].select(arg)(store.getState()).data).toEqual(event));
    expect(server.requests.map((r) => r.url)).toEqual([lookup]);
  });

  it.each(['/event-code', '/dashboard', '/presentation/x'])('%s: asks the API nothing', async (route) => {
    const store = makeStore();

    startGuestRoute(store.dispatch, at(route));

    // Whatever was started went out synchronously with the dispatch; give a request time to arrive anyway.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.requests).toEqual([]);
  });
});
