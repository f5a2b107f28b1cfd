import { CATEGORIES } from '@ngso/shared/constants';
import {
  MarkInputSchema,
  PublishSchema,
  ResultResponseSchema,
  StandingsResponseSchema,
  SubmissionsQuerySchema,
  SubmissionsResponseSchema,
} from '@ngso/shared/schemas/results';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { attachment } from '../../lib/attachment.ts';
import { requestLanguage } from '../../lib/language.ts';
import { translate } from '../../lib/messages.ts';
import { CompetitionParamsSchema, CompetitionQuerySchema, errorResponses } from '../../lib/route-schemas.ts';
import { signedIn } from '../../plugins/session.ts';
import {
  giveMarks,
  publishResults,
  resultFor,
  standingsCsv,
  standingsOf,
  submissionsOf,
} from './results.service.ts';

const errors = errorResponses(401, 403, 404, 409, 422);

export const resultsRoutes: FastifyPluginAsyncZod = async (app) => {
  const staff = app.requireRole('admin', 'grader');
  const admin = app.requireRole('admin');

  app.get(
    '/v1/:competition/result',
    {
      schema: {
        tags: ['results'],
        summary: "The student's published final result, or a clear 'not published yet'",
        params: CompetitionParamsSchema,
        response: { 200: ResultResponseSchema, ...errors },
      },
      preValidation: app.requireUser,
    },
    async (request) => {
      const data = await resultFor(app.services, request.params.competition, signedIn(request).user);
      const message = data.published
        ? undefined
        : translate('results.notPublished', undefined, requestLanguage(request));
      return { status: 'success' as const, ...(message ? { message } : {}), data };
    },
  );

  app.get(
    '/v1/admin/submissions',
    {
      schema: {
        tags: ['admin'],
        summary: "A category's answers per student, with marks (graders and admins)",
        description:
          'Graders: 403 until the exam has ended for every student of the category (its end, the most extra ' +
          'time given, and the grace); names are null for graders (the roll number identifies the answer).',
        querystring: SubmissionsQuerySchema,
        response: { 200: SubmissionsResponseSchema, ...errors },
      },
      preValidation: staff,
    },
    async (request) => ({
      status: 'success' as const,
      data: await submissionsOf(
        app.services,
        signedIn(request).user,
        request.query.competition,
        request.query.category,
      ),
    }),
  );

  app.put(
    '/v1/admin/submissions/:userId/marks',
    {
      schema: {
        tags: ['admin'],
        summary: "Mark one answer (0 to the question's marks) with an optional comment",
        description:
          'Graders: 403 before grading opens and once the category is published. Admins may change marks ' +
          'after publication; each such change is in the audit log as marks.after_publication.',
        params: z.object({ userId: z.string().max(64) }),
        body: MarkInputSchema,
        response: {
          200: z.object({
            status: z.literal('success'),
            data: z.object({ grader_marks: z.number().nullable(), override_marks: z.number().nullable() }),
          }),
          ...errors,
        },
      },
      preValidation: staff,
    },
    async (request) => {
      const row = await giveMarks(app.services, signedIn(request).user, request.params.userId, request.body);
      return {
        status: 'success' as const,
        data: { grader_marks: row.graderMarks, override_marks: row.overrideMarks },
      };
    },
  );

  app.get(
    '/v1/admin/results/:category',
    {
      schema: {
        tags: ['admin'],
        summary:
          "A category's standings: totals, ranks (ties share), awards; and how many answers are ungraded",
        params: z.object({ category: z.enum(CATEGORIES) }),
        querystring: CompetitionQuerySchema,
        response: { 200: StandingsResponseSchema, ...errors },
      },
      preValidation: staff,
    },
    async (request) => ({
      status: 'success' as const,
      data: await standingsOf(
        app.services,
        signedIn(request).user,
        request.query.competition,
        request.params.category,
      ),
    }),
  );

  app.get(
    '/v1/admin/results/:category/export.csv',
    {
      schema: {
        tags: ['admin'],
        summary: "A category's standings as CSV (rank, roll number, name, total, award)",
        params: z.object({ category: z.enum(CATEGORIES) }),
        querystring: CompetitionQuerySchema,
      },
      preValidation: admin,
    },
    async (request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', attachment(`results-${request.params.category}.csv`))
        .send(
          await standingsCsv(
            app.services,
            signedIn(request).user,
            request.query.competition,
            request.params.category,
          ),
        ),
  );

  app.post(
    '/v1/admin/results/:category/publish',
    {
      schema: {
        tags: ['admin'],
        summary:
          "Publish a category's results and mail every participant (refused while answers are ungraded, unless overridden)",
        params: z.object({ category: z.enum(CATEGORIES) }),
        querystring: CompetitionQuerySchema,
        body: PublishSchema.optional(),
        response: {
          200: z.object({
            status: z.literal('success'),
            data: z.object({ published_at: z.string(), participants: z.number() }),
          }),
          ...errors,
        },
      },
      preValidation: admin,
    },
    async (request) => ({
      status: 'success' as const,
      data: await publishResults(
        app.services,
        request.query.competition,
        request.params.category,
        signedIn(request).user,
        request.body?.override ?? false,
      ),
    }),
  );
};
