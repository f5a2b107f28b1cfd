import type {
  PreliminaryResult,
  RegistrationForm,
  RegistrationFormData,
  RegistrationResponse,
  RegistrationStatusResponse,
} from '@ngso/shared/schemas/registration';
import { baseApi } from '../../lib/api.ts';

/** The competition of the spec's paths (`/api/v1/ngso-1/...`). */
const COMPETITION = 'ngso-1';

export const registrationApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /**
     * Loaded once at app start for a signed-in user; a failure is logged (spec section 2), and the card
     * says the status could not be loaded and asks again (status-retry.ts).
     */
    getRegistrationStatus: build.query<RegistrationStatusResponse, void>({
      query: () => `v1/${COMPETITION}/registration/status`,
      providesTags: ['Registration'],
      async onQueryStarted(_arg, { queryFulfilled }) {
        try {
          await queryFulfilled;
        } catch (failure) {
          console.warn('The registration status could not be loaded; continuing without it.', failure);
        }
      },
    }),
    /** The stored form, to correct a rejected registration. */
    getRegistrationForm: build.query<RegistrationFormData, void>({
      query: () => `v1/${COMPETITION}/registration`,
      transformResponse: (response: { data: RegistrationFormData }) => response.data,
      providesTags: ['Registration'],
    }),
    /** Registers (or resubmits a rejected registration); the slice keeps status, date and category. */
    submitRegistration: build.mutation<RegistrationResponse, RegistrationForm>({
      query: (body) => ({ url: `v1/${COMPETITION}/registration`, method: 'POST', body }),
      invalidatesTags: (result) => (result ? ['Registration'] : []),
    }),
    /** The preliminary round's result for the signed-in student's own e-mail. */
    checkPreliminaryResult: build.mutation<PreliminaryResult, string>({
      query: (email) => ({ url: `v1/${COMPETITION}/preliminary/result`, method: 'POST', body: { email } }),
      transformResponse: (response: { data: PreliminaryResult }) => response.data,
    }),
  }),
});

export const {
  useGetRegistrationStatusQuery,
  useGetRegistrationFormQuery,
  useSubmitRegistrationMutation,
  useCheckPreliminaryResultMutation,
} = registrationApi;
