import { CATEGORIES } from '@ngso/shared/constants';
import { PublishSchema, ResultResponseSchema } from '@ngso/shared/schemas/results';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { attachment } from '../../lib/attachment.ts';
import { requestLanguage } from '../../lib/language.ts';
import { translate } from '../../lib/messages.ts';
import { CompetitionParamsSchema, CompetitionQuerySchema, errorResponses } from '../../lib/route-schemas.ts';
import { signedIn } from '../auth/session-plugin.ts';
import { publishResults, resultFor, standingsCsv } from './results.service.ts';

const errors = errorResponses(401, 403, 404, 409, 422);

export const resultsRoutes: FastifyPluginAsyncZod = async (app) => {
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
