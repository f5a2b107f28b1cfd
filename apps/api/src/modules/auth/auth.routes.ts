import {
  ForgotPasswordSchema,
  LoginResponseSchema,
  LoginSchema,
  RegisterResponseSchema,
  RegisterSchema,
  ResetPasswordSchema,
  UserResponseSchema,
} from '@ngso/shared/schemas/auth';
import { ErrorResponseSchema, MessageResponseSchema, OkResponseSchema } from '@ngso/shared/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { translate } from '../../lib/messages.ts';
import { requestLanguage } from '../../plugins/errors.ts';
import { signedIn } from '../../plugins/session.ts';
import * as auth from './auth.service.ts';
import { endSession } from './sessions.ts';

const errors = { 401: ErrorResponseSchema, 403: ErrorResponseSchema, 422: ErrorResponseSchema };

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const client = (request: { ip: string; headers: { 'user-agent'?: string } }) => ({
    ip: request.ip,
    userAgent: request.headers['user-agent'],
  });

  app.get(
    '/v1/user',
    {
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user',
        response: { 200: UserResponseSchema, ...errors },
      },
      preValidation: app.requireUser,
    },
    async (request) => ({ status: 'success' as const, user: auth.toPublicUser(signedIn(request).user) }),
  );

  app.post(
    '/v1/register',
    {
      schema: {
        tags: ['auth'],
        summary: 'Create a student account and sign in',
        body: RegisterSchema,
        response: {
          201: RegisterResponseSchema,
          409: ErrorResponseSchema,
          429: ErrorResponseSchema,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const { user, session } = await auth.register(app.services, request.body, client(request));
      reply.setSessionCookie(session.token, session.expiresAt).status(201);
      return {
        status: 'success' as const,
        message: translate('register.success', undefined, requestLanguage(request)),
        user: auth.toPublicUser(user),
      };
    },
  );

  app.post(
    '/v1/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in',
        body: LoginSchema,
        response: { 200: LoginResponseSchema, 429: ErrorResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const previous = request.cookies[app.sessionCookieName];
      const { user, session } = await auth.login(app.services, request.body, client(request));
      // A new token at every login: a session planted before login is never promoted.
      if (previous) await endSession(app.db, previous);
      reply.setSessionCookie(session.token, session.expiresAt);
      return { status: 'success' as const, data: { user: auth.toPublicUser(user) } };
    },
  );

  app.post(
    '/v1/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign out; the session ends on the server',
        response: { 200: OkResponseSchema },
      },
    },
    async (request, reply) => {
      const token = request.cookies[app.sessionCookieName];
      if (token) await endSession(app.db, token);
      // The browser drops its cache of personal pages and every cookie of this site (the app keeps unsent
      // exam answers in IndexedDB, which this header leaves alone).
      reply.clearSessionCookie().header('Clear-Site-Data', '"cache", "cookies"');
      return { status: 'success' as const };
    },
  );

  app.post(
    '/v1/forgot-password',
    {
      schema: {
        tags: ['auth'],
        summary: 'Send a password reset link (same answer whether or not the account exists)',
        body: ForgotPasswordSchema,
        response: { 200: MessageResponseSchema, 429: ErrorResponseSchema, ...errors },
      },
    },
    async (request) => {
      await auth.requestPasswordReset(app.services, request.body.email, client(request));
      return {
        status: 'success' as const,
        message: translate('forgot.sent', undefined, requestLanguage(request)),
      };
    },
  );

  app.post(
    '/v1/reset-password',
    {
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with a reset link; ends every session of the account',
        body: ResetPasswordSchema,
        response: { 200: MessageResponseSchema, 400: ErrorResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      await auth.resetPassword(app.services, request.body);
      reply.clearSessionCookie();
      return {
        status: 'success' as const,
        message: translate('reset.success', undefined, requestLanguage(request)),
      };
    },
  );
};
