import {
  MAX_BULK_MEMORIES,
  type BulkModerationAction,
  type BulkModerationResponse,
  type ModerationKeywordsResponse,
} from '@memory-wall/contracts';
import { api } from './api';
import { hostEventsApi } from './hostEvents';
import { storeChanges } from './memories';

export interface BulkModerationArgs {
  eventId: string;
  action: BulkModerationAction;
  memoryIds: string[];
}

/** What a bulk decision did, its parts of at most MAX_BULK_MEMORIES put together. */
export type BulkOutcome = Omit<BulkModerationResponse, 'success'>;

/** Moderation at speed (issue #27): decisions on a selection, and the event's keyword list. */
export const moderationApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** A selection of any size, sent MAX_BULK_MEMORIES at a time; every cached list of the event follows at once. */
    bulkModerate: build.mutation<BulkOutcome, BulkModerationArgs>({
      async queryFn({ eventId, action, memoryIds }, { dispatch, getState }, _options, baseQuery) {
        const outcome: BulkOutcome = { done: [], memories: [], failed: [] };
        for (let at = 0; at < memoryIds.length; at += MAX_BULK_MEMORIES) {
          const result = await baseQuery({
            url: `events/${encodeURIComponent(eventId)}/memories/bulk`,
            method: 'POST',
            body: { action, memoryIds: memoryIds.slice(at, at + MAX_BULK_MEMORIES) },
          });
          if (result.error) return outcome.done.length ? { data: outcome } : { error: result.error };
          const part = result.data as BulkModerationResponse;
          const changed = new Map(part.memories.map((memory) => [memory.id, memory]));
          storeChanges(
            dispatch,
            getState,
            eventId,
            part.done.map((id) => ({ id, memory: changed.get(id) })),
          );
          outcome.done.push(...part.done);
          outcome.memories.push(...part.memories);
          outcome.failed.push(...part.failed);
        }
        return { data: outcome };
      },
    }),
    /** Replaces the event's keyword list; the event's cached copy follows. */
    setModerationKeywords: build.mutation<string[], { eventId: string; keywords: string[] }>({
      query: ({ eventId, keywords }) => ({
        url: `events/${encodeURIComponent(eventId)}/keywords`,
        method: 'PUT',
        body: { keywords },
      }),
      transformResponse: (response: ModerationKeywordsResponse) => response.keywords,
      async onQueryStarted({ eventId }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data)
          dispatch(
            hostEventsApi.util.updateQueryData('getEvent', eventId, (event) => void (event.moderationKeywords = data)),
          );
      },
    }),
  }),
});

export const { useBulkModerateMutation, useSetModerationKeywordsMutation } = moderationApi;
