import { ErrorResponseSchema } from '@ngso/shared/schemas/common';
import { VerifyResponseSchema } from '@ngso/shared/schemas/registration';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { verifyCode } from './verify.service.ts';

/** What a QR code's `/verify/<code>` shows: an admit card's or a certificate's check (verify.service.ts). */
export const verifyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v1/verify/:code',
    {
      schema: {
        tags: ['registration'],
        summary:
          'Public check of a QR code: an admit card (name, roll, category, status only) or a certificate',
        description:
          "An admit card's code answers name, roll number, category and status; a certificate's code " +
          '(document: certificate) that it is genuine, the name, the award and the year. 404 for any other ' +
          'code, and for a certificate before its category is published. At most 600 checks per address in ' +
          '10 minutes (429 with Retry-After).',
        params: z.object({ code: z.string().max(64) }),
        response: { 200: VerifyResponseSchema, 404: ErrorResponseSchema, 429: ErrorResponseSchema },
      },
    },
    async (request) => {
      await app.services.limits.consume({ verifyPerIp: request.ip });
      return { status: 'success' as const, data: await verifyCode(app.services, request.params.code) };
    },
  );
};
