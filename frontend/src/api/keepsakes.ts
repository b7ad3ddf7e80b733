import { LiveMessageType, type KeepsakeLink, type KeepsakesResponse } from '@memory-wall/contracts';
import { api } from './api';
import { subscribeLive } from './live';

/**
 * An event's keepsakes (its archive and memory books), for its hosts. The list follows the hosts' feed:
 * each keepsake_updated carries a keepsake's whole state, so it replaces the cached one; after a reconnect
 * or a gap the list is read again.
 */
export const keepsakesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getKeepsakes: build.query<KeepsakesResponse, string>({
      query: (eventId) => `events/${encodeURIComponent(eventId)}/keepsakes`,
      keepUnusedDataFor: 0,
      async onCacheEntryAdded(eventId, { dispatch, updateCachedData, cacheDataLoaded, cacheEntryRemoved }) {
        const refetch = () =>
          void dispatch(
            keepsakesApi.endpoints.getKeepsakes.initiate(eventId, { subscribe: false, forceRefetch: true }),
          );
        let loaded = false;
        const unsubscribe = subscribeLive(eventId, {
          onMessage: (message) => {
            if (!loaded || message.type !== LiveMessageType.KeepsakeUpdated) return;
            updateCachedData(({ keepsakes }) => {
              const at = keepsakes.findIndex((k) => k.id === message.keepsake.id);
              if (at < 0) keepsakes.push(message.keepsake);
              // Messages arrive in order, but a list read meanwhile may already be newer.
              else if (keepsakes[at].updatedAt <= message.keepsake.updatedAt) keepsakes[at] = message.keepsake;
            });
          },
          onConnectionChange: () => undefined,
          onJoined: (_joined, again) => {
            if (loaded && again) refetch();
          },
          onCatchUp: refetch,
        });
        try {
          await cacheDataLoaded;
          loaded = true;
          await cacheEntryRemoved;
        } catch {
          // The entry went before its data came.
        } finally {
          unsubscribe();
        }
      },
    }),
    buildKeepsakes: build.mutation<KeepsakesResponse, string>({
      query: (eventId) => ({ url: `events/${encodeURIComponent(eventId)}/keepsakes`, method: 'POST' }),
      async onQueryStarted(eventId, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) void dispatch(keepsakesApi.util.upsertQueryData('getKeepsakes', eventId, data));
      },
    }),
    keepsakeLink: build.mutation<KeepsakeLink, { eventId: string; keepsakeId: string }>({
      query: ({ eventId, keepsakeId }) => ({
        url: `events/${encodeURIComponent(eventId)}/keepsakes/${encodeURIComponent(keepsakeId)}/link`,
        method: 'POST',
      }),
    }),
  }),
});

export const { useGetKeepsakesQuery, useBuildKeepsakesMutation, useKeepsakeLinkMutation } = keepsakesApi;
