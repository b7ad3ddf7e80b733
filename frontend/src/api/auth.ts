import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { LanguageRequest, SessionUser, UserResponse } from '@memory-wall/contracts';
import { api } from './api';

// The session as every page needs it (who is signed in, sign out, the language of their mail). Signing in,
// registering and changing a password or profile are in ./account.ts, loaded with the pages that do them.

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The signed-in user, or null when there is none (a 401 is an answer, not an error). */
    me: build.query<SessionUser | null, void>({
      async queryFn(_arg, _api, _extraOptions, baseQuery) {
        const result = await baseQuery('auth/me');
        if (result.error) {
          return (result.error as FetchBaseQueryError).status === 401
            ? { data: null }
            : { error: result.error as FetchBaseQueryError };
        }
        return { data: (result.data as UserResponse).user };
      },
      providesTags: ['User'],
    }),
    logout: build.mutation<void, void>({
      query: () => ({ url: 'auth/logout', method: 'POST' }),
      transformResponse: () => undefined,
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
        } catch {
          return; // still signed in: keep what is cached
        }
        // Nothing fetched for this user may outlive the session (spec §4 Logout).
        dispatch(api.util.resetApiState());
      },
    }),
    /** Keeps a signed-in user's choice of language (their mail's); nothing on screen depends on the answer. */
    saveLanguage: build.mutation<void, LanguageRequest>({
      query: (body) => ({ url: 'users/me/language', method: 'PUT', body }),
      transformResponse: () => undefined,
    }),
  }),
});

export const { useMeQuery, useLogoutMutation, useSaveLanguageMutation } = authApi;

/** The signed-in user (null: nobody; undefined: not known yet) and whether that answer is still coming. */
export function useSessionUser(): { user: SessionUser | null | undefined; isLoading: boolean } {
  const { data, isLoading, isFetching, isError } = useMeQuery();
  if (isError) return { user: null, isLoading: false }; // server unreachable: behave as signed out
  // A refetch that may turn "nobody" into a user (after sign-in) is waited for; one that confirms a user is not.
  const waiting = isLoading || (isFetching && !data);
  return { user: waiting ? undefined : (data ?? null), isLoading: waiting };
}
