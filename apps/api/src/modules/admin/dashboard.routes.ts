import { DashboardStatsSchema } from '@ngso/shared/schemas/dashboard';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CompetitionQuerySchema, errorResponses } from '../../lib/route-schemas.ts';
import { dashboardStats } from './dashboard.service.ts';

const errors = errorResponses(401, 403, 404, 409, 422);

/**
 * The console's dashboard: counts by status, category and division, exam activity, grading progress, and
 * the series its charts draw (registrations per day, payments, the exam window's timeline, scores).
 */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = app.requireRole('admin');
  const ctx = app.services;

  app.get(
    '/v1/admin/stats',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Counts by status, category, division; registrations per day; payments expected and matched; exam activity and its timeline; grading progress; score distribution with award cut-offs',
        querystring: CompetitionQuerySchema,
        response: {
          200: z.object({
            status: z.literal('success'),
            data: DashboardStatsSchema,
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
