import {
  createApi,
  fetchBaseQuery,
  retry,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
} from '@reduxjs/toolkit/query/react';
import type { ApiErrorBody } from '@memory-wall/contracts';
import { apiBaseUrl } from './config';

// Built per request so the base URL can change at run time (tests start their server after import).
const fetchQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = (args, api, extraOptions) =>
  fetchBaseQuery({ baseUrl: apiBaseUrl(), credentials: 'include' })(args, api, extraOptions);

/**
 * Answers a retry cannot change: 403 (spec §7: the event fetch retries "except on 403") and 404 (an
 * event that does not exist will not appear a moment later, so asking again only delays 'not found').
 */
const FINAL_STATUSES: ReadonlySet<unknown> = new Set([403, 404]);

/**
 * Queries are not retried (spec §7), so by default no endpoint retries (maxRetries 0); an endpoint
 * opts in with extraOptions, as the event fetch does (see EVENT_FETCH_RETRY in ./events).
 */
const baseQuery = retry(
  async (args: string | FetchArgs, api, extraOptions) => {
    const result = await fetchQuery(args, api, extraOptions);
    if (result.error && FINAL_STATUSES.has(result.error.status)) retry.fail(result.error, result.meta);
    return result;
  },
  { maxRetries: 0 },
);

/** The one API slice. Features add their endpoints with api.injectEndpoints in src/api/<feature>.ts. */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: [
    'User',
    'Settings',
    'Event',
    'Memory',
    'Customer',
    'Credits',
    'CreditPack',
    'ServiceProvider',
    'CreditTransaction',
    'Queue',
  ],
  endpoints: () => ({}),
});

function errorBody(error: unknown): Partial<ApiErrorBody> | undefined {
  if (error && typeof error === 'object' && 'data' in error) {
    const data = (error as FetchBaseQueryError).data;
    if (data && typeof data === 'object') return data as Partial<ApiErrorBody>;
  }
  return undefined;
}

/** HTTP status of a failed request, or undefined for network and parsing failures. */
export function errorStatus(error: unknown): number | undefined {
  if (error && typeof error === 'object' && 'status' in error) {
    const status = (error as FetchBaseQueryError).status;
    if (typeof status === 'number') return status;
  }
  return undefined;
}

/** The server's message for a failed request, if it sent one. */
export function errorMessage(error: unknown): string | undefined {
  const message = errorBody(error)?.message;
  if (typeof message === 'string' && message) return message;
  if (error && typeof error === 'object' && 'error' in error && typeof error.error === 'string') return error.error;
  return undefined;
}

/** Per-field validation messages of a 4xx (field name to message). */
export function errorFields(error: unknown): Record<string, string> {
  return errorBody(error)?.fields ?? {};
}
