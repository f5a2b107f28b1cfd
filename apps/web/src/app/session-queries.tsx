import { useLayoutEffect } from 'react';
import { useSelector } from 'react-redux';
import { useGetCurrentUserQuery } from '../features/auth/api.ts';
import { selectAuth } from '../features/auth/slice.ts';
import { useGetProfileQuery } from '../features/profile/api.ts';
import { useGetRegistrationStatusQuery } from '../features/registration/api.ts';

/**
 * The signed-in session's start calls (session-gate.tsx): the current user, the profile and the
 * registration status. A chunk of its own with the API, loaded only when somebody is signed in.
 * Reports when the user check and the status have settled. From the moment a logout starts they are
 * never asked again (an invalidation or the cache's reset would otherwise send them without a session).
 */
export default function SessionQueries({ onSettled }: { onSettled: (settled: boolean) => void }) {
  const { loggingOut } = useSelector(selectAuth);
  const options = { skip: loggingOut };
  const user = useGetCurrentUserQuery(undefined, options);
  const status = useGetRegistrationStatusQuery(undefined, options);
  useGetProfileQuery(undefined, options);
  const settled = !user.isLoading && !status.isLoading;
  // In the same commit as the results, as when these calls lived in SessionGate itself: the page behind
  // the Loading screen mounts at once, before anything else can happen.
  useLayoutEffect(() => onSettled(settled), [settled, onSettled]);
  return null;
}
