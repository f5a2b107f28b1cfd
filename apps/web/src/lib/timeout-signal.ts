/**
 * A signal that aborts a request after `ms`, so a call that hangs on a dead mobile link fails and is tried
 * again later; none on a browser without `AbortSignal.timeout`.
 */
export function timeoutSignal(ms: number): AbortSignal | undefined {
  return typeof AbortSignal.timeout === 'function' ? AbortSignal.timeout(ms) : undefined;
}
