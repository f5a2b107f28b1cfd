import { ROLES } from '@ngso/shared/constants';
import { OkResponseSchema, text } from '@ngso/shared/schemas/common';
import { ListMetaSchema } from '@ngso/shared/schemas/registration';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/route-schemas.ts';
import { endSessionsOfUser } from '../auth/public.ts';
import { signedIn } from '../auth/session-plugin.ts';
import { changeRole, findUsers } from './users.service.ts';

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
  /** Whether 100 wrong codes in a row locked the second factor (decision 066), until another admin unlocks it. */
  two_factor_locked: z.boolean(),
  created_at: z.string(),
});

/** The console's users: find them, change a role, end their sessions (admins only). */
export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = app.requireRole('admin');
  const ctx = app.services;

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
      await endSessionsOfUser(ctx, signedIn(request).user, request.params.id);
      return { status: 'success' as const };
    },
  );
};
