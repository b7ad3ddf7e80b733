import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import {
  BooleanText,
  isInScreenDelay,
  LIVE_POSITION_HEADER,
  LiveMessageType,
  type DisplayOrder,
  type HostMemoriesResponse,
  type HostMemory,
  type HostMemoryResponse,
  type LiveJoined,
  type LiveMessage,
  type MemoriesResponse,
  type PublicMemory,
  type UpdateMemoryRequest,
} from '@memory-wall/contracts';
import { api } from './api';
import { screensChanged } from './hostEvents';
import { applyLiveMessage, missedBetween, removeMemory, subscribeLive, upsertMemory, type MemoryFilter } from './live';
import { liveConnectionChanged } from './liveStatus';

export interface MemoriesArgs {
  eventId: string;
  /** true: only approved memories. Only such lists follow the live socket, which carries approved content only. */
  approved?: boolean;
  /** The event's display order (?order=); the server's default is newest first. */
  order?: DisplayOrder;
}

/** A host's list of one event's memories (the host wall, the moderation page, the customer wall). */
export interface HostMemoriesArgs {
  eventId: string;
  filter: Exclude<MemoryFilter, 'all'>;
}

/** A moderation action on one memory of an event. */
export interface MemoryAction {
  id: string;
  eventId: string;
}

/** Address of a host list: pending ones come from the pending-submissions endpoint (spec §7). */
function hostListRequest({ eventId, filter }: HostMemoriesArgs) {
  const event = encodeURIComponent(eventId);
  if (filter === 'pending') return { url: `events/${event}/submissions/pending` };
  return {
    url: `events/${event}/memories`,
    params: filter === 'flagged' ? { flagged: BooleanText.True } : { approved: BooleanText.True },
  };
}

type Dispatch = ThunkDispatch<any, unknown, UnknownAction>;

interface LiveLifecycle<M> {
  dispatch: Dispatch;
  updateCachedData: (recipe: (draft: M[]) => M[] | void) => unknown;
  cacheDataLoaded: Promise<{ meta?: { response?: Response } | undefined }>;
  cacheEntryRemoved: Promise<void>;
}

/**
 * Keeps one cached list current from its event's live socket (design: merge into the cache, no refetch
 * storm). The socket is opened with the first request; messages that come before the list are applied
 * once it is there. The list says which position of the feed it reflects and the socket where it joined
 * the feed: only when the list is older than the join is it fetched again. After a reconnect, or a gap in
 * the feed's sequence, the list is fetched once again; the messages that arrive while that fetch is on its
 * way are applied again to what it brings, which may have been read before they were published.
 */
async function followLive<M extends PublicMemory>(
  eventId: string,
  filter: MemoryFilter,
  catchUp: () => PromiseLike<unknown>,
  { dispatch, updateCachedData, cacheDataLoaded, cacheEntryRemoved }: LiveLifecycle<M>,
  hosts = false,
) {
  let loaded = false;
  /** Where the socket joined, while the list is not there yet. */
  let joinedFirst: LiveJoined | undefined;
  let listed: string | null | undefined;
  const early: LiveMessage[] = [];
  let catchUpsInFlight = 0;
  let duringCatchUp: LiveMessage[] = [];
  const apply = (message: LiveMessage) => updateCachedData((memories) => applyLiveMessage(memories, message, filter));

  const unsubscribe = subscribeLive(eventId, {
    onMessage: (message) => {
      if (message.type === LiveMessageType.ScreensUpdated) {
        // The host changed the screens' controls: the wall is read again, under them (public lists only:
        // hosts' lists are never held).
        screensChanged(dispatch, eventId, message.screens);
        if (filter === 'approved' && !hosts) catchUpOnce();
        return;
      }
      if (!loaded) return void early.push(message);
      apply(message);
      if (catchUpsInFlight) duringCatchUp.push(message);
    },
    onConnectionChange: (connected) => dispatch(liveConnectionChanged({ eventId, connected })),
    onJoined: (joined, again) => {
      if (!loaded) joinedFirst = joined;
      else if (again || missedBetween(listed, joined)) catchUpOnce();
    },
    onCatchUp: () => catchUpOnce(),
  });

  function catchUpOnce() {
    if (!loaded) return;
    catchUpsInFlight += 1;
    const settled = () => {
      // Each message is a memory's whole new state (or its removal): applying one again changes nothing.
      duringCatchUp.forEach(apply);
      if (--catchUpsInFlight === 0) duringCatchUp = [];
    };
    catchUp().then(settled, settled);
  }

  try {
    const { meta } = await cacheDataLoaded;
    listed = meta?.response?.headers.get(LIVE_POSITION_HEADER);
    loaded = true;
    early.splice(0).forEach(apply);
    if (joinedFirst && missedBetween(listed, joinedFirst)) catchUpOnce();
  } catch {
    // The entry was removed before its first response: nothing to update.
  }
  await cacheEntryRemoved;
  unsubscribe();
}

