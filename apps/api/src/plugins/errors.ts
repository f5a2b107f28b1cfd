import { type MessageKey, messagesEn } from '@ngso/shared/messages/en';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error.ts';
import { isDatabaseUnavailable } from '../lib/database-errors.ts';
import { requestLanguage } from '../lib/language.ts';
import { translate } from '../lib/messages.ts';

/** The success envelope with a sentence for the user, in their language (api.md). */
export function successMessage(request: FastifyRequest, key: MessageKey) {
  return { status: 'success' as const, message: translate(key, undefined, requestLanguage(request)) };
}

function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  key: string,
  extra: { errors?: Record<string, string[]>; params?: Record<string, unknown> } = {},
) {
  const lng = requestLanguage(request);
  const body: Record<string, unknown> = { status: 'error', message: translate(key, extra.params, lng) };
  if (extra.errors) body.errors = extra.errors;
  return reply.status(status).type('application/json; charset=utf-8').send(body);
}

/** Seconds a client waits before trying again when the database is unavailable. */
const RETRY_AFTER_SECONDS = '5';

const isKnownKey = (text: string): text is MessageKey => Object.hasOwn(messagesEn, text);

/** One error shape for every failure (api.md): validation, not found, limits, and faults. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const lng = requestLanguage(request);
    if (error instanceof AppError) {
      const { fieldErrors, params, headers, details } = error.options;
      if (headers) reply.headers(headers);
      const translated = fieldErrors
        ? Object.fromEntries(
            Object.entries(fieldErrors).map(([field, keys]) => [
              field,
              keys.map((key) => translate(key, params, lng)),
            ]),
          )
        : undefined;
      const errors = translated || details ? { ...details, ...translated } : undefined;
      return sendError(request, reply, error.statusCode, error.messageKey, { errors, params });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string[]> = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.split('/').filter(Boolean).join('.') || '_';
        const key = issue.message && isKnownKey(issue.message) ? issue.message : 'request.invalid';
        const text = translate(key, undefined, lng);
        const list = errors[field] ?? [];
        if (!list.includes(text)) list.push(text);
        errors[field] = list;
      }
      return sendError(request, reply, 422, 'validation.failed', { errors });
    }
    const status = error.statusCode ?? 500;
    if (status === 413) return sendError(request, reply, 413, 'request.tooLarge');
    if (status === 415) return sendError(request, reply, 415, 'request.unsupportedType');
    if (status === 429) return sendError(request, reply, 429, 'rateLimited', { params: { minutes: 1 } });
    if (status >= 400 && status < 500) return sendError(request, reply, status, 'request.invalid');
    if (isDatabaseUnavailable(error)) {
      // The database is restarting or unreachable: the same request succeeds once it is back.
      request.log.warn({ err: error }, 'database unavailable');
      reply.header('Retry-After', RETRY_AFTER_SECONDS);
      return sendError(request, reply, 503, 'server.unavailable');
    }
    request.log.error({ err: error }, 'request failed');
    return sendError(request, reply, 500, 'server.error');
  });
});

/** The API's own 404: the envelope, never the web app's page. */
export const apiNotFound = (request: FastifyRequest, reply: FastifyReply) =>
  sendError(request, reply, 404, 'notFound');
