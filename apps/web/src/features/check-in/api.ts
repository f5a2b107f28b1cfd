import type { CheckInEntrant, CheckInResult } from '@ngso/shared/schemas/check-in';
import { baseApi } from '../../lib/api.ts';

const api = baseApi.enhanceEndpoints({ addTagTypes: ['CheckIn'] });

/** Check-in at the venue (/v1/admin/check-ins/:code): staff read an admit card's entrant and check them in. */
export const checkInApi = api.injectEndpoints({
  endpoints: (build) => ({
    entrantForCheckIn: build.query<CheckInEntrant, string>({
      query: (code) => `v1/admin/check-ins/${encodeURIComponent(code)}`,
      transformResponse: (response: { data: CheckInEntrant }) => response.data,
      providesTags: (_result, _error, code) => [{ type: 'CheckIn', id: code }],
    }),
    checkIn: build.mutation<CheckInResult, string>({
      query: (code) => ({ url: `v1/admin/check-ins/${encodeURIComponent(code)}`, method: 'POST', body: {} }),
      transformResponse: (response: { data: CheckInResult }) => response.data,
      async onQueryStarted(code, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (!data) return;
        const { newly_checked_in: _newly, ...entrant } = data;
        dispatch(checkInApi.util.upsertQueryData('entrantForCheckIn', code, entrant));
      },
    }),
  }),
});

export const { useEntrantForCheckInQuery, useCheckInMutation } = checkInApi;