export const memoriesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMemories: build.query<PublicMemory[], MemoriesArgs>({
      query: ({ eventId, approved, order }) => {
        const params = {
          ...(approved === undefined ? {} : { approved: String(approved) }),
          ...(order === undefined ? {} : { order }),
        };
        return {
          url: `events/${encodeURIComponent(eventId)}/memories`,
          params: Object.keys(params).length ? params : undefined,
        };
      },
      transformResponse: (response: MemoriesResponse) => response.memories,
      providesTags: (_result, _error, { eventId }) => [{ type: 'Memory', id: `event-${eventId}` }],
      // Drop the entry (and so leave its socket) as soon as no screen uses it.
      keepUnusedDataFor: 0,
      async onCacheEntryAdded(args, lifecycle) {
        if (args.approved !== true) return;
        const catchUp = () =>
          lifecycle.dispatch(
            memoriesApi.endpoints.getMemories.initiate(args, { subscribe: false, forceRefetch: true }),
          );
        await followLive(args.eventId, 'approved', catchUp, lifecycle);
      },
    }),
    /** For the event's hosts: its memories with their moderation state, kept current by the hosts' feed. */
    getHostMemories: build.query<HostMemory[], HostMemoriesArgs>({
      query: hostListRequest,
      transformResponse: (response: HostMemoriesResponse) => response.memories,
      providesTags: (_result, _error, { eventId }) => [{ type: 'Memory', id: `event-${eventId}` }],
      keepUnusedDataFor: 0,
      async onCacheEntryAdded(args, lifecycle) {
        const catchUp = () =>
          lifecycle.dispatch(
            memoriesApi.endpoints.getHostMemories.initiate(args, { subscribe: false, forceRefetch: true }),
          );
        await followLive(args.eventId, args.filter, catchUp, lifecycle, true);
      },
    }),
    approveSubmission: build.mutation<HostMemory, MemoryAction>({
      query: ({ id }) => ({ url: `submissions/${encodeURIComponent(id)}/approve`, method: 'POST' }),
      transformResponse: (response: HostMemoryResponse) => response.memory,
      onQueryStarted: (action, lifecycle) => storeChange(action, lifecycle),
    }),
    /** Reject: the submission is deleted. */
    rejectSubmission: build.mutation<void, MemoryAction>({
      query: ({ id }) => ({ url: `submissions/${encodeURIComponent(id)}`, method: 'DELETE' }),
      transformResponse: () => undefined,
      onQueryStarted: (action, lifecycle) => storeChange(action, lifecycle),
    }),
    updateMemory: build.mutation<HostMemory, MemoryAction & UpdateMemoryRequest>({
      query: ({ id, eventId: _eventId, ...body }) => ({
        url: `memories/${encodeURIComponent(id)}`,
        method: 'PATCH',
        body,
      }),
      transformResponse: (response: HostMemoryResponse) => response.memory,
      onQueryStarted: (action, lifecycle) => storeChange(action, lifecycle),
    }),
    removeMemory: build.mutation<void, MemoryAction>({
      query: ({ id }) => ({ url: `memories/${encodeURIComponent(id)}`, method: 'DELETE' }),
      transformResponse: () => undefined,
      onQueryStarted: (action, lifecycle) => storeChange(action, lifecycle),
    }),
    /** Takes back an approval while the memory waits for the screens' delay (409 once it reached them). */
    pullBackMemory: build.mutation<HostMemory, MemoryAction>({
      query: ({ id }) => ({ url: `submissions/${encodeURIComponent(id)}/pull-back`, method: 'POST' }),
      transformResponse: (response: HostMemoryResponse) => response.memory,
      onQueryStarted: (action, lifecycle) => storeChange(action, lifecycle),
    }),
    /** Toggles featured (409 unless the memory is on the wall). */
    featureMemory: build.mutation<HostMemory, MemoryAction>({
      query: ({ id }) => ({ url: `memories/${encodeURIComponent(id)}/feature`, method: 'POST' }),
      transformResponse: (response: HostMemoryResponse) => response.memory,
      onQueryStarted: (action, lifecycle) => storeChange(action, lifecycle),
    }),
    flagMemory: build.mutation<HostMemory, MemoryAction>({
      query: ({ id }) => ({ url: `memories/${encodeURIComponent(id)}/flag`, method: 'POST' }),
      transformResponse: (response: HostMemoryResponse) => response.memory,
      onQueryStarted: (action, lifecycle) => storeChange(action, lifecycle),
    }),
  }),
});

