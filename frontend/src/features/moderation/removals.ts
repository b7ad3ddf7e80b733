import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/**
 * Memories a host has rejected or removed that wait out their Undo window (useUndoableRemoval): every list
 * leaves them out at once, and shows them again on Undo. Kept apart from the hook: the store needs the
 * slice from the start.
 */
export const removalsSlice = createSlice({
  name: 'removals',
  initialState: { waiting: {} as Record<string, true> },
  reducers: {
    removalsStarted(state, action: PayloadAction<readonly string[]>) {
      for (const id of action.payload) state.waiting[id] = true;
    },
    removalsEnded(state, action: PayloadAction<readonly string[]>) {
      for (const id of action.payload) delete state.waiting[id];
    },
  },
  selectors: {
    selectWaitingRemovals: (state) => state.waiting,
  },
});

export const { removalsStarted, removalsEnded } = removalsSlice.actions;
export const { selectWaitingRemovals } = removalsSlice.selectors;
