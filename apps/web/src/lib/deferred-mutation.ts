import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { useCallback, useState } from 'react';
import { useDispatch, useStore } from 'react-redux';
import { ApiFailure } from './api-failure.ts';
import type { ThunkCapableDispatch } from './dispatch.ts';
import { storeInPlace } from './live-store.ts';

/** A mutation endpoint of the API (`someApi.endpoints.name`), as far as this hook uses it. */
export type DeferredEndpoint<Arg, Result> = {
  initiate(
    arg: Arg,
  ): ThunkAction<{ unwrap(): Promise<Result>; reset(): void }, unknown, unknown, UnknownAction>;
};

/**
 * A mutation whose code (RTK Query, the API's endpoints, the reading of its errors) is loaded when it is
 * first called, not with the page: a sign-in page shows its form without the API client
 * (docs/decisions/069-script-budget-per-route.md). `load` imports the endpoint. The call resolves with the
 * result or rejects with an ApiFailure (lib/api-failure.ts), read by `failureMessage` and `failureFieldErrors`.
 */
export function useDeferredMutation<Arg, Result>(
  load: () => Promise<DeferredEndpoint<Arg, Result>>,
): readonly [(arg: Arg) => Promise<Result>, { isLoading: boolean }] {
  const dispatch = useDispatch<ThunkCapableDispatch>();
  const store = useStore();
  const [isLoading, setLoading] = useState(false);
  const trigger = useCallback(
    async (arg: Arg) => {
      setLoading(true);
      try {
        // The real store too, when the page started without it (lib/live-store.ts).
        const [endpoint] = await Promise.all([load(), storeInPlace(store)]);
        const started = dispatch(endpoint.initiate(arg));
        try {
          return await started.unwrap();
        } catch (error) {
          const { errorStatus, serverFieldErrors, serverMessage } = await import('./api-error.ts');
          throw new ApiFailure(serverMessage(error), serverFieldErrors(error), errorStatus(error), {
            cause: error,
          });
        } finally {
          // The result was handed over: nothing reads it from the store (the hook of RTK Query drops it
          // when its component unmounts).
          started.reset();
        }
      } finally {
        setLoading(false);
      }
    },
    [dispatch, store, load],
  );
  return [trigger, { isLoading }] as const;
}
