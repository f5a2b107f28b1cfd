/**
 * RTK Query's `endpoint.matchPending`, `matchFulfilled` and `matchRejected` without the API's code. The
 * slices are in the first chunk and react to a few endpoints; the API (RTK Query and every endpoint) is
 * loaded with the first page or session that calls it (docs/decisions/013-first-load.md). So the
 * slices match the API's actions by type and endpoint name, and take the endpoint only as a type.
 * endpoint-matchers.test.ts checks that they agree with RTK Query's own.
 */

type Guard<A> = (action: unknown) => action is A;
type Status = 'pending' | 'fulfilled' | 'rejected';

/** The API's request actions: `api/executeQuery/fulfilled`, `api/executeMutation/pending`, … */
const REQUEST_ACTION = /^api\/execute(?:Query|Mutation)\/(?:pending|fulfilled|rejected)$/;

type RequestAction = {
  type?: unknown;
  meta?: { requestStatus?: unknown; arg?: { endpointName?: unknown } };
};

function matches(endpointName: string, status: Status) {
  return (action: unknown): boolean => {
    if (typeof action !== 'object' || action === null) return false;
    const { type, meta } = action as RequestAction;
    return (
      typeof type === 'string' &&
      REQUEST_ACTION.test(type) &&
      meta?.requestStatus === status &&
      meta.arg?.endpointName === endpointName
    );
  };
}

/** An endpoint's three matchers, typed like RTK Query's (`Endpoint` is `typeof someApi.endpoints.x`). */
export function endpointMatchers<
  Endpoint extends {
    matchPending: Guard<unknown>;
    matchFulfilled: Guard<unknown>;
    matchRejected: Guard<unknown>;
  },
>(
  endpointName: string,
): {
  pending: Endpoint['matchPending'];
  fulfilled: Endpoint['matchFulfilled'];
  rejected: Endpoint['matchRejected'];
} {
  return {
    pending: matches(endpointName, 'pending') as Endpoint['matchPending'],
    fulfilled: matches(endpointName, 'fulfilled') as Endpoint['matchFulfilled'],
    rejected: matches(endpointName, 'rejected') as Endpoint['matchRejected'],
  };
}
