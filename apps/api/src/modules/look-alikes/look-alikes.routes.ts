import { CATEGORIES } from '@ngso/shared/constants';
import {
  LookAlikeDecisionResponseSchema,
  LookAlikeDecisionSchema,
  LookAlikesQuerySchema,
  LookAlikesResponseSchema,
} from '@ngso/shared/schemas/look-alikes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CompetitionQuerySchema, errorResponses } from '../../lib/route-schemas.ts';
import { signedIn } from '../auth/session-plugin.ts';
import { decideOnLookAlike, lookAlikesFor } from './look-alikes.service.ts';

const errors = errorResponses(401, 403, 404, 422);
const CategoryParams = z.object({ category: z.enum(CATEGORIES) });
const LookAlikeParams = CategoryParams.extend({ id: z.string().max(64) });

/** Admins look at a category's look-alike answer photos and decide on each pair (decision 065). */
export const adminLookAlikeRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = app.requireRole('admin');
  const ctx = app.services;

  app.get(
    '/v1/admin/exams/:category/look-alikes',
    {
      schema: {
        tags: ['admin'],
        summary: "A category's answer photos of two finalists that look alike or are the same file",
        description:
          'Pairs of answer photos of different finalists whose fingerprints are within `meta.max_distance` ' +
          'bits, or whose bytes are the same file; photos processed so far are included. Same files first, ' +
          'then the closest. Admins only (graders grade blind and get 403). Nothing is decided from a pair ' +
          'by itself. docs/decisions/065-answers-that-look-alike.md',
        params: CategoryParams,
        querystring: CompetitionQuerySchema.extend(LookAlikesQuerySchema.shape),
        response: { 200: LookAlikesResponseSchema, ...errors },
      },
      preValidation: admin,
    },
    async (request) => ({
      status: 'success' as const,
      ...(await lookAlikesFor(ctx, request.query.competition, request.params.category, request.query.status)),
    }),
  );

  app.post(
    '/v1/admin/exams/:category/look-alikes/:id/decision',
    {
      schema: {
        tags: ['admin'],
        summary: 'Dismiss a pair of look-alike photos, or refer it with a note; audited',
        params: LookAlikeParams,
        querystring: CompetitionQuerySchema,
        body: LookAlikeDecisionSchema,
        response: { 200: LookAlikeDecisionResponseSchema, ...errors },
      },
      preValidation: admin,
    },
    async (request) => ({
      status: 'success' as const,
      data: await decideOnLookAlike(
        ctx,
        signedIn(request).user,
        request.query.competition,
        request.params.category,
        request.params.id,
        request.body,
      ),
    }),
  );
};
