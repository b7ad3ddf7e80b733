import type { WebSocket } from 'ws';

/**
 * Pings every socket once per period and ends those that did not answer the previous ping (a phone that
 * left the venue, a screen that lost power). The sockets are pinged a slice at a time across the period,
 * not all in one turn, which would hold every live message back, in the instance and in the clients
 * answering them.
 */
export class Heartbeat {
  private readonly slices: Array<Set<WebSocket>>;
  private readonly sliceOf = new WeakMap<WebSocket, Set<WebSocket>>();
  private readonly answered = new WeakSet<WebSocket>();
  private added = 0;
  private due = 0;
  private readonly timer: NodeJS.Timeout;

  constructor(periodMs: number, sliceCount: number) {
    this.slices = Array.from({ length: sliceCount }, () => new Set<WebSocket>());
    this.timer = setInterval(() => this.beat(), periodMs / sliceCount).unref();
  }

  add(socket: WebSocket) {
    const slice = this.slices[this.added++ % this.slices.length];
    slice.add(socket);
    this.sliceOf.set(socket, slice);
    this.answered.add(socket);
    socket.on('pong', () => this.answered.add(socket));
  }

  remove(socket: WebSocket) {
    this.sliceOf.get(socket)?.delete(socket);
    this.sliceOf.delete(socket);
  }

  private beat() {
    const slice = this.slices[this.due];
    this.due = (this.due + 1) % this.slices.length;
    for (const socket of slice) {
      if (!this.answered.delete(socket)) {
        this.remove(socket);
        socket.terminate();
        continue;
      }
      socket.ping();
    }
  }

  stop() {
    clearInterval(this.timer);
  }
}
