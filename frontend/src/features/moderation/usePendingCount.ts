import { skipToken } from '@reduxjs/toolkit/query';
import { selectLiveConnected } from '../../api/liveStatus';
import { useGetHostMemoriesQuery } from '../../api/memories';
import { useAppSelector } from '../../app/hooks';
import { useWithoutRemovals } from './useUndoableRemoval';

/** While the hosts' feed is down, the count is read again this often (as the moderation page does). */
const POLL_MS = 5000;

/**
 * How many of an event's memories wait for a host's decision, live: it is the length of the pending list
 * the moderation page shows (the same cache entry, kept current by the hosts' feed), less the rejections
 * still in their Undo window. Undefined until known; pass no event id for a host who cannot moderate.
 */
export function usePendingCount(eventId: string | undefined): number | undefined {
  const connected = useAppSelector((state) => (eventId ? selectLiveConnected(state, eventId) : false));
  const { data } = useGetHostMemoriesQuery(eventId ? { eventId, filter: 'pending' } : skipToken, {
    pollingInterval: connected ? 0 : POLL_MS,
  });
  const waiting = useWithoutRemovals(data);
  return data && waiting.length;
}
