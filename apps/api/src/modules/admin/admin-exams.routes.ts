import { CATEGORIES, type Category } from '@ngso/shared/constants';
import { ErrorResponseSchema, OkResponseSchema } from '@ngso/shared/schemas/common';
import {
  AdminExamResponseSchema,
  AdminQuestionResponseSchema,
  AdminQuestionsResponseSchema,
  ExamWindowSchema,
  ExtensionSchema,
  QuestionInputSchema,
} from '@ngso/shared/schemas/exam';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { toDhakaIso } from '../../lib/time.ts';
import { findUserById } from '../auth/auth.repo.ts';
import { competitionByCode } from '../competitions/competitions.service.ts';
import {
  deleteQuestion,
  type ExamRow,
  findExam,
  findQuestion,
  insertQuestion,
  type QuestionRow,
  questionsOf,
  setExtraMinutes,
  updateExamWindow,
  updateQuestion,
} from '../exam/exam.repo.ts';

const errors = {
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
  422: ErrorResponseSchema,
};
const CompetitionQuery = z.object({
  competition: z
    .string()
    .regex(/^[a-z0-9-]{1,40}$/)
    .default('ngso-1'),
});
const CategoryParams = z.object({ category: z.enum(CATEGORIES) });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const toAdminExam = (row: ExamRow) => ({
  category: row.category as Category,
  starts_at: toDhakaIso(row.startsAt),
  ends_at: toDhakaIso(row.endsAt),
  duration_minutes: Math.round((row.endsAt.getTime() - row.startsAt.getTime()) / 60_000),
});
const toAdminQuestion = (row: QuestionRow) => ({
  id: row.id,
  category: row.category as Category,
  position: row.position,
  marks: row.marks,
  questionEnglish: row.questionEnglish,
  questionBangla: row.questionBangla,
});

/** Organisers run the exam: each category's window, extra time for one student, the questions. */
export const adminExamRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = app.requireRole('admin');
  const db = app.db;

  async function exam(code: string, category: Category) {
    const competition = await competitionByCode(db, code);
    const row = await findExam(db, competition.id, category);
    if (!row) throw new AppError(404, 'notFound');
    return { competition, row };
  }

  app.get(
    '/v1/admin/exams/:category',
    {
      schema: {
        tags: ['admin'],
        summary: "A category's exam window",
        params: CategoryParams,
        querystring: CompetitionQuery,
        response: { 200: AdminExamResponseSchema, ...errors },
      },
      preHandler: admin,
    },
    async (request) => ({
      status: 'success' as const,
      data: toAdminExam((await exam(request.query.competition, request.params.category)).row),
    }),
  );

  app.put(
    '/v1/admin/exams/:category',
    {
      schema: {
        tags: ['admin'],
        summary: "Change a category's exam window (ISO 8601 with offset)",
        params: CategoryParams,
        querystring: CompetitionQuery,
        body: ExamWindowSchema,
        response: { 200: AdminExamResponseSchema, ...errors },
      },
      preHandler: admin,
    },
    async (request) => {
      const { competition } = await exam(request.query.competition, request.params.category);
      const row = await updateExamWindow(
        db,
        competition.id,
        request.params.category,
        new Date(request.body.starts_at),
        new Date(request.body.ends_at),
      );
      if (!row) throw new AppError(404, 'notFound');
      return { status: 'success' as const, data: toAdminExam(row) };
    },
  );

  app.post(
    '/v1/admin/exams/:category/extensions',
    {
      schema: {
        tags: ['admin'],
        summary: "Give one student extra minutes (moves that student's end only)",
        params: CategoryParams,
        querystring: CompetitionQuery,
        body: ExtensionSchema,
        response: { 200: OkResponseSchema, ...errors },
      },
      preHandler: admin,
    },
    async (request) => {
      const { competition } = await exam(request.query.competition, request.params.category);
      const user = UUID.test(request.body.user_id) ? await findUserById(db, request.body.user_id) : undefined;
      if (!user) throw new AppError(404, 'user.notFound');
      await setExtraMinutes(db, competition.id, user.id, request.body.minutes);
      return { status: 'success' as const };
    },
  );

  app.get(
    '/v1/admin/questions',
    {
      schema: {
        tags: ['admin'],
        summary: "A category's questions, in order",
        querystring: CompetitionQuery.extend({ category: z.enum(CATEGORIES) }),
        response: { 200: AdminQuestionsResponseSchema, ...errors },
      },
      preHandler: admin,
    },
    async (request) => {
      const competition = await competitionByCode(db, request.query.competition);
      const rows = await questionsOf(db, competition.id, request.query.category);
      return { status: 'success' as const, data: rows.map(toAdminQuestion) };
    },
  );

  app.post(
    '/v1/admin/questions',
    {
      schema: {
        tags: ['admin'],
        summary: 'Add a question',
        querystring: CompetitionQuery,
        body: QuestionInputSchema,
        response: { 201: AdminQuestionResponseSchema, ...errors },
      },
      preHandler: admin,
    },
    async (request, reply) => {
      const competition = await competitionByCode(db, request.query.competition);
      const row = await insertQuestion(db, { ...request.body, competitionId: competition.id });
      reply.status(201);
      return { status: 'success' as const, data: toAdminQuestion(row) };
    },
  );

  const QuestionParams = z.object({ id: z.string().max(64) });
  const existing = async (id: string) => {
    const row = UUID.test(id) ? await findQuestion(db, id) : undefined;
    if (!row) throw new AppError(404, 'question.notFound');
    return row;
  };

  app.put(
    '/v1/admin/questions/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Edit a question',
        params: QuestionParams,
        body: QuestionInputSchema,
        response: { 200: AdminQuestionResponseSchema, ...errors },
      },
      preHandler: admin,
    },
    async (request) => {
      await existing(request.params.id);
      const row = await updateQuestion(db, request.params.id, request.body);
      if (!row) throw new AppError(404, 'question.notFound');
      return { status: 'success' as const, data: toAdminQuestion(row) };
    },
  );

  app.delete(
    '/v1/admin/questions/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Remove a question',
        params: QuestionParams,
        response: { 200: OkResponseSchema, ...errors },
      },
      preHandler: admin,
    },
    async (request) => {
      await existing(request.params.id);
      await deleteQuestion(db, request.params.id);
      return { status: 'success' as const };
    },
  );
};