/**
 * After a moderation action succeeds, every cached list of the event reflects it at once (the memory
 * moves between pending, on display and flagged, or leaves them all), without refetching; the live
 * message that follows changes nothing more.
 */
async function storeChange(
  { id, eventId }: MemoryAction,
  {
    dispatch,
    getState,
    queryFulfilled,
  }: { dispatch: Dispatch; getState: () => any; queryFulfilled: Promise<{ data: HostMemory | void }> },
) {
  let memory: HostMemory | void;
  try {
    ({ data: memory } = await queryFulfilled);
  } catch {
    return; // the page shows the failure
  }
  storeChanges(dispatch, getState, eventId, [{ id, memory: memory ?? undefined }]);
}

/** Changes made to memories of the event (a memory as it is now, or none: removed), applied to every cached list. */
export function storeChanges(
  dispatch: Dispatch,
  getState: () => any,
  eventId: string,
  changes: ReadonlyArray<{ id: string; memory?: HostMemory }>,
) {
  const apply = <M extends PublicMemory>(
    memories: M[],
    filter: MemoryFilter,
    onList: (memory: HostMemory) => boolean = () => true,
  ) =>
    changes.reduce(
      (list, { id, memory }) =>
        memory && onList(memory) ? upsertMemory(list, memory as unknown as M, filter) : removeMemory(list, id),
      memories,
    );
  for (const args of memoriesApi.util.selectCachedArgsForQuery(getState(), 'getHostMemories')) {
    if (args.eventId !== eventId) continue;
    dispatch(memoriesApi.util.updateQueryData('getHostMemories', args, (memories) => apply(memories, args.filter)));
  }
  for (const args of memoriesApi.util.selectCachedArgsForQuery(getState(), 'getMemories')) {
    if (args.eventId !== eventId || args.approved !== true) continue;
    dispatch(
      memoriesApi.util.updateQueryData('getMemories', args, (memories) =>
        // One waiting for the screens' delay is not on the public wall yet.
        apply(memories, 'approved', (memory) => !isInScreenDelay(memory.publicAt)),
      ),
    );
  }
}

export const {
  useGetMemoriesQuery,
  useGetHostMemoriesQuery,
  useApproveSubmissionMutation,
  useRejectSubmissionMutation,
  useUpdateMemoryMutation,
  useRemoveMemoryMutation,
  useFeatureMemoryMutation,
  useFlagMemoryMutation,
  usePullBackMemoryMutation,
} = memoriesApi;
