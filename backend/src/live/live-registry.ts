import { Injectable, Logger } from '@nestjs/common';
import type { WebSocket } from 'ws';

/** A socket whose unsent data passes this is too far behind: it is dropped, not buffered without limit. */
export const MAX_BUFFERED_BYTES = 1024 * 1024;

export interface RegistryListener {
  /** The first local viewer of an event arrived. */
  onFirstViewer(eventId: string): void;
  /** The last local viewer of an event left. */
  onLastViewer(eventId: string): void;
}

/** This instance's sockets, grouped by event. Only the gateway adds and removes them. */
@Injectable()
export class LiveRegistry {
  private readonly logger = new Logger(LiveRegistry.name);
  private readonly byEvent = new Map<string, Set<WebSocket>>();
  private readonly eventOf = new WeakMap<WebSocket, string>();
  private listener?: RegistryListener;

  setListener(listener: RegistryListener) {
    this.listener = listener;
  }

  join(socket: WebSocket, eventId: string) {
    if (this.eventOf.get(socket) === eventId) return;
    this.leave(socket);
    let sockets = this.byEvent.get(eventId);
    if (!sockets) {
      sockets = new Set();
      this.byEvent.set(eventId, sockets);
      this.listener?.onFirstViewer(eventId);
    }
    sockets.add(socket);
    this.eventOf.set(socket, eventId);
  }

  leave(socket: WebSocket) {
    const eventId = this.eventOf.get(socket);
    if (!eventId) return;
    this.eventOf.delete(socket);
    const sockets = this.byEvent.get(eventId);
    if (!sockets) return;
    sockets.delete(socket);
    if (sockets.size === 0) {
      this.byEvent.delete(eventId);
      this.listener?.onLastViewer(eventId);
    }
  }

  /** Sends one already-serialised frame to every local socket of the event. */
  broadcast(eventId: string, frame: Buffer) {
    const sockets = this.byEvent.get(eventId);
    if (!sockets) return;
    for (const socket of sockets) {
      if (socket.readyState !== socket.OPEN) continue;
      if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
        this.logger.warn(`dropping a socket of event ${eventId}: ${socket.bufferedAmount} bytes behind`);
        socket.terminate();
        continue;
      }
      socket.send(frame, { binary: false });
    }
  }

  viewers(eventId: string) {
    return this.byEvent.get(eventId)?.size ?? 0;
  }

  events() {
    return [...this.byEvent.keys()];
  }
}
