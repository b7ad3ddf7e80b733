import { EVENT_CODE_ALPHABET } from '@memory-wall/contracts';
import { createEvent } from '@memory-wall/testkit/factories';
import { ApiClient } from '@memory-wall/testkit/http';
import { RunningProcess, startApi } from '@memory-wall/testkit/processes';
import { createTestEnvironment, TestEnvironment } from '@memory-wall/testkit/test-environment';

const LOOKUPS_PER_MINUTE = 40;
const MISSES_PER_MINUTE = 5;
const TOO_MANY = 'Too many event look-ups from this connection. Please wait a moment and try again.';

describe('event look-ups by code and slug are rate-limited per client address', () => {
  let t: TestEnvironment;
  let api: RunningProcess;
  let event: { id: string; eventCode: string | null; slug: string };
  let addresses = 0;
  /** Each test speaks from addresses of its own (the API trusts one proxy hop, as behind nginx). */
  const newAddress = () => `198.51.100.${++addresses}`;
  const lookUp = (address: string, path: string) =>
    new ApiClient(api.url).get(`/api/events/${path}`, { 'x-forwarded-for': address });
  const guess = () =>
    `by-code/${Array.from({ length: 6 }, () => EVENT_CODE_ALPHABET[Math.floor(Math.random() * EVENT_CODE_ALPHABET.length)]).join('')}`;

  beforeAll(async () => {
    t = await createTestEnvironment();
    api = await startApi({
      ...t.env,
      TRUST_PROXY: '1',
      EVENT_LOOKUPS_PER_MINUTE: String(LOOKUPS_PER_MINUTE),
      EVENT_LOOKUP_MISSES_PER_MINUTE: String(MISSES_PER_MINUTE),
    });
    event = await createEvent(t.dataSource, { eventCode: 'WXY789' });
  });

  afterAll(async () => {
    await api?.stop();
    await t?.cleanup();
  });

  it('stops a script guessing codes and slugs concurrently, and then finds it nothing at all, while other addresses go on', async () => {
    const script = newAddress();
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) => lookUp(script, i % 4 === 0 ? `by-slug/guessed-wedding-${i}` : guess())),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 404).length).toBeLessThanOrEqual(MISSES_PER_MINUTE);
    expect(statuses.filter((s) => s !== 404 && s !== 429)).toEqual([]);
    const refused = answers.filter((a) => a.status === 429);
    expect(refused.length).toBeGreaterThanOrEqual(60 - MISSES_PER_MINUTE);
    for (const answer of refused) {
      expect(answer.body.message).toBe(TOO_MANY);
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
    }

    // A right guess now would be a hit collected by guessing: refused too, by code and by slug.
    expect((await lookUp(script, `by-code/${event.eventCode}`)).status).toBe(429);
    expect((await lookUp(script, `by-slug/${event.slug}`)).status).toBe(429);
    // Another address (another venue) is not affected.
    expect((await lookUp(newAddress(), `by-code/${event.eventCode}`)).body.event.id).toBe(event.id);
  });

  it("lets a venue's phones behind one address find their event, mistypes included, up to the look-up limit", async () => {
    const venue = newAddress();
    // A look-up in flight is counted as a miss until it finds the event: a mistype and 4 phones at once fit in 5.
    const mistypes = MISSES_PER_MINUTE - 4;
    const paths = Array.from({ length: LOOKUPS_PER_MINUTE }, (_, i) =>
      i < mistypes
        ? `by-code/WXY78${i}`
        : i % 2
          ? `by-code/${event.eventCode!.toLowerCase()}`
          : `by-slug/${event.slug}`,
    );
    // Phones arriving a few at a time: every one finds the event (the mistypes get the 404 of a wrong code).
    for (let i = 0; i < paths.length; i += 4) {
      const answers = await Promise.all(paths.slice(i, i + 4).map((path) => lookUp(venue, path)));
      for (const [j, answer] of answers.entries()) {
        expect({ path: paths[i + j], status: answer.status }).toEqual({
          path: paths[i + j],
          status: i + j < mistypes ? 404 : 200,
        });
      }
    }
    const over = await lookUp(venue, `by-code/${event.eventCode}`);
    expect(over.status).toBe(429);
    expect(over.body.message).toBe(TOO_MANY);
  });
});
