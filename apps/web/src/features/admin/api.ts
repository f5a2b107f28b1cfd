import { baseApi } from '../../lib/api.ts';

/** The organisers' console calls (api.md, /v1/admin): the base every task's endpoints inject into
 * (`<task>/<task>-api.ts`); this module loads only with the console. */

export type ListMeta = { page: number; per_page: number; total: number };
export type Paged<T> = { data: T[]; meta: ListMeta };

type Data<T> = { data: T };
/** A response's `data`, the shape of every console answer. */
export const data = <T>(response: Data<T>) => response.data;
export const paged = <T>(response: Paged<T>): Paged<T> => ({ data: response.data, meta: response.meta });

export const adminApi = baseApi.enhanceEndpoints({
  addTagTypes: [
    'AdminStats',
    'AdminRegistrations',
    'AdminExam',
    'AdminQuestions',
    'AdminSubmissions',
    'AdminRubric',
    'AdminGradingProgress',
    'AdminSecondMarking',
    'AdminResults',
    'AdminUsers',
    'AdminAudit',
    'AdminCompetitions',
  ],
});

/** Every cached console answer: what switching the competition makes the console fetch again. */
export const COMPETITION_SCOPED_TAGS = [
  'AdminStats',
  'AdminRegistrations',
  'AdminExam',
  'AdminQuestions',
  'AdminSubmissions',
  'AdminResults',
] as const;
