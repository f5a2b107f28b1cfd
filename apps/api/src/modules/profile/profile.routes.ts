import { ErrorResponseSchema } from '@ngso/shared/schemas/common';
import { ProfileResponseSchema } from '@ngso/shared/schemas/profile';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedIn } from '../../plugins/session.ts';
import { toProfileUser } from './profile.service.ts';

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v1/user/profile',
    {
      schema: {
        tags: ['profile'],
        summary: "The signed-in user's profile",
        response: { 200: ProfileResponseSchema, 401: ErrorResponseSchema },
      },
      preHandler: app.requireUser,
    },
    async (request) => ({ status: 'success' as const, user: toProfileUser(signedIn(request).user) }),
  );
};
