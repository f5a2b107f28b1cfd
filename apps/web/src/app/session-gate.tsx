import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { useSelector } from 'react-redux';
import { selectIsAuthenticated } from '../features/auth/auth-state.ts';
import { LoadingScreen } from './layout/loading-screen.tsx';

/** The session's calls, with the API: a guest never downloads them (docs/decisions/013-first-load.md). */
const SessionQueries = lazy(() => import('./session-queries.tsx'));

/**
 * The app start rules (spec section 2, decisions.md). While the persisted auth state says a user
 * is signed in, the current user, the profile and the registration status are loaded (once; after
 * a login too). A guest makes no call at all. At start the Loading screen stays until the user
 * check and the status have settled; a failure of the status is only logged, and a 401 on the
 * user ends the session quietly (lib/base-query.ts).
 */
export function SessionGate({ children }: { children: ReactNode }) {
  const isAuthenticated = useSelector(selectIsAuthenticated);
  const [queriesSettled, setQueriesSettled] = useState(false);
  const settled = !isAuthenticated || queriesSettled;
  const [started, setStarted] = useState(settled);
  useEffect(() => {
    if (settled) setStarted(true);
  }, [settled]);

  return (
    <>
      {isAuthenticated ? (
        <Suspense fallback={null}>
          <SessionQueries onSettled={setQueriesSettled} />
        </Suspense>
      ) : null}
      {!started && !settled ? <LoadingScreen /> : children}
    </>
  );
}
