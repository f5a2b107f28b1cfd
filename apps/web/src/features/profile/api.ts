import type { ProfileResponse, ProfileUpdate, ProfileUser } from '@ngso/shared/schemas/profile';
import { baseApi } from '../../lib/api.ts';

export const profileApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getProfile: build.query<ProfileUser, void>({
      query: () => 'v1/user/profile',
      transformResponse: (response: ProfileResponse) => response.user,
      providesTags: ['Profile'],
    }),
    /**
     * Sends only the changed fields. On success the card shows the answer at once and the profile
     * is loaded again (the spec), as is the current user (the navigation bar shows the name).
     */
    updateProfile: build.mutation<ProfileUser, ProfileUpdate>({
      query: (body) => ({ url: 'v1/user/profile', method: 'PUT', body }),
      transformResponse: (response: ProfileResponse) => response.user,
      invalidatesTags: (result) => (result ? ['Profile', 'User'] : []),
      async onQueryStarted(_changes, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(profileApi.util.upsertQueryData('getProfile', undefined, data));
        } catch {
          // The form shows the failure.
        }
      },
    }),
  }),
});

export const { useGetProfileQuery, useUpdateProfileMutation } = profileApi;

/** A new profile photo: the cached profile shows it at once. */
export const profileImageChanged = (profileImage: string | null) =>
  profileApi.util.updateQueryData('getProfile', undefined, (profile) => {
    profile.profile_image = profileImage;
  });
