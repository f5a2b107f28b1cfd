import type { ProfileResponse, ProfileUser } from '@ngso/shared/schemas/profile';
import { baseApi } from '../../lib/api.ts';

export const profileApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getProfile: build.query<ProfileUser, void>({
      query: () => 'v1/user/profile',
      transformResponse: (response: ProfileResponse) => response.user,
      providesTags: ['Profile'],
    }),
  }),
});

export const { useGetProfileQuery } = profileApi;
