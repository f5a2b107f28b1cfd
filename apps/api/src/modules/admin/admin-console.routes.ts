import { ROLES } from '@ngso/shared/constants';
import { OkResponseSchema, text } from '@ngso/shared/schemas/common';
import { AdminRegistrationQuerySchema, ListMetaSchema } from '@ngso/shared/schemas/registration';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CompetitionQuerySchema, errorResponses } from '../../lib/route-schemas.ts';
import { signedIn } from '../../plugins/session.ts';
import {
  auditEntries,
  bulkApprove,
  changeRole,
  dashboardStats,
  endSessions,
  findUsers,
  registrationsCsv,
} from './admin-console.service.ts';

const errors = errorResponses(401, 403, 404, 409, 422);
const Paging = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(200).default(50),
};
const AdminUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone_number: z.string().nullable(),
  role: z.enum(ROLES),
  email_verified: z.boolean(),
  /** Whether the user has set up the second factor (staff). */
  two_factor: z.boolean(),
  created_at: z.string(),
});
const Counts = z.record(z.string(), z.number());

/** The organisers' console: dashboard, exports, bulk actions, users and the audit log (admins only). */
export const adminConsoleRoutes: FastifyPluginAsyncZod = async (app) => {
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

  app.get(
    '/v1/admin/registrations.csv',
    {
      schema: {
        tags: ['admin'],
        summary: 'Registrations as CSV (UTF-8 with BOM), with the same filters as the list',
        querystring: AdminRegistrationQuerySchema,
      },
      preValidation: admin,
    },
    async (request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', 'attachment; filename="registrations.csv"')
        .send(await registrationsCsv(ctx, request.query)),
  );

  app.post(
    '/v1/admin/registrations/bulk-approve',
    {
      schema: {
        tags: ['admin'],
        summary: 'Approve several pending registrations; reports what was approved and what was skipped',
        body: z.object({ ids: z.array(z.string().max(64)).min(1).max(500) }),
        response: {
          200: z.object({
            status: z.literal('success'),
            data: z.object({
              approved: z.array(z.string()),
              skipped: z.array(z.object({ id: z.string(), reason: z.string() })),
            }),
          }),
          ...errors,
        },
      },
      preValidation: admin,
    },
    async (request) => ({
      status: 'success' as const,
      data: await bulkApprove(ctx, signedIn(request).user, request.body.ids),
    }),
  );

  app.get(
    '/v1/admin/users',
    {
      schema: {
        tags: ['admin'],
        summary: 'Find users by name, e-mail or phone',
        querystring: z.object({ q: text({ typeError: 'request.invalid' }).max(200).optional(), ...Paging }),
        response: {
          200: z.object({
            status: z.literal('success'),
            data: z.array(AdminUserSchema),
            meta: ListMetaSchema,
          }),
          ...errors,
        },
      },
      preValidation: admin,
    },
    async (request) => ({
      status: 'success' as const,
      ...(await findUsers(ctx, request.query.q, request.query.page, request.query.per_page)),
    }),
  );

  app.put(
    '/v1/admin/users/:id/role',
    {
      schema: {
        tags: ['admin'],
        summary: "Change a user's role (their sessions end)",
        params: z.object({ id: z.string().max(64) }),
        body: z.object({ role: z.enum(ROLES) }),
        response: { 200: z.object({ status: z.literal('success'), data: AdminUserSchema }), ...errors },
      },
      preValidation: admin,
    },
    async (request) => ({
      status: 'success' as const,
      data: await changeRole(ctx, signedIn(request).user, request.params.id, request.body.role),
    }),
  );

  app.post(
    '/v1/admin/users/:id/sessions/end',
    {
      schema: {
        tags: ['admin'],
        summary: 'End every session of a user',
        params: z.object({ id: z.string().max(64) }),
        response: { 200: OkResponseSchema, ...errors },
      },
      preValidation: admin,
    },
    async (request) => {
      await endSessions(ctx, signedIn(request).user, request.params.id);
      return { status: 'success' as const };
    },
  );

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
