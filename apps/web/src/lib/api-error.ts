import { ErrorResponseSchema } from '@ngso/shared/schemas/common';

/**
 * Reads the API's error envelope (`{status:'error', message, errors?}`) from whatever RTK Query
 * or a thrown error gives. Anything else (network failure, an HTML error page) yields nothing,
 * so callers fall back to the spec's default sentence.
 */
function envelope(error: unknown) {
  if (typeof error !== 'object' || error === null || !('data' in error)) return undefined;
  const parsed = ErrorResponseSchema.safeParse(error.data);
  return parsed.success ? parsed.data : undefined;
}

/** The server's sentence for the user, if it sent one. */
export function serverMessage(error: unknown): string | undefined {
  const message = envelope(error)?.message.trim();
  return message ? message : undefined;
}

/** Field errors from the server: the first message for each field. */
export function serverFieldErrors(error: unknown): Record<string, string> {
  const errors = envelope(error)?.errors ?? {};
  const fields: Record<string, string> = {};
  for (const [field, messages] of Object.entries(errors)) {
    const first = messages[0];
    if (first) fields[field] = first;
  }
  return fields;
}

/** The HTTP status of a failed call (in a module of its own, which does not load zod). */
export { errorStatus } from './error-status.ts';
