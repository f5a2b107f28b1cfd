import { DrizzleQueryError } from 'drizzle-orm/errors';
import { stdSerializers } from 'pino';

/**
 * Failures that mean "the database cannot be reached right now" (restart, failover, network, too many
 * connections), as opposed to a fault in a query. Requests that meet one answer 503 with Retry-After, and
 * the same request succeeds once the database is back, without restarting the server.
 */

/** SQLSTATE classes and codes (PostgreSQL appendix A) and socket errors. */
const UNAVAILABLE_CODES = new Set([
  '57P01', // admin_shutdown: the server is shutting down (pg_ctl stop, a failover)
  '57P02', // crash_shutdown: another backend crashed, every connection is reset
  '57P03', // cannot_connect_now: the server is starting up or shutting down
  '53300', // too_many_connections
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/** node-postgres reports a connection that went away by message alone, without a code. */
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/, // "Connection terminated unexpectedly", "... due to connection timeout"
  /not queryable/, // "Client has encountered a connection error and is not queryable"
  /^timeout exceeded when trying to connect$/, // pg-pool's connectionTimeoutMillis
  /^Client was closed/,
];

function isUnavailableOne(error: { code?: unknown; message?: unknown }): boolean {
  const code = typeof error.code === 'string' ? error.code : undefined;
  // Class 08: connection exception (08000, 08003, 08006, 08001, 08004, 08P01 ...).
  if (code && (UNAVAILABLE_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
  const message = typeof error.message === 'string' ? error.message : '';
  return UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message));
}

/** True when the error, or one it wraps (Drizzle wraps driver errors as `cause`), is a lost database. */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    if (isUnavailableOne(current as { code?: unknown; message?: unknown })) return true;
    // A host name with several addresses fails with one error per address.
    if (current instanceof AggregateError && current.errors.some(isDatabaseUnavailable)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

export type DatabaseErrorSummary = {
  type: 'DatabaseError';
  message: string;
  /** The call stack's frames only: its first line would repeat the message with the parameters. */
  stack: string;
  code?: string;
  constraint?: string;
};

/**
 * What a log may keep of a failed query: the driver's code (SQLSTATE or socket error) and the constraint.
 * Never a message: Drizzle's carries the query's bound parameters (password hashes, e-mails, phone numbers)
 * and PostgreSQL's detail the offending values. Undefined when no database error is in the cause chain.
 */
export function databaseErrorSummary(error: unknown): DatabaseErrorSummary | undefined {
  let fromDatabase = false;
  const summary: DatabaseErrorSummary = {
    type: 'DatabaseError',
    message: 'a database query failed',
    stack:
      error instanceof Error
        ? (error.stack ?? '')
            .split('\n')
            .filter((line) => /^\s+at /.test(line))
            .join('\n')
        : '',
  };
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const fields = current as { code?: unknown; constraint?: unknown; severity?: unknown; cause?: unknown };
    // node-postgres and PGlite errors carry the server's severity; Drizzle wraps them with the query.
    if (current instanceof DrizzleQueryError || typeof fields.severity === 'string') fromDatabase = true;
    if (summary.code === undefined && typeof fields.code === 'string') summary.code = fields.code;
    if (summary.constraint === undefined && typeof fields.constraint === 'string') {
      summary.constraint = fields.constraint;
    }
    current = fields.cause;
  }
  return fromDatabase ? summary : undefined;
}

/** The log's `err` serializer: pino's, but a failed query is reduced to its code and constraint. */
export const serializeLoggedError = (error: unknown) =>
  databaseErrorSummary(error) ?? stdSerializers.err(error as Error);
