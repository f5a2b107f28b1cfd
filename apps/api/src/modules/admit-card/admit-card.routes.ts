import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { attachment } from '../../lib/attachment.ts';
import { CompetitionParamsSchema } from '../../lib/route-schemas.ts';
import { signedIn } from '../auth/session-plugin.ts';
import { admitCardFor } from './admit-card.service.ts';

export const admitCardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v1/:competition/admit-card',
    {
      schema: {
        tags: ['registration'],
        summary: "The approved student's admit card (PDF, final_round_admit_card.pdf)",
        description:
          'Answers application/pdf; 401 signed out, 403 before approval, 404 without a registration, 503 with Retry-After while too many cards are being made.',
        params: CompetitionParamsSchema,
      },
      preValidation: app.requireUser,
    },
    async (request, reply) => {
      const pdf = await admitCardFor(app.services, request.params.competition, signedIn(request).user);
      return reply
        .type('application/pdf')
        .header('Content-Disposition', attachment('final_round_admit_card.pdf'))
        .header('Cache-Control', 'private, no-store')
        .send(pdf);
    },
  );
};
