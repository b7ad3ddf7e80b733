import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { isFinalCloseCode, LiveMessageType, type LiveMessage, type PublicMemory } from '@memory-wall/contracts';
import { liveSocketUrl } from './config';

/** Reconnection schedule of spec §9: 1 s doubling, capped at 30 s, 10 attempts, reset on success. */
export const RECONNECT = { baseDelayMs: 1000, maxDelayMs: 30_000, maxAttempts: 10 } as const;

/** Delay before reconnection attempt number `attempt` (0-based). */
export function reconnectDelay(attempt: number): number {
  return Math.min(RECONNECT.baseDelayMs * 2 ** attempt, RECONNECT.maxDelayMs);
}

/** The memories list after one live message. Returns the same array when nothing changes. */
export function applyLiveMessage(memories: PublicMemory[], message: LiveMessage): PublicMemory[] {
  switch (message.type) {
    case LiveMessageType.NewMemory:
    case LiveMessageType.MemoryApproved: {
      const { memory } = message;
      if (memories.some((m) => m.id === memory.id)) return replaceMemory(memories, memory);
      return [memory, ...memories]; // lists are newest first
    }
    case LiveMessageType.MemoryUpdate:
    case LiveMessageType.MemoryUpdated:
      return replaceMemory(memories, message.memory);
    case LiveMessageType.MemoryDelete:
      return memories.some((m) => m.id === message.memoryId)
        ? memories.filter((m) => m.id !== message.memoryId)
        : memories;
    default:
      return memories;
  }
}

function replaceMemory(memories: PublicMemory[], memory: PublicMemory): PublicMemory[] {
  const index = memories.findIndex((m) => m.id === memory.id);
  if (index < 0) return memories;
  const next = memories.slice();
  next[index] = memory;
  return next;
}

const knownTypes = new Set<string>(Object.values(LiveMessageType));

/** A LiveMessage from a socket frame, or null when the frame is not one (spec: log and ignore). */
export function parseLiveMessage(data: unknown): LiveMessage | null {
  let message: unknown;
  try {
    message = typeof data === 'string' ? JSON.parse(data) : null;
  } catch {
    message = null;
  }
  if (!message || typeof message !== 'object' || !knownTypes.has((message as { type?: string }).type ?? '')) {
    return null;
  }
  const candidate = message as Partial<Record<'type' | 'memoryId', unknown>> & { memory?: { id?: unknown } };
  const valid =
    candidate.type === LiveMessageType.MemoryDelete
      ? typeof candidate.memoryId === 'string'
      : typeof candidate.memory?.id === 'string';
  return valid ? (message as LiveMessage) : null;
}

export interface LiveSocketHandlers {
  onMessage(message: LiveMessage): void;
  onOpen(): void;
  onClose(): void;
}

export interface LiveSocket {
  close(): void;
}

/**
 * Opens the public live socket of an event and keeps it open: after an unclean close (anything but a
 * normal 1000 closure or the gateway refusing the event, so a restarting server's 1001 counts) it
 * reconnects on the RECONNECT schedule, then gives up.
 */
export function openLiveSocket(eventId: string, handlers: LiveSocketHandlers): LiveSocket {
  let socket: WebSocket | null = null;
  let attempts = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const connect = () => {
    const ws = new WebSocket(liveSocketUrl(eventId));
    socket = ws;
    ws.onopen = () => {
      attempts = 0;
      handlers.onOpen();
    };
    ws.onmessage = (event: MessageEvent) => {
      const message = parseLiveMessage(event.data);
      if (message) handlers.onMessage(message);
      else console.warn('Ignoring malformed live message', event.data);
    };
    ws.onclose = (event: CloseEvent) => {
      if (socket !== ws) return;
      socket = null;
      handlers.onClose();
      if (stopped || isFinalCloseCode(event.code) || attempts >= RECONNECT.maxAttempts) return;
      retryTimer = setTimeout(connect, reconnectDelay(attempts));
      attempts += 1;
    };
  };

  connect();

  return {
    close() {
      stopped = true;
      clearTimeout(retryTimer);
      const ws = socket;
      socket = null;
      ws?.close(1000);
      if (ws) handlers.onClose();
    },
  };
}

/** Whether each event's live socket is open right now, for the Live / Offline badge. */
export const liveSlice = createSlice({
  name: 'live',
  initialState: { connected: {} as Record<string, boolean> },
  reducers: {
    liveConnectionChanged(state, action: PayloadAction<{ eventId: string; connected: boolean }>) {
      state.connected[action.payload.eventId] = action.payload.connected;
    },
  },
  selectors: {
    selectLiveConnected: (state, eventId: string) => state.connected[eventId] ?? false,
  },
});

export const { liveConnectionChanged } = liveSlice.actions;
export const { selectLiveConnected } = liveSlice.selectors;
