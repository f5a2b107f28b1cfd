import { VerifyEmailSchema } from '@ngso/shared/schemas/auth';
import { ErrorResponseSchema, MessageResponseSchema } from '@ngso/shared/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/route-schemas.ts';
import { successMessage } from '../../plugins/errors.ts';
import { resendVerificationLink, VERIFY_LINK_HOURS, verifyEmail } from './email-verification.ts';
import { signedIn } from './session-plugin.ts';

/** Proving an e-mail address: the mailed link's page posts its token; the owner can ask for a new link. */
export const emailVerificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/v1/verify-email',
    {
      schema: {
        tags: ['auth'],
        summary: 'Prove an e-mail address with the token of the link mailed to it',
        description:
          `The link (\`/verify-email?token=\`) is mailed at registration and on request, works once and for ` +
          `${VERIFY_LINK_HOURS} hours, and needs no sign-in (it may be opened on another device). It proves ` +
          'the address it was mailed to, while the account still has that address; then `user.email_verified` ' +
          'is true. A used, expired or unknown token answers 400.',
        body: VerifyEmailSchema,
        response: { 200: MessageResponseSchema, 400: ErrorResponseSchema, ...errorResponses(422) },
      },
    },
    async (request) => {
      await verifyEmail(app.services, request.body.token);
      return successMessage(request, 'verifyEmail.done');
    },
  );

  app.post(
    '/v1/verify-email/resend',
    {
      schema: {
        tags: ['auth'],
        summary: "Mail a new verification link to the signed-in user's address",
        description:
          'Counted against the limits of forgot-password (per address and per client address; 429 with ' +
          'Retry-After past them). An address already verified answers 409.',
        response: {
          200: MessageResponseSchema,
          409: ErrorResponseSchema,
          429: ErrorResponseSchema,
          ...errorResponses(401, 403),
        },
      },
      preValidation: app.requireUser,
    },
    async (request) => {
      await resendVerificationLink(app.services, signedIn(request).user, request.ip);
      return successMessage(request, 'verifyEmail.sent');
    },
  );
};
