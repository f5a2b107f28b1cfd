import {
  CompetitionInputSchema,
  CompetitionSchema,
  CompetitionUpdateSchema,
} from '@ngso/shared/schemas/competitions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CompetitionParamsSchema, errorResponses } from '../../lib/route-schemas.ts';
import { signedIn } from '../auth/session-plugin.ts';
import { allCompetitions, changeCompetition, createCompetition } from './competitions-admin.service.ts';

const One = z.object({ status: z.literal('success'), data: CompetitionSchema });
const errors = errorResponses(401, 403, 404, 409, 422);

/** Competitions are data (decisions.md): organisers create next year's and set its fee and award bands. */
export const competitionRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = app.requireRole('admin');
  const staff = app.requireRole('admin', 'grader');
  const ctx = app.services;

  app.get(
    '/v1/admin/competitions',
    {
      schema: {
        tags: ['admin'],
        summary: 'Every competition, oldest first (the console works on one at a time)',
        response: {
          200: z.object({ status: z.literal('success'), data: z.array(CompetitionSchema) }),
          ...errors,
        },
      },
      preValidation: staff,
    },
    async () => ({ status: 'success' as const, data: await allCompetitions(ctx) }),
  );

  app.post(
    '/v1/admin/competitions',
    {
      schema: {
        tags: ['admin'],
        summary: "Create a competition (next year's): code, name, fee, categories",
        body: CompetitionInputSchema,
        response: { 201: One, ...errors },
      },
      preValidation: admin,
    },
    async (request, reply) => {
      const created = await createCompetition(ctx, signedIn(request).user, request.body);
      return reply.code(201).send({ status: 'success' as const, data: created });
    },
  );

  app.put(
    '/v1/admin/competitions/:competition',
    {
      schema: {
        tags: ['admin'],
        summary: "Change a competition's name, fee, categories and award bands",
        params: CompetitionParamsSchema,
        body: CompetitionUpdateSchema,
        response: { 200: One, ...errors },
      },
      preValidation: admin,
    },
    async (request) => ({
      status: 'success' as const,
      data: await changeCompetition(ctx, signedIn(request).user, request.params.competition, request.body),
    }),
  );
};
