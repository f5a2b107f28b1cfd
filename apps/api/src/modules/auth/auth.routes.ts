import { LANGUAGE_COOKIE, type Language } from '@ngso/shared/language';
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
import { LanguageResponseSchema, UpdateLanguageSchema } from '@ngso/shared/schemas/language';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { chosenLanguage, languageCookieOptions } from '../../lib/language.ts';
import { errorResponses } from '../../lib/route-schemas.ts';
import { successMessage } from '../../plugins/errors.ts';
import { accountRoutes } from './account.routes.ts';
import * as auth from './auth.service.ts';
import { deviceTokenOf, setDeviceCookie } from './device-cookie.ts';
import { emailVerificationRoutes } from './email-verification.routes.ts';
import { signedIn } from './session-plugin.ts';
import { endSession } from './sessions.ts';
import { staffInvitationRoutes } from './staff-invitations.routes.ts';
import { twoFactorRoutes } from './two-factor.routes.ts';

const errors = errorResponses(401, 403, 422);

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  // The signed-in user's password change and own sessions.
  await app.register(accountRoutes);
  await app.register(emailVerificationRoutes);
  await app.register(staffInvitationRoutes);
  await app.register(twoFactorRoutes);

  const client = (request: { ip: string; headers: { 'user-agent'?: string } }) => ({
    ip: request.ip,
    userAgent: request.headers['user-agent'],
  });
  const secure = app.config.BASE_URL.startsWith('https://');
  /** Keeps the language on this device for a year; readable by the web app (not HttpOnly). */
  const setLanguageCookie = (reply: FastifyReply, language: Language) =>
    reply.setCookie(LANGUAGE_COOKIE, language, languageCookieOptions(secure));

  app.put(
    '/v1/user/language',
    {
      schema: {
        tags: ['auth'],
        summary: "Save the signed-in user's language (interface, messages, mails, admit card)",
        body: UpdateLanguageSchema,
        response: { 200: LanguageResponseSchema, ...errors },
      },
      preValidation: app.requireUser,
    },
    async (request, reply) => {
      const user = await auth.setLanguage(app.services, signedIn(request).user, request.body.language);
      setLanguageCookie(reply, user.language);
      return { status: 'success' as const, language: user.language };
    },
  );

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
      // A visitor who chose a language before creating the account keeps it on the account.
      const { user, session } = await auth.register(
        app.services,
        request.body,
        client(request),
        chosenLanguage(request),
      );
      reply.setSessionCookie(session.token, session.expiresAt).status(201);
      return {
        ...successMessage(request, 'register.success'),
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
      const { user, session, device } = await auth.login(app.services, request.body, {
        ...client(request),
        deviceToken: deviceTokenOf(request, app.config.BASE_URL),
      });
      // A new token at every login: a session planted before login is never promoted.
      if (previous) await endSession(app.db, previous);
      reply.setSessionCookie(session.token, session.expiresAt);
      // This device proved a good login: its own back-off from now on (decision 010).
      setDeviceCookie(reply, app.config.BASE_URL, device);
      // The language: a choice made on this device (the cookie) is the latest and goes to the account;
      // a device with no choice takes the account's (the web app reads the cookie after signing in).
      // No cookie already means English, so none is set for an English account.
      const chosen = chosenLanguage(request);
      if (chosen) await auth.setLanguage(app.services, user, chosen);
      else if (user.language !== 'en') setLanguageCookie(reply, user.language);
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
      // The session cookie goes and the browser drops its cache of personal pages. Not `"cookies"`: that
      // would also delete the `lang` cookie, the device's language, and a Bangla reader on a shared phone
      // would be switched to English. Unsent exam answers stay in IndexedDB (no `"storage"` either).
      reply.clearSessionCookie().header('Clear-Site-Data', '"cache"');
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
    async (request, reply) => {
      const sendLink = await auth.requestPasswordReset(app.services, request.body.email, client(request));
      // After the answer has gone: a known address must not be answered later than an unknown one.
      reply.raw.once('finish', () =>
        setImmediate(() =>
          sendLink().catch((err) => request.log.error({ err }, 'could not queue a password reset link')),
        ),
      );
      return successMessage(request, 'forgot.sent');
    },
  );

  app.post(
    '/v1/reset-password',
    {
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with a reset link; ends every session of the account',
        body: ResetPasswordSchema,
        response: {
          200: MessageResponseSchema,
          400: ErrorResponseSchema,
          429: ErrorResponseSchema,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      await auth.resetPassword(app.services, request.body, client(request));
      reply.clearSessionCookie();
      return successMessage(request, 'reset.success');
    },
  );
};
