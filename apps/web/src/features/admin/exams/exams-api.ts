import type { Category } from '@ngso/shared/constants';
import type {
  AdminQuestionSchema,
  LiveExam,
  QuestionInputSchema,
  QuestionPreviewInputSchema,
} from '@ngso/shared/schemas/exam';
import type { FinalRoundDetails } from '@ngso/shared/schemas/registration';
import type { z } from 'zod';
import { adminApi, data } from '../api.ts';
import { scoped } from '../console/current-competition.ts';

export type ExamWindow = { category: Category; starts_at: string; ends_at: string; duration_minutes: number };
/** A question as the console reads it, from the shared schema (diagrams and rendered texts included). */
export type AdminQuestion = z.infer<typeof AdminQuestionSchema>;
/** A question's save: its texts, marks, position and diagrams (each an upload and its texts). */
export type QuestionInput = z.input<typeof QuestionInputSchema>;
export type QuestionTexts = z.input<typeof QuestionPreviewInputSchema>;
export type RenderedQuestionTexts = Pick<AdminQuestion, 'questionEnglishHtml' | 'questionBanglaHtml'>;

/** The exam set-up's calls (/v1/admin/exams, final-round, questions): windows, extra time, the live view, questions. */
export const examsAdminApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    examWindow: build.query<ExamWindow, Category>({
      query: (category) => scoped(`v1/admin/exams/${category}`),
      transformResponse: data<ExamWindow>,
      providesTags: (_result, _error, category) => [{ type: 'AdminExam', id: category }],
    }),
    changeExamWindow: build.mutation<ExamWindow, { category: Category; starts_at: string; ends_at: string }>({
      query: ({ category, ...body }) => ({ url: scoped(`v1/admin/exams/${category}`), method: 'PUT', body }),
      transformResponse: data<ExamWindow>,
      invalidatesTags: (_result, _error, { category }) => [{ type: 'AdminExam', id: category }],
    }),
    finalRound: build.query<FinalRoundDetails, Category>({
      query: (category) => scoped(`v1/admin/final-round/${category}`),
      transformResponse: data<FinalRoundDetails>,
      providesTags: (_result, _error, category) => [{ type: 'AdminExam', id: `final-${category}` }],
    }),
    changeFinalRound: build.mutation<FinalRoundDetails, { category: Category } & FinalRoundDetails>({
      query: ({ category, ...body }) => ({
        url: scoped(`v1/admin/final-round/${category}`),
        method: 'PUT',
        body,
      }),
      transformResponse: data<FinalRoundDetails>,
      invalidatesTags: (_result, _error, { category }) => [{ type: 'AdminExam', id: `final-${category}` }],
    }),
    liveExam: build.query<LiveExam, Category>({
      query: (category) => scoped(`v1/admin/exams/${category}/live`),
      transformResponse: data<LiveExam>,
      providesTags: (_result, _error, category) => [{ type: 'AdminExam', id: `live-${category}` }],
    }),
    giveExtraTime: build.mutation<void, { category: Category; user_id: string; minutes: number }>({
      query: ({ category, ...body }) => ({
        url: scoped(`v1/admin/exams/${category}/extensions`),
        method: 'POST',
        body,
      }),
    }),
    adminQuestions: build.query<AdminQuestion[], Category>({
      query: (category) => scoped(`v1/admin/questions?category=${category}`),
      transformResponse: data<AdminQuestion[]>,
      providesTags: (_result, _error, category) => [{ type: 'AdminQuestions', id: category }],
    }),
    addQuestion: build.mutation<AdminQuestion, QuestionInput>({
      query: (body) => ({ url: scoped('v1/admin/questions'), method: 'POST', body }),
      transformResponse: data<AdminQuestion>,
      invalidatesTags: (_result, _error, { category }) => [{ type: 'AdminQuestions', id: category }],
    }),
    editQuestion: build.mutation<AdminQuestion, QuestionInput & { id: string }>({
      query: ({ id, ...body }) => ({
        url: `v1/admin/questions/${encodeURIComponent(id)}`,
        method: 'PUT',
        body,
      }),
      transformResponse: data<AdminQuestion>,
      invalidatesTags: (_result, _error, { category }) => [{ type: 'AdminQuestions', id: category }],
    }),
    /** The editor's preview: the server's renderer, nothing stored (a broken formula is a 422 on its field). */
    previewQuestion: build.mutation<RenderedQuestionTexts, QuestionTexts>({
      query: (body) => ({ url: 'v1/admin/questions/preview', method: 'POST', body }),
      transformResponse: data<RenderedQuestionTexts>,
    }),
    removeQuestion: build.mutation<void, { id: string; category: Category }>({
      query: ({ id }) => ({ url: `v1/admin/questions/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, { category }) => [{ type: 'AdminQuestions', id: category }],
    }),
  }),
});

export const {
  useExamWindowQuery,
  useFinalRoundQuery,
  useChangeFinalRoundMutation,
  useChangeExamWindowMutation,
  useGiveExtraTimeMutation,
  useLiveExamQuery,
  useAdminQuestionsQuery,
  useAddQuestionMutation,
  useEditQuestionMutation,
  useRemoveQuestionMutation,
  usePreviewQuestionMutation,
} = examsAdminApi;
