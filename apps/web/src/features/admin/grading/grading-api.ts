import type { Category } from '@ngso/shared/constants';
import type {
  ClaimResult,
  DisagreementSchema,
  GradingProgress,
  RubricItem,
  RubricItemInput,
  SecondClaimResponseSchema,
  SecondMarkingSettings,
} from '@ngso/shared/schemas/grading';
import type { Submission } from '@ngso/shared/schemas/results';
import type { z } from 'zod';
import { adminApi, data } from '../api.ts';
import { scoped } from '../console/current-competition.ts';

/** An answer held for a grader, for first marks or for a blind second mark (decision 037). */
export type HoldKey = { question_id: string; user_id: string };
export type HoldKind = 'first' | 'second';
/** Where a hold is renewed or given back. */
export const holdPath = (kind: HoldKind, action: 'heartbeat' | 'release') =>
  `v1/admin/grading/${kind === 'second' ? 'second/' : ''}${action}`;

export type SecondMarkingState = SecondMarkingSettings & { due: number; second_marked: number };
export type SecondClaim = z.infer<typeof SecondClaimResponseSchema>['data'];
export type Disagreement = z.infer<typeof DisagreementSchema>;

/** Grading's calls (/v1/admin/submissions, rubric, grading): answers, marks, rubrics, holds, second marking. */
export const gradingApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    submissions: build.query<Submission[], Category>({
      query: (category) => scoped(`v1/admin/submissions?category=${category}`),
      transformResponse: data<Submission[]>,
      providesTags: (_result, _error, category) => [{ type: 'AdminSubmissions', id: category }],
    }),
    giveMarks: build.mutation<
      { grader_marks: number | null; override_marks: number | null },
      {
        category: Category;
        userId: string;
        question_id: string;
        marks: number;
        comment: string | null;
        /** Saved from a hold on the answer (decision 037): refused once the hold went to someone else. */
        claimed?: boolean;
        /** Marked by the rubric: the items ticked and an adjustment (the server computes the marks). */
        rubric_items?: string[];
        adjustment?: number;
      }
    >({
      query: ({ userId, category: _category, ...body }) => ({
        url: `v1/admin/submissions/${encodeURIComponent(userId)}/marks`,
        method: 'PUT',
        body,
      }),
      transformResponse: data<{ grader_marks: number | null; override_marks: number | null }>,
      invalidatesTags: (_result, _error, { category }) => [
        { type: 'AdminSubmissions', id: category },
        { type: 'AdminResults', id: category },
        'AdminStats',
      ],
    }),
    rubric: build.query<RubricItem[], string>({
      query: (questionId) => `v1/admin/questions/${encodeURIComponent(questionId)}/rubric`,
      transformResponse: data<RubricItem[]>,
      providesTags: (_result, _error, questionId) => [{ type: 'AdminRubric', id: questionId }],
    }),
    addRubricItem: build.mutation<RubricItem, RubricItemInput & { questionId: string }>({
      query: ({ questionId, ...body }) => ({
        url: `v1/admin/questions/${encodeURIComponent(questionId)}/rubric`,
        method: 'POST',
        body,
      }),
      transformResponse: data<RubricItem>,
      invalidatesTags: (_result, _error, { questionId }) => [{ type: 'AdminRubric', id: questionId }],
    }),
    changeRubricItem: build.mutation<
      RubricItem & { regraded: number },
      RubricItemInput & { id: string; questionId: string }
    >({
      query: ({ id, questionId: _questionId, ...body }) => ({
        url: `v1/admin/rubric/${encodeURIComponent(id)}`,
        method: 'PUT',
        body,
      }),
      transformResponse: data<RubricItem & { regraded: number }>,
      invalidatesTags: (_result, _error, { questionId }) => [
        { type: 'AdminRubric', id: questionId },
        'AdminSubmissions',
        'AdminResults',
      ],
    }),
    removeRubricItem: build.mutation<void, { id: string; questionId: string }>({
      query: ({ id }) => ({ url: `v1/admin/rubric/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, { questionId }) => [{ type: 'AdminRubric', id: questionId }],
    }),
    claimAnswer: build.mutation<ClaimResult, { question_id: string; user_id?: string; skip?: string[] }>({
      query: (body) => ({ url: 'v1/admin/grading/claim', method: 'POST', body }),
      transformResponse: data<ClaimResult>,
    }),
    gradingProgress: build.query<GradingProgress, Category>({
      query: (category) => scoped(`v1/admin/grading/progress/${category}`),
      transformResponse: data<GradingProgress>,
      providesTags: ['AdminGradingProgress'],
    }),
    secondMarking: build.query<SecondMarkingState, string>({
      query: (questionId) => `v1/admin/questions/${encodeURIComponent(questionId)}/second-marking`,
      transformResponse: data<SecondMarkingState>,
      providesTags: (_result, _error, questionId) => [{ type: 'AdminSecondMarking', id: questionId }],
    }),
    changeSecondMarking: build.mutation<SecondMarkingState, SecondMarkingSettings & { questionId: string }>({
      query: ({ questionId, ...body }) => ({
        url: `v1/admin/questions/${encodeURIComponent(questionId)}/second-marking`,
        method: 'PUT',
        body,
      }),
      transformResponse: data<SecondMarkingState>,
      invalidatesTags: (_result, _error, { questionId }) => [{ type: 'AdminSecondMarking', id: questionId }],
    }),
    claimSecond: build.mutation<SecondClaim, { question_id: string }>({
      query: (body) => ({ url: 'v1/admin/grading/second/claim', method: 'POST', body }),
      transformResponse: data<SecondClaim>,
    }),
    saveSecondMark: build.mutation<
      { marks: number },
      {
        question_id: string;
        user_id: string;
        marks: number;
        comment?: string;
        /** Marked by the rubric: the items ticked and an adjustment (the server computes the marks). */
        rubric_items?: string[];
        adjustment?: number;
      }
    >({
      query: (body) => ({ url: 'v1/admin/grading/second/marks', method: 'PUT', body }),
      transformResponse: data<{ marks: number }>,
      invalidatesTags: ['AdminSecondMarking', 'AdminGradingProgress'],
    }),
    disagreements: build.query<{ disagreements: Disagreement[]; due: number }, Category>({
      query: (category) => scoped(`v1/admin/grading/disagreements/${category}`),
      transformResponse: data<{ disagreements: Disagreement[]; due: number }>,
      providesTags: ['AdminSecondMarking'],
    }),
    settleDisagreement: build.mutation<
      { marks: number },
      { question_id: string; user_id: string; marks: number; comment: string }
    >({
      query: (body) => ({ url: 'v1/admin/grading/disagreements/settle', method: 'POST', body }),
      transformResponse: data<{ marks: number }>,
      invalidatesTags: ['AdminSecondMarking', 'AdminGradingProgress', 'AdminResults'],
    }),
    claimHeartbeat: build.mutation<{ expires_at: string }, HoldKey & { kind?: HoldKind }>({
      query: ({ kind = 'first', ...body }) => ({ url: holdPath(kind, 'heartbeat'), method: 'POST', body }),
      transformResponse: data<{ expires_at: string }>,
    }),
    releaseClaim: build.mutation<void, HoldKey & { kind?: HoldKind }>({
      query: ({ kind = 'first', ...body }) => ({ url: holdPath(kind, 'release'), method: 'POST', body }),
    }),
  }),
});

export const {
  useSubmissionsQuery,
  useGiveMarksMutation,
  useClaimAnswerMutation,
  useClaimHeartbeatMutation,
  useReleaseClaimMutation,
  useRubricQuery,
  useGradingProgressQuery,
  useSecondMarkingQuery,
  useChangeSecondMarkingMutation,
  useClaimSecondMutation,
  useSaveSecondMarkMutation,
  useDisagreementsQuery,
  useSettleDisagreementMutation,
  useAddRubricItemMutation,
  useChangeRubricItemMutation,
  useRemoveRubricItemMutation,
} = gradingApi;
