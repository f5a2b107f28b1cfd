import { text } from '@ngso/shared/schemas/common';
import { ListMetaSchema } from '@ngso/shared/schemas/registration';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/route-schemas.ts';
import { auditEntries } from './audit.service.ts';

const errors = errorResponses(401, 403, 404, 409, 422);
const Paging = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(200).default(50),
};

/** The audit log in the console: who did what, when, before and after (admins only). */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = app.requireRole('admin');
  const ctx = app.services;

  app.get(
    '/v1/admin/audit',
    {
      schema: {
        tags: ['admin'],
        summary: 'The audit log: who did what, when, before and after',
        querystring: z.object({
          actor: text({ typeError: 'request.invalid' }).max(64).optional(),
          action: text({ typeError: 'request.invalid' }).max(100).optional(),
          ...Paging,
        }),
        response: {
          200: z.object({
            status: z.literal('success'),
            data: z.array(
              z.object({
                id: z.number(),
                actor_id: z.string().nullable(),
                actor_email: z.string().nullable(),
                action: z.string(),
                target_type: z.string(),
                target_id: z.string().nullable(),
                before: z.unknown(),
                after: z.unknown(),
                created_at: z.string(),
              }),
            ),
            meta: ListMetaSchema,
          }),
          ...errors,
        },
      },
      preValidation: admin,
    },
    async (request) => ({
      status: 'success' as const,
      ...(await auditEntries(ctx, request.query, request.query.page, request.query.per_page)),
    }),
  );
};
