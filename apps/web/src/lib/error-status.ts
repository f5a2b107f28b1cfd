/** The HTTP status of a failed call, when there was one. */
export function errorStatus(error: unknown): number | undefined {
  if (typeof error === 'object' && error !== null && 'status' in error && typeof error.status === 'number') {
    return error.status;
  }
  return undefined;
}

/**
 * Whether a failed call failed for want of a connection: no HTTP answer at all (RTK Query's FETCH_ERROR,
 * or TIMEOUT_ERROR when it gave up waiting). The exam pages then fall back on what the device kept
 * (docs/decisions/060-offline-exam-pages.md); an answer of the server (403, 404...) is always acted on.
 */
export function isUnreachable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('status' in error)) return false;
  return error.status === 'FETCH_ERROR' || error.status === 'TIMEOUT_ERROR';
}
