import type { Competition } from '@ngso/shared/schemas/competitions';
import { adminApi, data } from '../api.ts';

export type CompetitionInput = Pick<Competition, 'code' | 'name' | 'fee_bdt' | 'categories'>;
export type CompetitionChanges = Omit<Competition, 'code' | 'created_at'>;

/** The competitions' calls (/v1/admin/competitions): the switcher's list, add, change. */
export const competitionsApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    competitions: build.query<Competition[], void>({
      query: () => 'v1/admin/competitions',
      transformResponse: data<Competition[]>,
      providesTags: ['AdminCompetitions'],
    }),
    createCompetition: build.mutation<Competition, CompetitionInput>({
      query: (body) => ({ url: 'v1/admin/competitions', method: 'POST', body }),
      transformResponse: data<Competition>,
      invalidatesTags: ['AdminCompetitions', 'AdminAudit'],
    }),
    changeCompetition: build.mutation<Competition, CompetitionChanges & { code: string }>({
      query: ({ code, ...body }) => ({
        url: `v1/admin/competitions/${encodeURIComponent(code)}`,
        method: 'PUT',
        body,
      }),
      transformResponse: data<Competition>,
      invalidatesTags: ['AdminCompetitions', 'AdminResults', 'AdminAudit'],
    }),
  }),
});

export const { useCompetitionsQuery, useCreateCompetitionMutation, useChangeCompetitionMutation } =
  competitionsApi;
