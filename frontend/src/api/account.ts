import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type {
  ChangePasswordRequest,
  LoginRequest,
  PasswordResetBody,
  PasswordResetRequest,
  ProfileResponse,
  RegisterRequest,
  SessionUser,
  UpdateProfileRequest,
  UserResponse,
} from '@memory-wall/contracts';
import { authApi } from './auth';

// Signing in, registering, resetting or changing a password and the profile: injected by the sign-in and
// profile pages, so a guest's page does not download them (./auth.ts has what every page needs).

export const accountApi = authApi.injectEndpoints({
  endpoints: (build) => ({
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
    updateProfile: build.mutation<SessionUser, { id: string } & UpdateProfileRequest>({
      query: ({ id, ...body }) => ({ url: `users/${encodeURIComponent(id)}/profile`, method: 'PATCH', body }),
      transformResponse: (response: ProfileResponse) => response.user,
      onQueryStarted: (_arg, lifecycle) => storeUserOnSuccess(lifecycle),
      invalidatesTags: (_result, error) => (error ? [] : ['User']),
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
  useLoginMutation,
  useRegisterMutation,
  useUpdateProfileMutation,
  useChangePasswordMutation,
  useRequestPasswordResetMutation,
  useResetPasswordMutation,
} = accountApi;
