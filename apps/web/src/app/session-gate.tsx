import { type ReactNode, useEffect, useState } from 'react';
import { useSelector } from 'react-redux';
import { useGetCurrentUserQuery } from '../features/auth/api.ts';
import { selectIsAuthenticated } from '../features/auth/slice.ts';
import { useGetProfileQuery } from '../features/profile/api.ts';
import { useGetRegistrationStatusQuery } from '../features/registration/api.ts';
import { LoadingScreen } from './layout/loading-screen.tsx';

/**
 * The app start rules (spec section 2, decisions.md). While the persisted auth state says a user
 * is signed in, the current user, the profile and the registration status are loaded (once; after
 * a login too). A guest makes no call at all. At start the Loading screen stays until the user
 * check and the status have settled; a failure of the status is only logged, and a 401 on the
 * user ends the session quietly (lib/base-query.ts).
 */
export function SessionGate({ children }: { children: ReactNode }) {
  const isAuthenticated = useSelector(selectIsAuthenticated);
  const skip = !isAuthenticated;
  const user = useGetCurrentUserQuery(undefined, { skip });
  const status = useGetRegistrationStatusQuery(undefined, { skip });
  useGetProfileQuery(undefined, { skip });

  const settled = skip || (!user.isLoading && !status.isLoading);
  const [started, setStarted] = useState(settled);
  useEffect(() => {
    if (settled) setStarted(true);
  }, [settled]);

  if (!started && !settled) return <LoadingScreen />;
  return <>{children}</>;
}
