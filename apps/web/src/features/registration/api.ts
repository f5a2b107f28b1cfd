import type { RegistrationStatusResponse } from '@ngso/shared/schemas/registration';
import { baseApi } from '../../lib/api.ts';

export const registrationApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** Loaded once at app start for a signed-in user; a failure is only logged (spec section 2). */
    getRegistrationStatus: build.query<RegistrationStatusResponse, void>({
      query: () => 'v1/ngso-1/registration/status',
      providesTags: ['Registration'],
      async onQueryStarted(_arg, { queryFulfilled }) {
        try {
          await queryFulfilled;
        } catch (failure) {
          console.warn('The registration status could not be loaded; continuing without it.', failure);
        }
      },
    }),
  }),
});

export const { useGetRegistrationStatusQuery } = registrationApi;
