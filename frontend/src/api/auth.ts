import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type {
  ChangePasswordRequest,
  LanguageRequest,
  LoginRequest,
  PasswordResetBody,
  PasswordResetRequest,
  ProfileResponse,
  RegisterRequest,
  SessionUser,
  UpdateProfileRequest,
  UserResponse,
} from '@memory-wall/contracts';
import { api } from './api';

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
    login: build.mutation<SessionUser, LoginRequest>({
      query: (body) => ({ url: 'auth/login', method: 'POST', body }),
      transformResponse: (response: UserResponse) => response.user,
      onQueryStarted: (_arg, lifecycle) => storeUserOnSuccess(lifecycle),
      invalidatesTags: (_result, error) => (error ? [] : ['User']),
    }),
    register: build.mutation<SessionUser, RegisterRequest>({
      query: (body) => ({ url: 'auth/register', method: 'POST', body }),
      transformResponse: (response: UserResponse) => response.user,
      onQueryStarted: (_arg, lifecycle) => storeUserOnSuccess(lifecycle),
      invalidatesTags: (_result, error) => (error ? [] : ['User']),
    }),
    requestPasswordReset: build.mutation<void, PasswordResetRequest>({
      query: (body) => ({ url: 'auth/password-reset/request', method: 'POST', body }),
    }),
    resetPassword: build.mutation<void, PasswordResetBody>({
      query: (body) => ({ url: 'auth/password-reset', method: 'POST', body }),
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
    updateProfile: build.mutation<SessionUser, { id: string } & UpdateProfileRequest>({
      query: ({ id, ...body }) => ({ url: `users/${encodeURIComponent(id)}/profile`, method: 'PATCH', body }),
      transformResponse: (response: ProfileResponse) => response.user,
      onQueryStarted: (_arg, lifecycle) => storeUserOnSuccess(lifecycle),
      invalidatesTags: (_result, error) => (error ? [] : ['User']),
    }),
    /** Keeps a signed-in user's choice of language (their mail's); nothing on screen depends on the answer. */
    saveLanguage: build.mutation<void, LanguageRequest>({
      query: (body) => ({ url: 'users/me/language', method: 'PUT', body }),
      transformResponse: () => undefined,
    }),
    changePassword: build.mutation<void, ChangePasswordRequest>({
      query: (body) => ({ url: 'auth/change-password', method: 'POST', body }),
      transformResponse: () => undefined,
      // The server may rotate or revoke sessions on a password change: ask who is signed in now.
      invalidatesTags: (_result, error) => (error ? [] : ['User']),
    }),
  }),
});

/**
 * Puts the user a mutation returned into the `me` cache at once (synchronously when the entry exists),
 * so neither a guard nor a page shows the old answer while `me` refetches after the invalidation.
 */
async function storeUserOnSuccess({
  dispatch,
  getState,
  queryFulfilled,
}: {
  // As loose as RTK's own lifecycle types: naming authApi's state here would make its type refer to itself.
  dispatch: ThunkDispatch<any, unknown, UnknownAction>;
  getState: () => any;
  queryFulfilled: Promise<{ data: SessionUser }>;
}): Promise<void> {
  let user: SessionUser;
  try {
    ({ data: user } = await queryFulfilled);
  } catch {
    return; // the component shows the failure
  }
  const cached = authApi.endpoints.me.select()(getState());
  if (cached.isUninitialized) void dispatch(authApi.util.upsertQueryData('me', undefined, user));
  else dispatch(authApi.util.updateQueryData('me', undefined, () => user));
}

export const {
  useMeQuery,
  useLoginMutation,
  useRegisterMutation,
  useLogoutMutation,
  useUpdateProfileMutation,
  useChangePasswordMutation,
  useSaveLanguageMutation,
  useRequestPasswordResetMutation,
  useResetPasswordMutation,
} = authApi;

/** The signed-in user (null: nobody; undefined: not known yet) and whether that answer is still coming. */
export function useSessionUser(): { user: SessionUser | null | undefined; isLoading: boolean } {
  const { data, isLoading, isFetching, isError } = useMeQuery();
  if (isError) return { user: null, isLoading: false }; // server unreachable: behave as signed out
  // A refetch that may turn "nobody" into a user (after sign-in) is waited for; one that confirms a user is not.
  const waiting = isLoading || (isFetching && !data);
  return { user: waiting ? undefined : (data ?? null), isLoading: waiting };
}
