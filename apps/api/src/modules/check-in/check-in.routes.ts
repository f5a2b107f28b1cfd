import {
  AdmitCardCodeParamsSchema,
  ArrivalsResponseSchema,
  CheckInEntrantResponseSchema,
  CheckInResponseSchema,
  NotArrivedListSchema,
  NotArrivedQuerySchema,
} from '@ngso/shared/schemas/check-in';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CompetitionQuerySchema, errorResponses } from '../../lib/route-schemas.ts';
import { signedIn } from '../auth/session-plugin.ts';
import { arrivals, checkIn, entrantForCheckIn, notArrived } from './check-in.service.ts';

const errors = errorResponses(401, 403, 404, 409, 422);

/**
 * Check-in at the in-person final round: any staff member scans an admit card's QR code (it opens
 * /verify/<code>) and checks the entrant in; admins follow the arrivals per venue and pick-up spot.
 */
export const checkInRoutes: FastifyPluginAsyncZod = async (app) => {
  const staff = app.requireRole('admin', 'grader');
  const admin = app.requireRole('admin');

  app.get(
    '/v1/admin/check-ins/:code',
    {
      schema: {
        tags: ['admin'],
        summary: "The entrant an admit card's code names, and whether and by whom they were checked in",
        params: AdmitCardCodeParamsSchema,
        response: { 200: CheckInEntrantResponseSchema, ...errors },
      },
      preValidation: staff,
    },
    async (request) => ({
      status: 'success' as const,
      data: await entrantForCheckIn(app.services, request.params.code),
    }),
  );

  app.post(
    '/v1/admin/check-ins/:code',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Check an approved entrant in (once: a second scan changes nothing and says who did it); audited',
        params: AdmitCardCodeParamsSchema,
        response: { 200: CheckInResponseSchema, ...errors },
      },
      preValidation: staff,
    },
    async (request) => ({
      status: 'success' as const,
      data: await checkIn(app.services, request.params.code, signedIn(request).user),
    }),
  );

  app.get(
    '/v1/admin/arrivals',
    {
      schema: {
        tags: ['admin'],
        summary: 'Approved entrants expected and arrived, per category (its venue) and pick-up spot',
        querystring: CompetitionQuerySchema,
        response: { 200: ArrivalsResponseSchema, ...errors },
      },
      preValidation: admin,
    },
    async (request) => ({
      status: 'success' as const,
      data: await arrivals(app.services, request.query.competition),
    }),
  );

  app.get(
    '/v1/admin/arrivals/missing',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Approved entrants not checked in yet, with the numbers to call; by category and pick-up spot',
        querystring: NotArrivedQuerySchema,
        response: { 200: NotArrivedListSchema, ...errors },
      },
      preValidation: admin,
    },
    async (request) => ({ status: 'success' as const, ...(await notArrived(app.services, request.query)) }),
  );
};
