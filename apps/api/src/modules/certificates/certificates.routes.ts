import { CATEGORIES } from '@ngso/shared/constants';
import { CertificateQuerySchema } from '@ngso/shared/schemas/certificates';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { attachment } from '../../lib/attachment.ts';
import { CompetitionParamsSchema, CompetitionQuerySchema } from '../../lib/route-schemas.ts';
import { signedIn } from '../auth/session-plugin.ts';
import { certificateFor, certificatesZip } from './certificates.service.ts';

export const certificateRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v1/:competition/certificate',
    {
      schema: {
        tags: ['results'],
        summary: "The finalist's own certificate (PDF), once the category's results are published",
        description:
          "Answers application/pdf in ?lang= (en, bn) or the account's language: participation, or the " +
          'award won. 401 signed out, 404 without a registration, 403 unless approved, before publication ' +
          'or for an entrant who did not sit the exam; 503 with Retry-After while too many PDFs are being made.',
        params: CompetitionParamsSchema,
        querystring: CertificateQuerySchema,
      },
      preValidation: app.requireUser,
    },
    async (request, reply) => {
      const pdf = await certificateFor(
        app.services,
        request.params.competition,
        signedIn(request).user,
        request.query.lang,
      );
      return reply
        .type('application/pdf')
        .header('Content-Disposition', attachment('certificate.pdf'))
        .header('Cache-Control', 'private, no-store')
        .send(pdf);
    },
  );

  app.get(
    '/v1/admin/certificates/:category.zip',
    {
      schema: {
        tags: ['admin'],
        summary: 'Every certificate of a published category as one ZIP, for printing (admins; audited)',
        description:
          "Streamed application/zip, one PDF per finalist in the standings' order, each in the finalist's " +
          'language. 409 before the category is published.',
        params: z.object({ category: z.enum(CATEGORIES) }),
        querystring: CompetitionQuerySchema,
      },
      preValidation: app.requireRole('admin'),
    },
    async (request, reply) => {
      const zip = await certificatesZip(
        app.services,
        signedIn(request).user,
        request.query.competition,
        request.params.category,
      );
      return reply
        .type('application/zip')
        .header('Content-Disposition', attachment(zip.fileName))
        .header('Cache-Control', 'private, no-store')
        .send(zip.stream);
    },
  );
};
