import type { Category } from '@ngso/shared/constants';
import type { LookAlike, LookAlikeStatus } from '@ngso/shared/schemas/look-alikes';
import { adminApi } from '../api.ts';
import { scoped } from '../console/current-competition.ts';

/** A category of a competition, and the status asked for (every status when not given). */
export type LookAlikesOf = { competition: string; category: Category; status?: LookAlikeStatus };

export type LookAlikeDecisionInput = Omit<LookAlikesOf, 'status'> & {
  id: string;
  decision: 'dismissed' | 'referred';
  note?: string;
};

type Data<T> = { data: T };
const data = <T>(response: Data<T>) => response.data;

const api = adminApi.enhanceEndpoints({ addTagTypes: ['AdminLookAlikes'] });

/** Answer photos of two finalists that look alike (/v1/admin/exams/:category/look-alikes), and decisions. */
export const lookAlikesApi = api.injectEndpoints({
  endpoints: (build) => ({
    lookAlikes: build.query<LookAlike[], LookAlikesOf>({
      query: ({ competition, category, status }) =>
        scoped(`v1/admin/exams/${category}/look-alikes${status ? `?status=${status}` : ''}`, competition),
      transformResponse: data<LookAlike[]>,
      providesTags: (_result, _error, { category }) => [{ type: 'AdminLookAlikes', id: category }],
    }),
    decideLookAlike: build.mutation<LookAlike, LookAlikeDecisionInput>({
      query: ({ competition, category, id, ...body }) => ({
        url: scoped(`v1/admin/exams/${category}/look-alikes/${id}/decision`, competition),
        method: 'POST',
        body,
      }),
      transformResponse: data<LookAlike>,
      invalidatesTags: (result, _error, { category }) =>
        result ? [{ type: 'AdminLookAlikes', id: category }, 'AdminAudit'] : [],
    }),
  }),
});

export const { useLookAlikesQuery, useDecideLookAlikeMutation } = lookAlikesApi;
