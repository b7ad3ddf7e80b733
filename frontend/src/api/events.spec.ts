import { makeStore } from '../app/store';
import { makeEvent } from '../test/fixtures';
import { startTestServer, type Reply, type TestServer } from '../test/testServer';
import { errorStatus } from './api';
import { eventFetchBackoff, eventsApi } from './events';
import { hostEventsApi } from './hostEvents';

const event = makeEvent({ id: 'event-1' });
const failure = (status: number): Reply => ({
  status,
  body: { statusCode: status, error: 'Error', message: `failed with ${status}` },
});

let server: TestServer;
/** Answers to the event fetch, one per request in turn; the last one repeats. */
let answers: Reply[];
const savedBackoff = eventFetchBackoff.ms;

beforeAll(() => {
  eventFetchBackoff.ms = 1; // the retries themselves are under test, not their pauses
});
afterAll(() => {
  eventFetchBackoff.ms = savedBackoff;
});

beforeEach(async () => {
  answers = [];
  let answered = 0;
  server = await startTestServer(({ url }) => {
    if (url === '/api/events/event-1' || url === '/api/events/public/event-1') {
      return answers[Math.min(answered++, answers.length - 1)];
    }
    if (url === '/api/events') return failure(500);
    return undefined;
  });
});
afterEach(() => server.close());

const eventRequests = () => server.requests.filter((r) => r.url !== '/api/events');

describe.each([
  ['getEvent', '/api/events/event-1', () => hostEventsApi.endpoints.getEvent],
  ['getPublicEvent', '/api/events/public/event-1', () => eventsApi.endpoints.getPublicEvent],
] as const)('the event fetch (%s)', (_name, url, endpoint) => {
  const fetchEvent = () => makeStore().dispatch(endpoint().initiate('event-1'));

  it('retries after server errors and succeeds', async () => {
    answers = [failure(500), failure(500), { status: 200, body: { event } }];
    const result = await fetchEvent();
    expect(result.data).toEqual(event);
    expect(eventRequests().map((r) => r.url)).toEqual([url, url, url]);
  });

  it('is requested once on 403', async () => {
    answers = [failure(403)];
    const result = await fetchEvent();
    expect(errorStatus(result.error)).toBe(403);
    expect(eventRequests()).toHaveLength(1);
  });

  it('is requested once on 404', async () => {
    answers = [failure(404)];
    const result = await fetchEvent();
    expect(errorStatus(result.error)).toBe(404);
    expect(eventRequests()).toHaveLength(1);
  });

  it('stops after 1 + 3 attempts and reports the last error', async () => {
    answers = [failure(500), failure(502), failure(503), failure(500), { status: 200, body: { event } }];
    const result = await fetchEvent();
    expect(errorStatus(result.error)).toBe(500);
    expect(eventRequests()).toHaveLength(4);
  });
});

it('leaves other queries without retry', async () => {
  const result = await makeStore().dispatch(eventsApi.endpoints.getEvents.initiate());
  expect(errorStatus(result.error)).toBe(500);
  expect(server.requests.map((r) => r.url)).toEqual(['/api/events']);
});
