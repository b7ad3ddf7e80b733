/** One audience of one event: its public wall, or its hosts (who see everything, for moderation). */
export interface LiveRoom {
  readonly eventId: string;
  readonly hosts: boolean;
}

/** A room's name in this instance's maps and logs; never read back into a room. */
export const roomKey = (room: LiveRoom) => (room.hosts ? `${room.eventId}:hosts` : room.eventId);
