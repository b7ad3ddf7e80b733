import { useSyncExternalStore } from 'react';
import type { HeartRequest, HeartResponse } from '@memory-wall/contracts';
import { api } from './api';
import { withHearts } from './live';
import { memoriesApi } from './memories';
import { newSubmissionId } from './submissionRetry';

export const DEVICE_ID_STORAGE_KEY = 'memory-wall-device';
export const HEARTED_STORAGE_KEY = 'memory-wall-hearted';
/** The memories a device remembers having hearted: the newest this many. */
const HEARTED_KEPT = 2000;

/** This browser's id for hearts (the server counts one heart per device and memory), made on first use. */
export function deviceId(): string {
  try {
    const stored = localStorage.getItem(DEVICE_ID_STORAGE_KEY);
    if (stored) return stored;
    const made = newSubmissionId();
    localStorage.setItem(DEVICE_ID_STORAGE_KEY, made);
    return made;
  } catch {
    // Storage blocked (private mode): one id for this visit.
    return (visitDeviceId ??= newSubmissionId());
  }
}
let visitDeviceId: string | undefined;

function readHearted(): string[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(HEARTED_STORAGE_KEY) ?? '[]');
    return Array.isArray(stored) ? stored.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

let hearted = new Set(readHearted());
const watchers = new Set<() => void>();

function rememberHearted(memoryId: string) {
  if (hearted.has(memoryId)) return;
  hearted = new Set([...hearted, memoryId].slice(-HEARTED_KEPT));
  try {
    localStorage.setItem(HEARTED_STORAGE_KEY, JSON.stringify([...hearted]));
  } catch {
    // Storage blocked: remembered for this visit.
  }
  watchers.forEach((notify) => notify());
}

/** Whether this device hearted the memory (the server knows too: hearting again counts nothing). */
export function useHearted(memoryId: string): boolean {
  return useSyncExternalStore(
    (notify) => {
      watchers.add(notify);
      return () => watchers.delete(notify);
    },
    () => hearted.has(memoryId),
  );
}

export interface HeartArgs {
  eventId: string;
  memoryId: string;
}

export const heartsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** A guest's heart: the count it answers goes into every cached list of the event at once. */
    heartMemory: build.mutation<HeartResponse, HeartArgs>({
      query: ({ eventId, memoryId }) => ({
        url: `events/${encodeURIComponent(eventId)}/memories/${encodeURIComponent(memoryId)}/hearts`,
        method: 'POST',
        body: { deviceId: deviceId() } satisfies HeartRequest,
      }),
      async onQueryStarted({ eventId, memoryId }, { dispatch, getState, queryFulfilled }) {
        let answer: HeartResponse;
        try {
          ({ data: answer } = await queryFulfilled);
        } catch {
          return; // the card shows the failure
        }
        rememberHearted(memoryId);
        const { hearts } = answer;
        for (const args of memoriesApi.util.selectCachedArgsForQuery(getState(), 'getMemories')) {
          if (args.eventId !== eventId) continue;
          dispatch(memoriesApi.util.updateQueryData('getMemories', args, (list) => withHearts(list, memoryId, hearts)));
        }
        for (const args of memoriesApi.util.selectCachedArgsForQuery(getState(), 'getHostMemories')) {
          if (args.eventId !== eventId) continue;
          dispatch(
            memoriesApi.util.updateQueryData('getHostMemories', args, (list) => withHearts(list, memoryId, hearts)),
          );
        }
      },
    }),
  }),
});

export const { useHeartMemoryMutation } = heartsApi;
