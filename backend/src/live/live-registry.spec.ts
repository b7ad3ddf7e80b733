import type { WebSocket } from 'ws';
import { LiveRegistry, LiveRoom, MAX_BUFFERED_BYTES, roomKey } from './live-registry';

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
  let calls: string[];

  beforeEach(() => {
    registry = new LiveRegistry();
    calls = [];
    registry.setListener({
      onFirstViewer: (room) => calls.push(`first ${roomKey(room)}`),
      onLastViewer: (room) => calls.push(`last ${roomKey(room)}`),
    });
  });

  it('tells the listener about the first viewer and the last one only', () => {
    const [a, b] = [fakeSocket(), fakeSocket()];
    registry.join(asWs(a), 'e1');
    registry.join(asWs(b), 'e1');
    registry.join(asWs(b), 'e1'); // joining again changes nothing
    expect(calls).toEqual(['first e1']);
    expect(registry.viewers('e1')).toBe(2);

    registry.leave(asWs(a));
    expect(calls).toEqual(['first e1']);
    registry.leave(asWs(b));
    registry.leave(asWs(b)); // leaving twice changes nothing
    expect(calls).toEqual(['first e1', 'last e1']);
  });

  it("tells the listener which audience a room is", () => {
    const seen: LiveRoom[] = [];
    registry.setListener({ onFirstViewer: (room) => seen.push(room), onLastViewer: () => undefined });
    registry.join(asWs(fakeSocket()), 'e1:hosts');
    registry.join(asWs(fakeSocket()), 'e1');
    expect(seen).toEqual([{ eventId: 'e1', hosts: true }, { eventId: 'e1', hosts: false }]);
  });

  it('moves a socket that joins another event', () => {
    const socket = fakeSocket();
    registry.join(asWs(socket), 'e1');
    registry.join(asWs(socket), 'e2');
    expect(calls).toEqual(['first e1', 'last e1', 'first e2']);
    expect(registry.viewers('e1')).toBe(0);
    expect(registry.viewers('e2')).toBe(1);
  });

  it("sends the same frame to every open socket of the event and nothing to another event's", () => {
    const [a, b, closed, elsewhere] = [fakeSocket(), fakeSocket(), fakeSocket({ readyState: 3 }), fakeSocket()];
    [a, b, closed].forEach((s) => registry.join(asWs(s), 'e1'));
    registry.join(asWs(elsewhere), 'e2');
    const frame = Buffer.from('{"type":"memory_approved"}');

    registry.broadcast('e1', frame);

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
    registry.join(asWs(slow), 'e1');
    registry.join(asWs(justWithin), 'e1');

    registry.broadcast('e1', Buffer.from('x'));

    expect(slow.terminated).toBe(true);
    expect(slow.sent).toEqual([]);
    expect(justWithin.terminated).toBe(false);
    expect(justWithin.sent).toHaveLength(1);
  });
});
