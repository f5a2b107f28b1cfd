import type { Category } from '@ngso/shared/constants';
import {
  PreliminaryLookupSchema,
  PreliminaryResultResponseSchema,
  RegistrationFormDataSchema,
  RegistrationFormSchema,
  RegistrationResponseSchema,
  RegistrationStatusResponseSchema,
} from '@ngso/shared/schemas/registration';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestLanguage } from '../../lib/language.ts';
import { CompetitionParamsSchema, errorResponses } from '../../lib/route-schemas.ts';
import { successMessage } from '../../plugins/errors.ts';
import { assertEmailVerified } from '../auth/email-verification.ts';
import { signedIn } from '../auth/session-plugin.ts';
import { lookUpPreliminaryResult } from '../preliminary/preliminary.service.ts';
import { ownRegistrationForm, registrationStatus, submitRegistration } from './registration.service.ts';

const errors = errorResponses(401, 403, 404, 409, 422);

export const registrationRoutes: FastifyPluginAsyncZod = async (app) => {
  // The preliminary result is keyed by the address: only its proven owner sees it and takes the place.
  const verifiedUser = [
    app.requireUser,
    async (request: FastifyRequest) => assertEmailVerified(signedIn(request).user),
  ];

  app.get(
    '/v1/:competition/registration/status',
    {
      schema: {
        tags: ['registration'],
        summary: "The signed-in student's final-round registration",
        params: CompetitionParamsSchema,
        response: { 200: RegistrationStatusResponseSchema, ...errors },
      },
      preValidation: app.requireUser,
    },
    async (request) =>
      registrationStatus(
        app.services,
        request.params.competition,
        signedIn(request).user.id,
        requestLanguage(request),
      ),
  );

  app.post(
    '/v1/:competition/registration',
    {
      schema: {
        tags: ['registration'],
        summary: 'Register for the final round (or resubmit a rejected registration)',
        params: CompetitionParamsSchema,
        body: RegistrationFormSchema,
        response: { 201: RegistrationResponseSchema, ...errors },
      },
      preValidation: verifiedUser,
    },
    async (request, reply) => {
      const row = await submitRegistration(
        app.services,
        request.params.competition,
        signedIn(request).user,
        request.body,
      );
      reply.status(201);
      return {
        ...successMessage(request, 'registration.received'),
        category: row.category as Category,
        data: { registration_status: row.status, registration_date: row.registeredAt.toISOString() },
      };
    },
  );

  app.get(
    '/v1/:competition/registration',
    {
      schema: {
        tags: ['registration'],
        summary: "The signed-in student's registration form, to correct and resubmit",
        params: CompetitionParamsSchema,
        response: {
          200: z.object({ status: z.literal('success'), data: RegistrationFormDataSchema }),
          ...errors,
        },
      },
      preValidation: app.requireUser,
    },
    async (request) => ({
      status: 'success' as const,
      data: await ownRegistrationForm(app.services, request.params.competition, signedIn(request).user.id),
    }),
  );

  app.post(
    '/v1/:competition/preliminary/result',
    {
      schema: {
        tags: ['registration'],
        summary: "The preliminary round's result for the signed-in student's own e-mail",
        params: CompetitionParamsSchema,
        body: PreliminaryLookupSchema,
        response: { 200: PreliminaryResultResponseSchema, ...errors },
      },
      preValidation: verifiedUser,
    },
    async (request) => {
      return {
        status: 'success' as const,
        data: await lookUpPreliminaryResult(
          app.services,
          request.params.competition,
          signedIn(request).user.email,
          request.body.email,
        ),
      };
    },
  );
};
