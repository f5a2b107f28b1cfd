import { ErrorResponseSchema, MessageResponseSchema } from '@ngso/shared/schemas/common';
import {
  ConfirmTwoFactorSchema,
  TwoFactorSetupSchema,
  TwoFactorStateSchema,
  VerifyTwoFactorSchema,
} from '@ngso/shared/schemas/two-factor';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/route-schemas.ts';
import { successMessage } from '../../plugins/errors.ts';
import { deviceTokenOf } from './device-cookie.ts';
import { signedIn } from './session-plugin.ts';
import {
  confirmSetup,
  resetSecondFactor,
  startSetup,
  twoFactorState,
  unlockSecondFactor,
  verifySecondFactor,
} from './two-factor.ts';

const errors = errorResponses(401, 403, 409, 422);

/** Staff's second factor: set it up once, pass it once per session; admins reset a lost one. */
export const twoFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v1/two-factor',
    {
      schema: {
        tags: ['auth'],
        summary: 'The second factor of the signed-in user: required, set up, passed in this session',
        description:
          'Graders and admins need a passed second factor for every console call (`/v1/admin/...`); until then ' +
          'those answer 403 with the message `twoFactor.required`. Students never need one.',
        response: { 200: z.object({ status: z.literal('success'), data: TwoFactorStateSchema }), ...errors },
      },
      preValidation: app.requireUser,
    },
    async (request) => ({
      status: 'success' as const,
      data: await twoFactorState(app.services, signedIn(request)),
    }),
  );

  app.post(
    '/v1/two-factor/setup',
    {
      schema: {
        tags: ['auth'],
        summary: 'Start setting up the second factor: a new secret, as text and as a QR code',
        description:
          'Staff only (403 for students); 409 once set up. The secret stays pending until confirmed.',
        response: { 200: z.object({ status: z.literal('success'), data: TwoFactorSetupSchema }), ...errors },
      },
      preValidation: app.requireUser,
    },
    async (request) => ({
      status: 'success' as const,
      data: await startSetup(app.services, signedIn(request)),
    }),
  );

  app.post(
    '/v1/two-factor/confirm',
    {
      schema: {
        tags: ['auth'],
        summary: 'Confirm the set-up with a code from the app; answers the ten recovery codes, once',
        description:
          "A wrong code is 422 on `code` and counts in the second factor's own run of failures (decision 066), " +
          'not in the login back-off. On success this session has passed the second factor and every other ' +
          'session of the account ends.',
        body: ConfirmTwoFactorSchema,
        response: {
          200: z.object({
            status: z.literal('success'),
            message: z.string(),
            recovery_codes: z.array(z.string()),
          }),
          429: ErrorResponseSchema,
          ...errors,
        },
      },
      preValidation: app.requireUser,
    },
    async (request) => {
      const codes = await confirmSetup(
        app.services,
        signedIn(request),
        request.body.code,
        deviceTokenOf(request, app.config.BASE_URL),
      );
      return { ...successMessage(request, 'twoFactor.enabled'), recovery_codes: codes };
    },
  );

  app.post(
    '/v1/two-factor/verify',
    {
      schema: {
        tags: ['auth'],
        summary: 'Pass the second factor for this session: `{code}` from the app, or `{recovery_code}`',
        description:
          'A code works once (a second use, even in its 30 seconds, is refused); a recovery code works once. ' +
          "Wrong ones are 422 and count in the second factor's own run of failures, which a password sign-in " +
          'never clears (decision 066): five cost nothing, then 429 with Retry-After, 1 s doubling to 15 ' +
          'minutes; the 100th in a row is 403 `twoFactor.locked` until another admin unlocks it, and the owner ' +
          'is mailed. A device that passed the second factor of the account before counts its own failures.',
        body: VerifyTwoFactorSchema,
        response: { 200: MessageResponseSchema, 429: ErrorResponseSchema, ...errors },
      },
      preValidation: app.requireUser,
    },
    async (request) => {
      await verifySecondFactor(
        app.services,
        signedIn(request),
        request.body,
        deviceTokenOf(request, app.config.BASE_URL),
      );
      return successMessage(request, 'twoFactor.passed');
    },
  );

  app.delete(
    '/v1/admin/users/:id/two-factor',
    {
      schema: {
        tags: ['admin'],
        summary: "Reset a grader's or admin's second factor (a lost phone): their sessions end; audited",
        params: z.object({ id: z.string().max(64) }),
        response: { 200: MessageResponseSchema, 404: ErrorResponseSchema, ...errors },
      },
      preValidation: app.requireRole('admin'),
    },
    async (request) => {
      await resetSecondFactor(app.services, signedIn(request).user, request.params.id);
      return successMessage(request, 'twoFactor.reset');
    },
  );

  app.post(
    '/v1/admin/users/:id/two-factor/unlock',
    {
      schema: {
        tags: ['admin'],
        summary: "Unlock a staff member's second factor after 100 wrong codes in a row; audited",
        description:
          'Every run of wrong codes of the account ends; the secret, the recovery codes and the sessions stay. ' +
          'Not for your own account (409).',
        params: z.object({ id: z.string().max(64) }),
        response: { 200: MessageResponseSchema, 404: ErrorResponseSchema, ...errors },
      },
      preValidation: app.requireRole('admin'),
    },
    async (request) => {
      await unlockSecondFactor(app.services, signedIn(request).user, request.params.id);
      return successMessage(request, 'twoFactor.unlocked');
    },
  );
};
