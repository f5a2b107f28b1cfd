import type {
  ChangePasswordInput,
  EndOtherSessionsResponse,
  EndSessionResponse,
  OwnSession,
  OwnSessionsResponse,
} from '@ngso/shared/schemas/account';
import type { MessageResponse } from '@ngso/shared/schemas/common';
import { baseApi } from '../../lib/api.ts';

/**
 * The signed-in user's password change and own sessions. Loaded with the profile's security section only
 * (its own chunk), so the tag it adds lives here rather than in the base API.
 */
export const securityApi = baseApi.enhanceEndpoints({ addTagTypes: ['Sessions'] }).injectEndpoints({
  endpoints: (build) => ({
    getOwnSessions: build.query<OwnSession[], void>({
      query: () => 'v1/sessions',
      transformResponse: (response: OwnSessionsResponse) => response.data,
      providesTags: ['Sessions'],
    }),
    /** Every other device is signed out by the change: the list is loaded again. */
    changePassword: build.mutation<MessageResponse, ChangePasswordInput>({
      query: (body) => ({ url: 'v1/password', method: 'PUT', body }),
      invalidatesTags: (result) => (result ? ['Sessions'] : []),
    }),
    /** The list is loaded again whatever the answer (a 404 means that session had ended already). */
    endSession: build.mutation<EndSessionResponse, string>({
      query: (id) => ({ url: `v1/sessions/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: ['Sessions'],
    }),
    endOtherSessions: build.mutation<EndOtherSessionsResponse, void>({
      query: () => ({ url: 'v1/sessions/end-others', method: 'POST' }),
      invalidatesTags: ['Sessions'],
    }),
  }),
});

export const {
  useGetOwnSessionsQuery,
  useChangePasswordMutation,
  useEndSessionMutation,
  useEndOtherSessionsMutation,
} = securityApi;
