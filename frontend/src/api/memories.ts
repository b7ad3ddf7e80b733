import type { LiveMessage, PublicMemory, SubmissionResponse } from '@memory-wall/contracts';
import { api } from './api';
import { applyLiveMessage, liveConnectionChanged, openLiveSocket } from './live';

export interface MemoriesArgs {
  eventId: string;
  /** true: only approved memories. Only such lists follow the live socket, which carries approved content only. */
  approved?: boolean;
}

export interface MessageSubmission {
  eventId: string;
  name: string;
  title: string;
  message: string;
}

export const memoriesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMemories: build.query<PublicMemory[], MemoriesArgs>({
      query: ({ eventId, approved }) => ({
        url: `events/${encodeURIComponent(eventId)}/memories`,
        params: approved === undefined ? undefined : { approved: String(approved) },
      }),
      transformResponse: (response: { memories: PublicMemory[] }) => response.memories,
      providesTags: (_result, _error, { eventId }) => [{ type: 'Memory', id: `event-${eventId}` }],
      // Drop the entry (and so close its socket) as soon as no screen uses it.
      keepUnusedDataFor: 0,
      async onCacheEntryAdded(args, { updateCachedData, cacheDataLoaded, cacheEntryRemoved, dispatch }) {
        if (args.approved !== true) return;
        const { eventId } = args;
        let loaded = false;
        const early: LiveMessage[] = [];
        const apply = (message: LiveMessage) => updateCachedData((memories) => applyLiveMessage(memories, message));
        const catchUp = () =>
          dispatch(memoriesApi.endpoints.getMemories.initiate(args, { subscribe: false, forceRefetch: true }));

        // Opened before the first response arrives so nothing published meanwhile is lost;
        // messages that come first are applied once the list is there.
        const socket = openLiveSocket(eventId, {
          onMessage: (message) => (loaded ? apply(message) : early.push(message)),
          onOpen: () => {
            dispatch(liveConnectionChanged({ eventId, connected: true }));
            // The list predates this connection (a reconnect, or a slow first open): fetch what was missed.
            if (loaded) catchUp();
          },
          onClose: () => dispatch(liveConnectionChanged({ eventId, connected: false })),
        });

        try {
          await cacheDataLoaded;
          loaded = true;
          early.splice(0).forEach(apply);
        } catch {
          // The entry was removed before its first response: nothing to update.
        }
        await cacheEntryRemoved;
        socket.close();
      },
    }),
    submitMessage: build.mutation<SubmissionResponse, MessageSubmission>({
      query: ({ eventId, ...body }) => ({
        url: `events/${encodeURIComponent(eventId)}/submissions/message`,
        method: 'POST',
        body,
      }),
    }),
  }),
});

export const { useGetMemoriesQuery, useSubmitMessageMutation } = memoriesApi;
