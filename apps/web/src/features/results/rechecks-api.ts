import type { RecheckRequest, StudentRechecks } from '@ngso/shared/schemas/rechecks';
import { baseApi } from '../../lib/api.ts';

const api = baseApi.enhanceEndpoints({ addTagTypes: ['Rechecks'] });

/** The student's re-checks of their published result (/v1/ngso-1/rechecks): the window, and asking. */
export const rechecksApi = api.injectEndpoints({
  endpoints: (build) => ({
    myRechecks: build.query<StudentRechecks, void>({
      query: () => 'v1/ngso-1/rechecks',
      transformResponse: (response: { data: StudentRechecks }) => response.data,
      providesTags: ['Rechecks'],
    }),
    askForRechecks: build.mutation<{ message: string; data: StudentRechecks }, RecheckRequest>({
      query: (body) => ({ url: 'v1/ngso-1/rechecks', method: 'POST', body }),
      async onQueryStarted(_input, { dispatch, queryFulfilled }) {
        const answer = await queryFulfilled.catch(() => null);
        if (answer) dispatch(rechecksApi.util.upsertQueryData('myRechecks', undefined, answer.data.data));
      },
    }),
  }),
});

export const { useMyRechecksQuery, useAskForRechecksMutation } = rechecksApi;
