import type { Category } from '@ngso/shared/constants';
import type { Exam, Question } from '@ngso/shared/schemas/exam';
import { baseApi } from '../../lib/api.ts';
import { COMPETITION } from './transport.ts';

export type SubmitResult = { submitted_at: string; answered: number; total: number };

const examApiWithTags = baseApi.enhanceEndpoints({ addTagTypes: ['Exam'] });

/** The exam calls of api.md. Answers go through the queue (answer-queue.ts), not through here. */
export const examApi = examApiWithTags.injectEndpoints({
  endpoints: (build) => ({
    /** The signed-in student's exam: window, phase (the server's), submission. */
    getExam: build.query<Exam, void>({
      query: () => `v1/${COMPETITION}/exam`,
      transformResponse: (response: { data: Exam }) => response.data,
      providesTags: ['Exam'],
      keepUnusedDataFor: 0,
    }),
    /** The questions: only during the student's own category's window (403 otherwise). */
    getQuestions: build.query<Question[], Category>({
      query: (category) => ({ url: `v1/${COMPETITION}/questions`, params: { category } }),
      transformResponse: (response: { data?: Question[] }) => response.data ?? [],
    }),
    /** The student's answers with at least one photo recorded (the success view counts them). */
    getAnswerCount: build.query<number, void>({
      query: () => `v1/${COMPETITION}/answers`,
      transformResponse: (response: { data: { data: { image_urls: string[]; images?: unknown[] }[] } }) =>
        response.data.data.filter((answer) => (answer.images ?? answer.image_urls).length > 0).length,
      keepUnusedDataFor: 0,
    }),
    /** Records the submission on the server's clock (idempotent). */
    submitExam: build.mutation<SubmitResult, void>({
      query: () => ({ url: `v1/${COMPETITION}/exam/submit`, method: 'POST' }),
      transformResponse: (response: { data: SubmitResult }) => response.data,
      invalidatesTags: ['Exam'],
    }),
  }),
});

export const { useGetExamQuery, useGetQuestionsQuery, useGetAnswerCountQuery, useSubmitExamMutation } =
  examApi;
