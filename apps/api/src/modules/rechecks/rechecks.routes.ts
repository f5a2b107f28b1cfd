import {
  AdminRechecksQuerySchema,
  AdminRechecksResponseSchema,
  AssignRecheckSchema,
  DecideRecheckSchema,
  GraderRechecksResponseSchema,
  RecheckGradersResponseSchema,
  RecheckRequestSchema,
  RecheckResponseSchema,
  RecheckSettingsResponseSchema,
  RecheckSettingsSchema,
  StudentRechecksResponseSchema,
} from '@ngso/shared/schemas/rechecks';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CompetitionParamsSchema, CompetitionQuerySchema, errorResponses } from '../../lib/route-schemas.ts';
import { successMessage } from '../../plugins/errors.ts';
import { signedIn } from '../auth/session-plugin.ts';
import {
  assignRecheck,
  changeRecheckSettings,
  decideRecheck,
  recheckGraders,
  recheckSettingsOf,
  rechecksOfGrader,
  rechecksQueue,
  requestRechecks,
  studentRechecks,
} from './rechecks.service.ts';

const errors = errorResponses(401, 403, 404, 409, 422);
const IdParams = z.object({ id: z.string().max(64) });

/**
 * Re-checks after results (appeals): a student asks within the window; an admin gives each to a second
 * grader, who grades it blind; the outcome keeps or changes the mark and is mailed.
 */
export const rechecksRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = app.requireRole('admin');
  const staff = app.requireRole('admin', 'grader');

  app.get(
    '/v1/:competition/rechecks',
    {
      schema: {
        tags: ['results'],
        summary: "The student's re-check window (open, until when, how many questions, the fee) and requests",
        params: CompetitionParamsSchema,
        response: { 200: StudentRechecksResponseSchema, ...errors },
      },
      preValidation: app.requireUser,
    },
    async (request) => ({
      status: 'success' as const,
      data: await studentRechecks(app.services, request.params.competition, signedIn(request).user),
    }),
  );

  app.post(
    '/v1/:competition/rechecks',
    {
      schema: {
        tags: ['results'],
        summary: 'Ask for re-checks of answers of a published result, with a reason, within the window',
        params: CompetitionParamsSchema,
        body: RecheckRequestSchema,
        response: { 201: StudentRechecksResponseSchema.extend({ message: z.string() }), ...errors },
      },
      preValidation: app.requireUser,
    },
    async (request, reply) => {
      const data = await requestRechecks(
        app.services,
        request.params.competition,
        signedIn(request).user,
        request.body,
      );
      reply.code(201);
      return { ...successMessage(request, 'recheck.requested'), data };
    },
  );

  app.get(
    '/v1/admin/rechecks/settings',
    {
      schema: {
        tags: ['admin'],
        summary: "A competition's re-check settings: window in days after publication, questions, fee",
        querystring: CompetitionQuerySchema,
        response: { 200: RecheckSettingsResponseSchema, ...errors },
      },
      preValidation: admin,
    },
    async (request) => ({
      status: 'success' as const,
      data: await recheckSettingsOf(app.services, request.query.competition),
    }),
  );

  app.put(
    '/v1/admin/rechecks/settings',
    {
      schema: {
        tags: ['admin'],
        summary: "Change a competition's re-check settings; audited",
        querystring: CompetitionQuerySchema,
        body: RecheckSettingsSchema,
        response: { 200: RecheckSettingsResponseSchema, ...errors },
      },
      preValidation: admin,
    },
    async (request) => ({
      status: 'success' as const,
      data: await changeRecheckSettings(
        app.services,
        request.query.competition,
        request.body,
        signedIn(request).user,
      ),
    }),
  );

  app.get(
    '/v1/admin/rechecks',
    {
      schema: {
        tags: ['admin'],
        summary: 'The re-check queue: requests, who marked each first, who re-checks it, outcomes',
        querystring: AdminRechecksQuerySchema,
        response: { 200: AdminRechecksResponseSchema, ...errors },
      },
      preValidation: admin,
    },
    async (request) => ({
      status: 'success' as const,
      data: await rechecksQueue(app.services, request.query.competition, request.query.status),
    }),
  );

  app.get(
    '/v1/admin/rechecks/graders',
    {
      schema: {
        tags: ['admin'],
        summary: 'The staff a re-check can be given to (graders and admins), by name',
        response: { 200: RecheckGradersResponseSchema, ...errors },
      },
      preValidation: admin,
    },
    async () => ({ status: 'success' as const, data: await recheckGraders(app.services) }),
  );

  app.post(
    '/v1/admin/rechecks/:id/assign',
    {
      schema: {
        tags: ['admin'],
        summary: 'Give a re-check to a grader other than the one who marked the answer; audited',
        params: IdParams,
        body: AssignRecheckSchema,
        response: { 200: RecheckResponseSchema, ...errors },
      },
      preValidation: admin,
    },
    async (request) => ({
      status: 'success' as const,
      data: await assignRecheck(
        app.services,
        request.params.id,
        request.body.grader_id,
        signedIn(request).user,
      ),
    }),
  );

  app.get(
    '/v1/admin/rechecks/assigned',
    {
      schema: {
        tags: ['admin'],
        summary: "The signed-in grader's re-checks to decide: question and photos, blind to the first mark",
        response: { 200: GraderRechecksResponseSchema, ...errors },
      },
      preValidation: staff,
    },
    async (request) => ({
      status: 'success' as const,
      data: await rechecksOfGrader(app.services, signedIn(request).user),
    }),
  );

  app.post(
    '/v1/admin/rechecks/:id/decision',
    {
      schema: {
        tags: ['admin'],
        summary:
          "The assigned grader's marks and note: the mark kept or changed, the student mailed; audited",
        params: IdParams,
        body: DecideRecheckSchema,
        response: { 200: RecheckResponseSchema, ...errors },
      },
      preValidation: staff,
    },
    async (request) => ({
      status: 'success' as const,
      data: await decideRecheck(app.services, request.params.id, signedIn(request).user, request.body),
    }),
  );
};
