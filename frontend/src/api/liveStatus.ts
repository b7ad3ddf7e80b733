import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

// Kept apart from ./live.ts: the store needs this slice from the start, the socket code only on wall pages.
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
