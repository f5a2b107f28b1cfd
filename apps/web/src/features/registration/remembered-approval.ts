import type { AuthState } from '../auth/slice.ts';
import type { RegistrationState } from './slice.ts';

/**
 * Whether this device saw the signed-in student's registration approved. On exam day the status call can
 * fail (a slow link, a busy server); the profile then still offers the exam to a student it knew to be
 * approved, instead of hiding it. Kept for one account only (the one signed in) and forgotten at sign-out
 * or when the server says the registration is no longer approved. Storage that is unavailable or full
 * (private modes, old WebViews) simply remembers nothing.
 */
export const APPROVAL_KEY = 'ngso:approved-user';

function attempt<T>(action: () => T, fallback: T): T {
  try {
    return action();
  } catch {
    return fallback;
  }
}

const readApprovedUser = () => attempt(() => window.localStorage.getItem(APPROVAL_KEY), null);

function writeApprovedUser(userId: string | null) {
  attempt(() => {
    if (userId === null) window.localStorage.removeItem(APPROVAL_KEY);
    else window.localStorage.setItem(APPROVAL_KEY, userId);
  }, undefined);
}

/** Did this device see `userId`'s registration approved? */
export function wasApproved(userId: string | null | undefined): boolean {
  return !!userId && readApprovedUser() === userId;
}

/**
 * The approved user this state proves (a user id), none (null), or nothing known yet (undefined: the
 * status has not been read, so what the device remembers stands).
 */
function approvedUserOf(auth: AuthState, registration: RegistrationState): string | null | undefined {
  if (!auth.isAuthenticated || !auth.user) return null;
  if (!registration.registrationStatusInitialized) return undefined;
  return registration.registrationStatus === 'approved' ? auth.user.id : null;
}

/** Keeps the remembered approval in step with the store: written when the status is known, cleared at sign-out. */
export function rememberApprovals(store: {
  getState: () => { auth: AuthState; registration: RegistrationState };
  subscribe: (listener: () => void) => () => void;
}): () => void {
  let saved = readApprovedUser();
  const sync = () => {
    const { auth, registration } = store.getState();
    const approved = approvedUserOf(auth, registration);
    if (approved === undefined || approved === saved) return;
    saved = approved;
    writeApprovedUser(approved);
  };
  sync();
  return store.subscribe(sync);
}
