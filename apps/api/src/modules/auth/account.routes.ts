import {
  ChangePasswordSchema,
  EndOtherSessionsResponseSchema,
  EndSessionResponseSchema,
  OwnSessionsResponseSchema,
} from '@ngso/shared/schemas/account';
import { ErrorResponseSchema, MessageResponseSchema } from '@ngso/shared/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/route-schemas.ts';
import { successMessage } from '../../plugins/errors.ts';
import { changePassword, endOtherSessions, endOwnSession, listOwnSessions } from './account.service.ts';
import { signedIn } from './session-plugin.ts';

const errors = errorResponses(401, 403, 422);

/**
 * The signed-in user's own account security: change the password with the current one (ASVS V6.2.3), see
 * and end their own sessions (V7.5.2). Every call is for the signed-in user only; state changes need the
 * CSRF header like every other.
 */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/v1/password',
    {
      schema: {
        tags: ['auth'],
        summary: 'Change the password, giving the current one; every other session of the account ends',
        description:
          'For the signed-in user. `current_password` is checked like a login: a wrong one answers 422 with a ' +
          'field error on `current_password` and counts as a failed login of the account (after five in a row ' +
          'the account waits, 429 with Retry-After). `password` follows the rules of register and reset ' +
          '(8 to 128 characters, not a common password, not the name, e-mail or the olympiad with digits: 422 ' +
          'on `password`). `password_confirmation`, when sent, must equal `password`. On success the new ' +
          'password is stored as an argon2id hash, every other session of the account ends (this one stays), ' +
          'and a mail tells the owner, in their language. Staff (graders, admins) only from a session that ' +
          'passed the second factor (403 otherwise).',
        body: ChangePasswordSchema,
        response: { 200: MessageResponseSchema, 429: ErrorResponseSchema, ...errors },
      },
      preValidation: app.requireUserPastSecondFactor,
    },
    async (request) => {
      await changePassword(app.services, signedIn(request), request.body);
      return successMessage(request, 'password.changed');
    },
  );

  app.get(
    '/v1/sessions',
    {
      schema: {
        tags: ['auth'],
        summary: "The signed-in user's active sessions (signed-in devices)",
        description:
          "Only the caller's own sessions that are still alive, the current one first (`current: true`), then " +
          'by last activity. `id` is an opaque identifier for `DELETE /v1/sessions/{id}`, derived one way from ' +
          "the session: never its token or the token's stored hash. `device` is the browser and system read " +
          'from the User-Agent at sign-in (null when unknown). Times are ISO 8601 with the offset of Dhaka; ' +
          '`last_seen_at` is updated at most every 5 minutes.',
        response: { 200: OwnSessionsResponseSchema, ...errorResponses(401) },
      },
      preValidation: app.requireUser,
    },
    async (request) => ({
      status: 'success' as const,
      data: await listOwnSessions(app.services, signedIn(request)),
    }),
  );

  app.delete(
    '/v1/sessions/:id',
    {
      schema: {
        tags: ['auth'],
        summary: 'End one of the signed-in user\'s sessions ("Sign out" on a device)',
        description:
          "Ends the session with this `id` (from `GET /v1/sessions`) at once: that device's next request " +
          "answers 401. An identifier that is unknown, or another user's, answers 404. Ending the current " +
          'session signs this device out as `POST /v1/logout` does (`current: true`, the cookie is cleared). ' +
          'Staff only from a session that passed the second factor (403 otherwise; `POST /v1/logout` always works).',
        params: z.object({ id: z.string().max(64) }),
        response: { 200: EndSessionResponseSchema, 404: ErrorResponseSchema, ...errors },
      },
      preValidation: app.requireUserPastSecondFactor,
    },
    async (request, reply) => {
      const { current } = await endOwnSession(app.services, signedIn(request), request.params.id);
      if (current) reply.clearSessionCookie();
      return {
        ...successMessage(request, 'session.ended'),
        current,
      };
    },
  );

  app.post(
    '/v1/sessions/end-others',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign out everywhere else: every session of the signed-in user but this one ends',
        description:
          'Answers how many sessions ended (`ended`); this device stays signed in. Staff only from a session ' +
          'that passed the second factor (403 otherwise).',
        response: { 200: EndOtherSessionsResponseSchema, ...errors },
      },
      preValidation: app.requireUserPastSecondFactor,
    },
    async (request) => ({
      ...successMessage(request, 'sessions.endedOthers'),
      ended: await endOtherSessions(app.services, signedIn(request)),
    }),
  );
};
