import fc from 'fast-check';
import { LIVE_JOINED, LiveFeed, type LiveJoined } from './live';
import { LiveHandover } from './live-handover';

const m = (seq: number) => ({ seq });
const joined = (seq: number | null): LiveJoined => ({ type: LIVE_JOINED, eventId: 'e', feed: LiveFeed.Public, seq });
const seqs = (messages: Array<{ seq?: number }>) => messages.map((x) => x.seq);

describe('LiveHandover', () => {
  it('finishes at once when the old socket had already delivered the new one’s position', () => {
    const handover = new LiveHandover(5);
    expect(seqs(handover.fromOld(m(6)))).toEqual([6]);
    expect(handover.newJoined(joined(6))).toEqual({ linedUp: true, deliver: [] });
    expect(handover.finished).toBe(true);
    expect(handover.caughtUp).toBe(true);
    expect(seqs(handover.fromNew(m(7)))).toEqual([7]);
    expect(seqs(handover.fromNew(m(7)))).toEqual([]);
  });

  it('holds the new socket’s messages until the old one has delivered up to where the new one joined', () => {
    const handover = new LiveHandover(5);
    expect(handover.newJoined(joined(8)).linedUp).toBe(true);
    expect(handover.fromNew(m(9))).toEqual([]);
    expect(seqs(handover.fromOld(m(6)))).toEqual([6]);
    expect(seqs(handover.fromOld(m(7)))).toEqual([7]);
    expect(handover.finished).toBe(false);
    expect(seqs(handover.fromOld(m(8)))).toEqual([8, 9]);
    expect(handover.finished).toBe(true);
    // The old socket may still send: it is being closed, and the new one delivers the rest once.
    expect(handover.fromOld(m(10))).toEqual([]);
    expect(seqs(handover.fromNew(m(10)))).toEqual([10]);
  });

  it('gives up on a slow old socket: what the new one sent comes next, the hole shows as a gap', () => {
    const handover = new LiveHandover(5);
    handover.newJoined(joined(8));
    handover.fromNew(m(9));
    expect(seqs(handover.finish())).toEqual([9]);
    expect(handover.caughtUp).toBe(false);
  });

  it('does not line up a new position it cannot follow: unknown, or a feed numbered from 1 again', () => {
    expect(new LiveHandover(5).newJoined(joined(null)).linedUp).toBe(false);
    expect(new LiveHandover(500).newJoined(joined(2)).linedUp).toBe(false);
    expect(new LiveHandover(undefined).newJoined(joined(3)).linedUp).toBe(false);
  });

  it('lines up a new instance that trails the old one: the old socket is done, nothing arrives twice', () => {
    const handover = new LiveHandover(50);
    expect(handover.newJoined(joined(48))).toEqual({ linedUp: true, deliver: [] });
    expect(handover.finished).toBe(true);
    expect(handover.caughtUp).toBe(true);
    expect(handover.fromNew(m(49))).toEqual([]);
    expect(handover.fromNew(m(50))).toEqual([]);
    expect(seqs(handover.fromNew(m(51)))).toEqual([51]);
  });

  it('passes on messages that carry no position', () => {
    const handover = new LiveHandover<{ seq?: number; type: string }>(5);
    expect(handover.fromOld({ type: 'x' })).toEqual([{ type: 'x' }]);
  });

  it('delivers every message of the feed once and in order, however the two sockets interleave', () => {
    fc.assert(
      fc.property(
        fc.nat({ max: 20 }), // where the client was on the old socket
        fc.integer({ min: -5, max: 10 }), // how far the feed had gone when the new socket joined (its instance may trail)
        fc.nat({ max: 10 }), // how many more after the join
        fc.array(fc.boolean(), { maxLength: 60 }), // which socket speaks next
        (start, aheadAtJoin, after, turns) => {
          const joinedAt = Math.max(0, start + aheadAtJoin);
          const last = Math.max(start, joinedAt + after);
          // The old socket delivers the whole feed from start; the new one everything after its join.
          const old = Array.from({ length: last - start }, (_, i) => m(start + 1 + i));
          const fresh = Array.from({ length: last - joinedAt }, (_, i) => m(joinedAt + 1 + i));
          const handover = new LiveHandover(start);
          const out: Array<{ seq?: number }> = [...handover.newJoined(joined(joinedAt)).deliver];
          for (const oldTurn of [...turns, ...Array<boolean>(old.length + fresh.length).fill(true)]) {
            if (oldTurn && old.length && !handover.finished) out.push(...handover.fromOld(old.shift()!));
            else if (fresh.length) out.push(...handover.fromNew(fresh.shift()!));
          }
          out.push(...fresh.splice(0).flatMap((x) => handover.fromNew(x)));
          expect(seqs(out)).toEqual(Array.from({ length: last - start }, (_, i) => start + 1 + i));
        },
      ),
    );
  });
});
