import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { api } from '../api/api';
import { liveSlice } from '../api/liveStatus';
import { removalsSlice } from '../features/moderation/removals';

const rootReducer = combineSlices(api, liveSlice, removalsSlice);

export type RootState = ReturnType<typeof rootReducer>;

export function makeStore(preloadedState?: Partial<RootState>) {
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
  setupListeners(store.dispatch); // refetchOnFocus / refetchOnReconnect where endpoints ask for it
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
