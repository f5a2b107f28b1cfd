import {
  AcceptInvitationSchema,
  InviteStaffSchema,
  StaffInvitationSchema,
  UserSchema,
} from '@ngso/shared/schemas/auth';
import { ErrorResponseSchema, MessageResponseSchema } from '@ngso/shared/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestLanguage } from '../../lib/language.ts';
import { translate } from '../../lib/messages.ts';
import { errorResponses } from '../../lib/route-schemas.ts';
import { successMessage } from '../../plugins/errors.ts';
import { toPublicUser } from './auth.service.ts';
import { signedIn } from './session-plugin.ts';
import {
  acceptInvitation,
  INVITATION_DAYS,
  inviteStaff,
  pendingInvitations,
  withdrawInvitation,
} from './staff-invitations.ts';

const errors = errorResponses(401, 403, 404, 409, 422);

/** Staff by invitation: admins invite an address as grader or admin; its owner accepts through the mailed link. */
export const staffInvitationRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = app.requireRole('admin');

  app.post(
    '/v1/admin/invitations',
    {
      schema: {
        tags: ['admin'],
        summary: 'Invite an address as grader or admin (mails a single-use link; audited)',
        description:
          `The link (\`/accept-invitation?token=\`) works once and for ${INVITATION_DAYS} days. A new ` +
          'invitation of the same address withdraws the earlier one. An address whose account already has ' +
          'the role, or a higher one, answers 409.',
        body: InviteStaffSchema,
        response: {
          201: z.object({ status: z.literal('success'), message: z.string(), data: StaffInvitationSchema }),
          ...errors,
        },
      },
      preValidation: admin,
    },
    async (request, reply) => {
      const language = requestLanguage(request);
      const data = await inviteStaff(app.services, signedIn(request).user, request.body, language);
      reply.status(201);
      return {
        status: 'success' as const,
        message: translate('invitation.sent', { email: data.email }, language),
        data,
      };
    },
  );

  app.get(
    '/v1/admin/invitations',
    {
      schema: {
        tags: ['admin'],
        summary: 'The invitations not yet accepted, withdrawn or expired',
        response: {
          200: z.object({ status: z.literal('success'), data: z.array(StaffInvitationSchema) }),
          ...errors,
        },
      },
      preValidation: admin,
    },
    async () => ({ status: 'success' as const, data: await pendingInvitations(app.services) }),
  );

  app.delete(
    '/v1/admin/invitations/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Withdraw a pending invitation (its link stops working; audited)',
        params: z.object({ id: z.string().max(64) }),
        response: { 200: MessageResponseSchema, ...errors },
      },
      preValidation: admin,
    },
    async (request) => {
      await withdrawInvitation(app.services, signedIn(request).user, request.params.id);
      return successMessage(request, 'invitation.withdrawn');
    },
  );

  app.post(
    '/v1/invitations/accept',
    {
      schema: {
        tags: ['auth'],
        summary: 'Accept a staff invitation: set name and password, take the role, sign in here',
        description:
          "The invited address's account (created when there is none) gets the name and new password, the " +
          'role, and a proven address; every other session of it ends, and this device is signed in. A used, ' +
          'withdrawn, expired or unknown token answers 400.',
        body: AcceptInvitationSchema,
        response: {
          200: z.object({ status: z.literal('success'), message: z.string(), user: UserSchema }),
          400: ErrorResponseSchema,
          429: ErrorResponseSchema,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const { user, session } = await acceptInvitation(app.services, request.body, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      reply.setSessionCookie(session.token, session.expiresAt);
      return { ...successMessage(request, 'invitation.accepted'), user: toPublicUser(user) };
    },
  );
};
