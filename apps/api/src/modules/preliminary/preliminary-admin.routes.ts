import { ErrorResponseSchema } from '@ngso/shared/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { uploadedCsvText } from '../../lib/csv.ts';
import { CompetitionQuerySchema } from '../../lib/route-schemas.ts';
import { signedIn } from '../auth/session-plugin.ts';
import { readUpload } from '../media/read-upload.ts';
import { importPreliminaryResults } from './preliminary.service.ts';

export const adminPreliminaryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/v1/admin/preliminary/import',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Import preliminary results (CSV upload: email,name,category,score,total,qualified); all or nothing',
        consumes: ['multipart/form-data'],
        querystring: CompetitionQuerySchema,
        response: {
          200: z.object({
            status: z.literal('success'),
            data: z.object({ imported: z.number(), qualified: z.number() }),
          }),
          400: ErrorResponseSchema,
          401: ErrorResponseSchema,
          403: ErrorResponseSchema,
          413: ErrorResponseSchema,
          422: ErrorResponseSchema,
        },
      },
      preValidation: app.requireRole('admin'),
    },
    async (request) => {
      const upload = await readUpload(request, 20);
      const text = uploadedCsvText(upload.data, 'prelim.import.invalid');
      return {
        status: 'success' as const,
        data: await importPreliminaryResults(
          app.services,
          request.query.competition,
          text,
          signedIn(request).user.id,
        ),
      };
    },
  );
};
