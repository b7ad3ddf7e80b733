import { RedisKeys } from './redis-keys';

describe('RedisKeys', () => {
  const keys = new RedisKeys('mw');
  const eventId = '6f1c1e8e-0000-4000-8000-000000000001';

  it('puts the deployment prefix in front of every channel and key', () => {
    expect(keys.liveChannel(eventId)).toBe(`mw:live:event:${eventId}`);
    expect(keys.hostLiveChannel(eventId)).toBe(`mw:live:event:${eventId}:hosts`);
    expect(keys.liveSequence(eventId)).toBe(`mw:live:seq:${eventId}`);
    expect(keys.hostLiveSequence(eventId)).toBe(`mw:live:seq:${eventId}:hosts`);
    expect(keys.liveLog(eventId, true)).toBe(`mw:live:log:${eventId}:hosts`);
    expect(keys.session('abc')).toBe('mw:session:abc');
    expect(keys.userSessions('u1')).toBe('mw:user-sessions:u1');
    expect(keys.queuePrefix).toBe('mw:bull');
    expect(keys.announcement(eventId, 'approved:m1')).toBe('mw:live:announced:approved:m1');
  });

  it('reads the event and the audience back from its own live channels', () => {
    expect(keys.parseLiveChannel(keys.liveChannel(eventId))).toEqual({ eventId, hosts: false });
    expect(keys.parseLiveChannel(keys.hostLiveChannel(eventId))).toEqual({ eventId, hosts: true });
  });

  it('returns null for channels that are not its live channels', () => {
    expect(keys.parseLiveChannel(keys.liveSequence(eventId))).toBeNull();
    expect(keys.parseLiveChannel(new RedisKeys('other').liveChannel(eventId))).toBeNull();
    expect(keys.parseLiveChannel(new RedisKeys('mw2').liveChannel(eventId))).toBeNull();
    expect(keys.parseLiveChannel(`live:event:${eventId}`)).toBeNull();
  });

  describe('on a Redis Cluster', () => {
    const clustered = new RedisKeys('mw', true);
    const slotOf = (key: string) => /\{([^}]+)\}/.exec(key)?.[1];

    it("puts an event's channels, sequences, log and announcements in one hash slot, the event's", () => {
      const together = [
        clustered.liveChannel(eventId),
        clustered.hostLiveChannel(eventId),
        clustered.liveSequence(eventId),
        clustered.hostLiveSequence(eventId),
        clustered.liveLog(eventId, false),
        clustered.liveLog(eventId, true),
        clustered.announcement(eventId, 'approved:m1'),
      ];
      expect(together.map(slotOf)).toEqual(together.map(() => eventId));
      expect(clustered.liveChannel(eventId)).toBe(`mw:live:event:{${eventId}}`);
    });

    it('wraps the queue prefix in one hash tag, as BullMQ requires', () => {
      expect(clustered.queuePrefix).toBe('{mw:bull}');
    });

    it('reads the event and the audience back from its tagged channels, and refuses untagged ones', () => {
      expect(clustered.parseLiveChannel(clustered.liveChannel(eventId))).toEqual({ eventId, hosts: false });
      expect(clustered.parseLiveChannel(clustered.hostLiveChannel(eventId))).toEqual({ eventId, hosts: true });
      expect(clustered.parseLiveChannel(keys.liveChannel(eventId))).toBeNull();
    });
  });
});
