import { Injectable, Logger } from '@nestjs/common';
import type { WebSocket } from 'ws';
import { PreparedFrame } from './prepared-frame';

/** A socket whose unsent data passes this is too far behind: it is dropped, not buffered without limit. */
export const MAX_BUFFERED_BYTES = 1024 * 1024;

/** One audience of one event: the public wall, or its hosts. */
export interface LiveRoom {
  eventId: string;
  hosts: boolean;
}
export const roomKey = (room: LiveRoom) => (room.hosts ? `${room.eventId}:hosts` : room.eventId);
const roomOfKey = (key: string): LiveRoom =>
  key.endsWith(':hosts') ? { eventId: key.slice(0, -':hosts'.length), hosts: true } : { eventId: key, hosts: false };

export interface RegistryListener {
  /** The first local viewer of a room arrived. */
  onFirstViewer(room: LiveRoom): void;
  /** The last local viewer of a room left. */
  onLastViewer(room: LiveRoom): void;
}

/** This instance's sockets, grouped by room (see roomKey). Only the gateway adds and removes them. */
@Injectable()
export class LiveRegistry {
  private readonly logger = new Logger(LiveRegistry.name);
  private readonly byRoom = new Map<string, Set<WebSocket>>();
  private readonly roomOf = new WeakMap<WebSocket, string>();
  private listener?: RegistryListener;

  setListener(listener: RegistryListener) {
    this.listener = listener;
  }

  join(socket: WebSocket, room: string) {
    if (this.roomOf.get(socket) === room) return;
    this.leave(socket);
    let sockets = this.byRoom.get(room);
    if (!sockets) {
      sockets = new Set();
      this.byRoom.set(room, sockets);
      this.listener?.onFirstViewer(roomOfKey(room));
    }
    sockets.add(socket);
    this.roomOf.set(socket, room);
  }

  leave(socket: WebSocket) {
    const room = this.roomOf.get(socket);
    if (!room) return;
    this.roomOf.delete(socket);
    const sockets = this.byRoom.get(room);
    if (!sockets) return;
    sockets.delete(socket);
    if (sockets.size === 0) {
      this.byRoom.delete(room);
      this.listener?.onLastViewer(roomOfKey(room));
    }
  }

  /** Sends one already-serialised message to every local socket of the room, framed once for all. */
  broadcast(room: string, message: Buffer) {
    const sockets = this.byRoom.get(room);
    if (!sockets) return;
    const frame = new PreparedFrame(message);
    for (const socket of sockets) {
      if (socket.readyState !== socket.OPEN) continue;
      if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
        this.logger.warn(`dropping a socket of ${room}: ${socket.bufferedAmount} bytes behind`);
        socket.terminate();
        continue;
      }
      frame.sendTo(socket);
    }
  }

  viewers(room: string) {
    return this.byRoom.get(room)?.size ?? 0;
  }
}
