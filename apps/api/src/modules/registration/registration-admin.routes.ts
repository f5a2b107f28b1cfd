import {
  AdminRegistrationListSchema,
  AdminRegistrationQuerySchema,
  ReconciliationReportSchema,
  RejectSchema,
} from '@ngso/shared/schemas/registration';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { attachment } from '../../lib/attachment.ts';
import { uploadedCsvText } from '../../lib/csv.ts';
import { CompetitionQuerySchema, errorResponses } from '../../lib/route-schemas.ts';
import { signedIn } from '../auth/session-plugin.ts';
import { readUpload } from '../media/read-upload.ts';
import { reconcilePayments } from './payment-reconciliation.service.ts';
import { approveRegistration, rejectRegistration } from './registration.service.ts';
import { bulkApprove, findRegistrations, registrationsCsv } from './registration-admin.service.ts';

const DecisionResponseSchema = z.object({
  status: z.literal('success'),
  data: z.object({
    id: z.string(),
    registration_status: z.enum(['pending', 'approved', 'rejected']),
    roll_number: z.string().nullable(),
    rejection_reason: z.string().nullable(),
  }),
});

const errors = errorResponses(401, 403, 404, 409, 422);

const decision = (row: {
  id: string;
  status: 'pending' | 'approved' | 'rejected';
  rollNumber: string | null;
  rejectionReason: string | null;
}) => ({
  status: 'success' as const,
  data: {
    id: row.id,
    registration_status: row.status,
    roll_number: row.rollNumber,
    rejection_reason: row.rejectionReason,
  },
});

/** Organisers' payment verification: approve, or reject with a reason (admins only). */
export const adminRegistrationRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = app.requireRole('admin');
  const params = z.object({ id: z.string().max(64) });

  app.get(
    '/v1/admin/registrations',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Registrations: filter by status, category, division; search name, e-mail, phone, transaction ID',
        querystring: AdminRegistrationQuerySchema,
        response: { 200: AdminRegistrationListSchema, ...errors },
      },
      preValidation: admin,
    },
    async (request) => ({
      status: 'success' as const,
      ...(await findRegistrations(app.services, request.query)),
    }),
  );

  app.post(
    '/v1/admin/registrations/:id/approve',
    {
      schema: {
        tags: ['admin'],
        summary: 'Approve a pending registration: roll number, admit card, mail',
        params,
        response: { 200: DecisionResponseSchema, ...errors },
      },
      preValidation: admin,
    },
    async (request) =>
      decision(await approveRegistration(app.services, request.params.id, signedIn(request).user)),
  );

  app.post(
    '/v1/admin/registrations/:id/reject',
    {
      schema: {
        tags: ['admin'],
        summary: 'Reject a pending registration with a reason the student reads; mail',
        params,
        body: RejectSchema,
        response: { 200: DecisionResponseSchema, ...errors },
      },
      preValidation: admin,
    },
    async (request) =>
      decision(
        await rejectRegistration(
          app.services,
          request.params.id,
          signedIn(request).user,
          request.body.reason,
        ),
      ),
  );

  app.post(
    '/v1/admin/registrations/reconcile',
    {
      schema: {
        tags: ['admin'],
        summary:
          "Reconcile a payment provider's statement (CSV upload with transaction_id, amount, sender): " +
          'marks matching pending registrations for one-click approval and lists every mismatch',
        consumes: ['multipart/form-data'],
        querystring: CompetitionQuerySchema,
        response: {
          200: z.object({ status: z.literal('success'), data: ReconciliationReportSchema }),
          ...errorResponses(400, 401, 403, 404, 413, 422),
        },
      },
      preValidation: admin,
    },
    async (request) => {
      const upload = await readUpload(request, 20);
      const text = uploadedCsvText(upload.data, 'statement.columns');
      return {
        status: 'success' as const,
        data: await reconcilePayments(app.services, signedIn(request).user, request.query.competition, text),
      };
    },
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
        .header('Content-Disposition', attachment('registrations.csv'))
        .send(await registrationsCsv(app.services, request.query)),
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
      data: await bulkApprove(app.services, signedIn(request).user, request.body.ids),
    }),
  );
};
