import { skipToken } from '@reduxjs/toolkit/query';
import { useParams, useSearchParams } from 'react-router';
import type { PublicEvent } from '@memory-wall/contracts';
import { errorMessage, errorStatus } from '../../api/api';
import { useGetEventByCodeQuery, useGetEventBySlugQuery, useGetPublicEventQuery } from '../../api/events';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Stored event codes are 4 to 10 letters or digits (spec §3). */
const CODE = /^[a-z0-9]{4,10}$/i;

/**
 * What /contribute/{ref} or /contribute?code={code} looks up first: the event's id, else its code (the
 * slug is tried only once the code is not found).
 */
export function contributeLookup(
  ref: string | undefined,
  queryCode: string | undefined,
): { id?: string; code?: string } {
  if (ref) return UUID.test(ref) ? { id: ref } : { code: CODE.test(ref) ? ref.toUpperCase() : undefined };
  const code = queryCode?.trim().toUpperCase();
  return { code: code || undefined };
}

/**
 * The event to contribute to (spec §2 Contribute page): /contribute/{ref} where ref is the event's id,
 * else its code, else its slug; or /contribute?code={eventCode}.
 */
export function useContributeEvent(): {
  event: PublicEvent | undefined;
  isLoading: boolean;
  refusal?: string;
  /** The event exists but the server does not show it (403: a draft): it takes no memories either. */
  unavailable: boolean;
} {
  const { eventId: ref } = useParams();
  const [searchParams] = useSearchParams();
  const queryCode = searchParams.get('code') ?? undefined;

  const { id, code } = contributeLookup(ref, queryCode);
  const byId = useGetPublicEventQuery(id ?? skipToken);
  const byCode = useGetEventByCodeQuery(code ?? skipToken);
  // A ref that is not an id nor a known code may be a slug (not after a 429: that would only count again).
  const slug = ref && !id && (!code || (byCode.isError && errorStatus(byCode.error) !== 429)) ? ref : undefined;
  const bySlug = useGetEventBySlugQuery(slug ?? skipToken);

  const event = byId.data ?? byCode.data ?? bySlug.data;
  const isLoading = !event && (byId.isLoading || byCode.isLoading || bySlug.isLoading);
  // Too many look-ups from this connection: the event may well exist, so say what the server said.
  const limited = [byCode.error, bySlug.error].find((error) => errorStatus(error) === 429);
  return {
    event,
    isLoading,
    refusal: limited ? errorMessage(limited) : undefined,
    unavailable: errorStatus(byId.error) === 403,
  };
}
