import type { Result } from '@ngso/shared/schemas/results';
import { baseApi } from '../../lib/api.ts';

/** The student's own final result (GET /v1/ngso-1/result): published, or not out yet. */
export const resultsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    myResult: build.query<Result, void>({
      query: () => 'v1/ngso-1/result',
      transformResponse: (response: { data: Result }) => response.data,
    }),
  }),
});

export const { useMyResultQuery } = resultsApi;
