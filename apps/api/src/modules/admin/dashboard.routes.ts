import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CompetitionQuerySchema, errorResponses } from '../../lib/route-schemas.ts';
import { dashboardStats } from './dashboard.service.ts';

const errors = errorResponses(401, 403, 404, 409, 422);
const Counts = z.record(z.string(), z.number());

/** The console's dashboard: counts by status, category and division, exam activity, grading progress. */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = app.requireRole('admin');
  const ctx = app.services;

  app.get(
    '/v1/admin/stats',
    {
      schema: {
        tags: ['admin'],
        summary: 'Counts by status, category, division; exam activity; grading progress',
        querystring: CompetitionQuerySchema,
        response: {
          200: z.object({
            status: z.literal('success'),
            data: z.object({
              registrations: z.object({ by_status: Counts, by_category: Counts, by_division: Counts }),
              exam: z.object({ answered: z.number(), submitted: z.number(), active_last_minute: z.number() }),
              grading: z.record(z.string(), z.object({ answers: z.number(), graded: z.number() })),
            }),
          }),
          ...errors,
        },
      },
      preValidation: admin,
    },
    async (request) => ({
      status: 'success' as const,
      data: await dashboardStats(ctx, request.query.competition),
    }),
  );
};
