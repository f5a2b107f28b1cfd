import type { MessageKey } from '@ngso/shared/messages/en';

export type AppErrorOptions = {
  /** Per-field message keys, rendered in the user's language. */
  fieldErrors?: Record<string, MessageKey[]>;
  /** Values for the message's {{placeholders}}. */
  params?: Record<string, string | number>;
  headers?: Record<string, string>;
  /** Already-written detail lines (e.g. rows of an imported file), sent as they are under `errors`. */
  details?: Record<string, string[]>;
};

/**
 * An error a user can act on. Services throw it; the error handler renders it as the
 * envelope of api.md, with the message translated into the user's language.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly messageKey: MessageKey,
    readonly options: AppErrorOptions = {},
  ) {
    super(messageKey);
  }
}

export const unauthorized = () => new AppError(401, 'auth.required');
export const forbidden = () => new AppError(403, 'auth.forbidden');
export const notFound = () => new AppError(404, 'notFound');
