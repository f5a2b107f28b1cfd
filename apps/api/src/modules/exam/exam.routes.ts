import {
  AnswersResponseSchema,
  ExamResponseSchema,
  QuestionsQuerySchema,
  QuestionsResponseSchema,
  SaveAnswerResponseSchema,
  SaveAnswerSchema,
  SubmitResponseSchema,
} from '@ngso/shared/schemas/exam';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CompetitionParamsSchema, errorResponses } from '../../lib/route-schemas.ts';
import { signedIn } from '../../plugins/session.ts';
import {
  answersFor,
  examFor,
  questionsFor,
  saveAnswer,
  sessionWithEntrant,
  submitExam,
} from './exam.service.ts';
import { cachedCompetition } from './exam-cache.ts';

const errors = errorResponses(401, 403, 404, 409, 422);

export const examRoutes: FastifyPluginAsyncZod = async (app) => {
  // requireUser, reading the student's registration and attempt in the session's query. For an
  // unknown competition: 401 for a stranger, then the handler's 404.
  const guard = {
    preValidation: async (request: FastifyRequest, reply: FastifyReply) => {
      const { competition: code } = request.params as { competition: string };
      const competition = await cachedCompetition(app.db, code).catch(() => undefined);
      if (!competition) return app.requireUser(request, reply);
      return app.requireUserWith(request, reply, sessionWithEntrant(app.db, competition.id));
    },
  };

  app.get(
    '/v1/:competition/exam',
    {
      schema: {
        tags: ['exam'],
        summary: "The signed-in student's exam: window, phase (decided on the server), submission",
        params: CompetitionParamsSchema,
        response: { 200: ExamResponseSchema, ...errors },
      },
      ...guard,
    },
    async (request) => ({
      status: 'success' as const,
      data: await examFor(app.services, request.params.competition, signedIn(request).user),
    }),
  );

  app.get(
    '/v1/:competition/questions',
    {
      schema: {
        tags: ['exam'],
        summary: "The exam's questions: only during the student's own category's window",
        params: CompetitionParamsSchema,
        querystring: QuestionsQuerySchema,
        response: { 200: QuestionsResponseSchema, ...errors },
      },
      ...guard,
    },
    async (request) => ({
      status: 'success' as const,
      data: await questionsFor(
        app.services,
        request.params.competition,
        signedIn(request).user,
        request.query.category,
      ),
    }),
  );

  app.get(
    '/v1/:competition/answers',
    {
      schema: {
        tags: ['exam'],
        summary: "The student's saved answers",
        params: CompetitionParamsSchema,
        response: { 200: AnswersResponseSchema, ...errors },
      },
      ...guard,
    },
    async (request) => ({
      status: 'success' as const,
      data: { data: await answersFor(app.services, request.params.competition, signedIn(request).user) },
    }),
  );

  app.post(
    '/v1/:competition/answers',
    {
      schema: {
        tags: ['exam'],
        summary: "Replace one question's answer images (send `version` to refuse a stale write)",
        params: CompetitionParamsSchema,
        body: SaveAnswerSchema,
        response: { 200: SaveAnswerResponseSchema, ...errors },
      },
      ...guard,
    },
    async (request) => ({
      status: 'success' as const,
      data: await saveAnswer(app.services, request.params.competition, signedIn(request).user, request.body),
    }),
  );

  app.post(
    '/v1/:competition/exam/submit',
    {
      schema: {
        tags: ['exam'],
        summary: 'Submit the exam; records the server time once (idempotent)',
        params: CompetitionParamsSchema,
        response: { 200: SubmitResponseSchema, ...errors },
      },
      ...guard,
    },
    async (request) => ({
      status: 'success' as const,
      data: await submitExam(app.services, request.params.competition, signedIn(request).user),
    }),
  );
};
