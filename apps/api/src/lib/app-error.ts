import type { MessageKey } from '@ngso/shared/messages/en';

/**
 * An error a user can act on. Services throw it; the error handler renders it as the
 * envelope of api.md, with the message translated into the user's language.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly messageKey: MessageKey,
    readonly fieldErrors?: Record<string, MessageKey[]>,
    readonly params?: Record<string, string | number>,
    readonly headers?: Record<string, string>,
  ) {
    super(messageKey);
  }
}

export const unauthorized = () => new AppError(401, 'auth.required');
export const forbidden = () => new AppError(403, 'auth.forbidden');
export const notFound = () => new AppError(404, 'notFound');
