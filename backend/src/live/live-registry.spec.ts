import type { WebSocket } from 'ws';
import { LiveRegistry, MAX_BUFFERED_BYTES } from './live-registry';

/**
 * A stand-in for a `ws` socket: records what it is sent and whether it was terminated. Having no
 * `extensions`, it is sent the message with send(); prepared-frame.spec.ts sends frames to real sockets.
 */
function fakeSocket(state: { readyState?: number; bufferedAmount?: number } = {}) {
  const socket = {
    OPEN: 1,
    readyState: state.readyState ?? 1,
    bufferedAmount: state.bufferedAmount ?? 0,
    sent: [] as unknown[],
    terminated: false,
    send(data: unknown) {
      socket.sent.push(data);
    },
    terminate() {
      socket.terminated = true;
    },
  };
  return socket;
}
const asWs = (s: ReturnType<typeof fakeSocket>) => s as unknown as WebSocket;

describe('LiveRegistry', () => {
  let registry: LiveRegistry;
  const e1 = { eventId: 'e1', hosts: false };
  const e1Hosts = { eventId: 'e1', hosts: true };
  const e2 = { eventId: 'e2', hosts: false };

  beforeEach(() => {
    registry = new LiveRegistry();
  });

  it('answers which room got its first viewer and which lost its last, and nothing otherwise', () => {
    const [a, b] = [fakeSocket(), fakeSocket()];
    expect(registry.join(asWs(a), e1)).toEqual({ opened: e1, emptied: undefined });
    expect(registry.join(asWs(b), { eventId: 'e1', hosts: false })).toEqual({ opened: undefined, emptied: undefined });
    expect(registry.join(asWs(b), e1)).toEqual({}); // joining again changes nothing
    expect(registry.viewers(e1)).toBe(2);

    expect(registry.leave(asWs(a))).toBeUndefined();
    expect(registry.leave(asWs(b))).toEqual(e1);
    expect(registry.leave(asWs(b))).toBeUndefined(); // leaving twice changes nothing
    expect(registry.viewers(e1)).toBe(0);
  });

  it("keeps an event's public and hosts' audiences apart", () => {
    const [guest, host] = [fakeSocket(), fakeSocket()];
    expect(registry.join(asWs(guest), e1).opened).toEqual(e1);
    expect(registry.join(asWs(host), e1Hosts).opened).toEqual(e1Hosts);
    registry.broadcast(e1Hosts, Buffer.from('for hosts'));
    expect(host.sent).toHaveLength(1);
    expect(guest.sent).toEqual([]);
  });

  it('moves a socket that joins another event', () => {
    const socket = fakeSocket();
    registry.join(asWs(socket), e1);
    expect(registry.join(asWs(socket), e2)).toEqual({ opened: e2, emptied: e1 });
    expect(registry.viewers(e1)).toBe(0);
    expect(registry.viewers(e2)).toBe(1);
  });

  it("sends the same frame to every open socket of the event and nothing to another event's", () => {
    const [a, b, closed, elsewhere] = [fakeSocket(), fakeSocket(), fakeSocket({ readyState: 3 }), fakeSocket()];
    [a, b, closed].forEach((s) => registry.join(asWs(s), e1));
    registry.join(asWs(elsewhere), e2);
    const frame = Buffer.from('{"type":"memory_approved"}');

    registry.broadcast(e1, frame);

    expect(a.sent).toHaveLength(1);
    expect(a.sent[0]).toBe(frame);
    expect(b.sent).toHaveLength(1);
    expect(b.sent[0]).toBe(frame);
    expect(closed.sent).toEqual([]);
    expect(elsewhere.sent).toEqual([]);
  });

  it('drops a socket that is too far behind instead of buffering more', () => {
    const slow = fakeSocket({ bufferedAmount: MAX_BUFFERED_BYTES + 1 });
    const justWithin = fakeSocket({ bufferedAmount: MAX_BUFFERED_BYTES });
    registry.join(asWs(slow), e1);
    registry.join(asWs(justWithin), e1);

    registry.broadcast(e1, Buffer.from('x'));

    expect(slow.terminated).toBe(true);
    expect(slow.sent).toEqual([]);
    expect(justWithin.terminated).toBe(false);
    expect(justWithin.sent).toHaveLength(1);
  });
});
