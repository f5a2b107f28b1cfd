import type { Category } from '@ngso/shared/constants';
import type { StandingSchema, StandingsResponseSchema } from '@ngso/shared/schemas/results';
import type { z } from 'zod';
import { adminApi, data } from '../api.ts';
import { scoped } from '../console/current-competition.ts';

/** A category's standings, from the shared schema (one source for the server and the console). */
export type Standing = z.infer<typeof StandingSchema>;
export type Standings = z.infer<typeof StandingsResponseSchema>['data'];

/** The results' calls (/v1/admin/results, preliminary): standings, publication, the preliminary import. */
export const resultsAdminApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    standings: build.query<Standings, Category>({
      query: (category) => scoped(`v1/admin/results/${category}`),
      transformResponse: data<Standings>,
      providesTags: (_result, _error, category) => [{ type: 'AdminResults', id: category }],
    }),
    publishResults: build.mutation<
      { published_at: string; participants: number },
      { category: Category; override: boolean }
    >({
      query: ({ category, override }) => ({
        url: scoped(`v1/admin/results/${category}/publish`),
        method: 'POST',
        body: { override },
      }),
      transformResponse: data<{ published_at: string; participants: number }>,
      invalidatesTags: (_result, _error, { category }) => [{ type: 'AdminResults', id: category }],
    }),
    importPreliminary: build.mutation<{ imported: number; qualified: number }, File>({
      query: (file) => {
        const body = new FormData();
        body.append('file', file);
        return { url: scoped('v1/admin/preliminary/import'), method: 'POST', body };
      },
      transformResponse: data<{ imported: number; qualified: number }>,
    }),
  }),
});

export const { useStandingsQuery, usePublishResultsMutation, useImportPreliminaryMutation } = resultsAdminApi;
