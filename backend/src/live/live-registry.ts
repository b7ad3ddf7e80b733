import { Injectable, Logger } from '@nestjs/common';
import type { WebSocket } from 'ws';
import { LiveRoom, roomKey } from './live-room';
import { PreparedFrame } from './prepared-frame';

/** A socket whose unsent data passes this is too far behind: it is dropped, not buffered without limit. */
export const MAX_BUFFERED_BYTES = 1024 * 1024;

/** What a join changed: the room that got its first local viewer, and the one that lost its last. */
export interface RoomChanges {
  opened?: LiveRoom;
  emptied?: LiveRoom;
}

interface Occupants {
  room: LiveRoom;
  sockets: Set<WebSocket>;
}

/**
 * This instance's sockets, grouped by room. Only the gateway adds and removes them, and it learns from the
 * answers which rooms opened or emptied (so that the subscriber follows exactly the rooms with viewers).
 */
@Injectable()
export class LiveRegistry {
  private readonly logger = new Logger(LiveRegistry.name);
  private readonly byRoom = new Map<string, Occupants>();
  private readonly roomOf = new WeakMap<WebSocket, Occupants>();

  join(socket: WebSocket, room: LiveRoom): RoomChanges {
    const key = roomKey(room);
    const current = this.roomOf.get(socket);
    if (current && roomKey(current.room) === key) return {};
    const emptied = this.leave(socket);
    let occupants = this.byRoom.get(key);
    const opened = occupants ? undefined : room;
    if (!occupants) {
      occupants = { room, sockets: new Set() };
      this.byRoom.set(key, occupants);
    }
    occupants.sockets.add(socket);
    this.roomOf.set(socket, occupants);
    return { opened, emptied };
  }

  /** Takes the socket out of its room; answers the room when it was the last viewer there. */
  leave(socket: WebSocket): LiveRoom | undefined {
    const occupants = this.roomOf.get(socket);
    if (!occupants) return undefined;
    this.roomOf.delete(socket);
    occupants.sockets.delete(socket);
    if (occupants.sockets.size > 0) return undefined;
    this.byRoom.delete(roomKey(occupants.room));
    return occupants.room;
  }

  /** Sends one already-serialised message to every local socket of the room, framed once for all. */
  broadcast(room: LiveRoom, message: Buffer) {
    const sockets = this.byRoom.get(roomKey(room))?.sockets;
    if (!sockets) return;
    const frame = new PreparedFrame(message);
    for (const socket of sockets) {
      if (socket.readyState !== socket.OPEN) continue;
      if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
        this.logger.warn(`dropping a socket of ${roomKey(room)}: ${socket.bufferedAmount} bytes behind`);
        socket.terminate();
        continue;
      }
      frame.sendTo(socket);
    }
  }

  viewers(room: LiveRoom) {
    return this.byRoom.get(roomKey(room))?.sockets.size ?? 0;
  }
}
