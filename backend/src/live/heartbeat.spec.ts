import { EventEmitter } from 'node:events';
import type { WebSocket } from 'ws';
import { Heartbeat } from './heartbeat';

/** A stand-in for a `ws` socket: counts its pings, records whether it was terminated, emits 'pong'. */
class FakeSocket extends EventEmitter {
  pings = 0;
  terminated = false;
  ping() {
    this.pings++;
  }
  terminate() {
    this.terminated = true;
  }
}
const asWs = (s: FakeSocket) => s as unknown as WebSocket;

describe('Heartbeat', () => {
  let heartbeat: Heartbeat;

  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    heartbeat.stop();
    jest.useRealTimers();
  });

  it('pings every socket once per period, a slice of them at a time', () => {
    heartbeat = new Heartbeat(3000, 30);
    const sockets = Array.from({ length: 90 }, () => new FakeSocket());
    sockets.forEach((s) => heartbeat.add(asWs(s)));
    const pinged = () => sockets.reduce((n, s) => n + s.pings, 0);

    const perTick: number[] = [];
    for (let tick = 0; tick < 30; tick++) {
      const before = pinged();
      jest.advanceTimersByTime(100);
      perTick.push(pinged() - before);
    }

    expect(perTick).toEqual(Array(30).fill(3));
    expect(sockets.map((s) => s.pings)).toEqual(Array(90).fill(1));
  });

  it('ends a socket that did not answer its last ping and keeps one that did', () => {
    heartbeat = new Heartbeat(3000, 30);
    const [answering, silent] = [new FakeSocket(), new FakeSocket()];
    heartbeat.add(asWs(answering));
    heartbeat.add(asWs(silent));

    jest.advanceTimersByTime(3000);
    expect([answering.pings, silent.pings]).toEqual([1, 1]);
    answering.emit('pong');

    jest.advanceTimersByTime(3000);
    expect(answering.terminated).toBe(false);
    expect(answering.pings).toBe(2);
    expect(silent.terminated).toBe(true);
    expect(silent.pings).toBe(1);

    jest.advanceTimersByTime(3000); // ended once, then forgotten
    expect(silent.pings).toBe(1);
  });

  it('forgets a socket that left', () => {
    heartbeat = new Heartbeat(3000, 30);
    const gone = new FakeSocket();
    heartbeat.add(asWs(gone));
    heartbeat.remove(asWs(gone));

    jest.advanceTimersByTime(9000);
    expect(gone.pings).toBe(0);
    expect(gone.terminated).toBe(false);
  });
});
