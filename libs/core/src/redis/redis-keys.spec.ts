import { RedisKeys } from './redis-keys';

describe('RedisKeys', () => {
  const keys = new RedisKeys('mw');
  const eventId = '6f1c1e8e-0000-4000-8000-000000000001';

  it('puts the deployment prefix in front of every channel and key', () => {
    expect(keys.liveChannel(eventId)).toBe(`mw:live:event:${eventId}`);
    expect(keys.liveSequence(eventId)).toBe(`mw:live:seq:${eventId}`);
    expect(keys.queuePrefix).toBe('mw:bull');
  });

  it("reads the event id back from one of its own live channels", () => {
    expect(keys.eventIdOfChannel(keys.liveChannel(eventId))).toBe(eventId);
  });

  it('returns null for channels that are not its live channels', () => {
    expect(keys.eventIdOfChannel(keys.liveSequence(eventId))).toBeNull();
    expect(keys.eventIdOfChannel(new RedisKeys('other').liveChannel(eventId))).toBeNull();
    expect(keys.eventIdOfChannel(new RedisKeys('mw2').liveChannel(eventId))).toBeNull();
    expect(keys.eventIdOfChannel(`live:event:${eventId}`)).toBeNull();
  });
});
