import { ErrorResponseSchema } from '@ngso/shared/schemas/common';
import { RegistrationStatusResponseSchema } from '@ngso/shared/schemas/registration';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedIn } from '../../plugins/session.ts';
import { registrationStatus } from './registration.service.ts';

/** A competition's path segment, e.g. ngso-1 (the spec's paths keep working for it). */
export const CompetitionParamsSchema = z.object({ competition: z.string().regex(/^[a-z0-9-]{1,40}$/) });

export const registrationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v1/:competition/registration/status',
    {
      schema: {
        tags: ['registration'],
        summary: "The signed-in student's final-round registration",
        params: CompetitionParamsSchema,
        response: {
          200: RegistrationStatusResponseSchema,
          401: ErrorResponseSchema,
          404: ErrorResponseSchema,
        },
      },
      preHandler: app.requireUser,
    },
    async (request) =>
      registrationStatus(app.services, request.params.competition, signedIn(request).user.id),
  );
};
