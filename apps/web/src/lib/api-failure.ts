/**
 * A call that failed, read once the API's code is loaded (lib/deferred-mutation.ts): the server's sentence,
 * its field errors and the status. It loads nothing itself, so a form that only shows these stays light
 * until it is sent (docs/decisions/069-script-budget-per-route.md).
 */
export class ApiFailure extends Error {
  constructor(
    /** The server's sentence for the user, if it sent one. */
    readonly serverMessage: string | undefined,
    /** The first message for each field the server named. */
    readonly fieldErrors: Readonly<Record<string, string>>,
    /** The HTTP status, when there was an answer. */
    readonly status: number | undefined,
    options?: { cause?: unknown },
  ) {
    super(serverMessage ?? 'The call failed', options);
    this.name = 'ApiFailure';
  }
}

/** The server's sentence in a failure of a deferred call (nothing for anything else). */
export const failureMessage = (failure: unknown): string | undefined =>
  failure instanceof ApiFailure ? failure.serverMessage : undefined;

/** The server's field errors in a failure of a deferred call (none for anything else). */
export const failureFieldErrors = (failure: unknown): Readonly<Record<string, string>> =>
  failure instanceof ApiFailure ? failure.fieldErrors : {};
