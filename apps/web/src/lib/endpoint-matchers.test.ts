import { describe, expect, it } from 'vitest';
import { authApi } from '../features/auth/api.ts';
import { profileApi } from '../features/profile/api.ts';
import { registrationApi } from '../features/registration/api.ts';
import { endpointMatchers } from './endpoint-matchers.ts';

/** The actions RTK Query dispatches for a request, as its thunks make them. */
function requestActions(kind: 'Query' | 'Mutation', endpointName: string) {
  const meta = (requestStatus: string) => ({
    requestId: 'r1',
    requestStatus,
    arg: { endpointName, originalArgs: undefined, type: kind.toLowerCase() },
  });
  return {
    pending: { type: `api/execute${kind}/pending`, payload: undefined, meta: meta('pending') },
    fulfilled: { type: `api/execute${kind}/fulfilled`, payload: {}, meta: meta('fulfilled') },
    rejected: {
      type: `api/execute${kind}/rejected`,
      payload: { status: 401 },
      error: { message: 'Rejected' },
      meta: { ...meta('rejected'), rejectedWithValue: true, condition: false },
    },
  };
}

describe('endpoint matchers without the API', () => {
  const cases = [
    ['Query', 'getCurrentUser', authApi.endpoints.getCurrentUser],
    ['Mutation', 'login', authApi.endpoints.login],
    ['Mutation', 'register', authApi.endpoints.register],
    ['Mutation', 'logout', authApi.endpoints.logout],
    ['Query', 'getProfile', profileApi.endpoints.getProfile],
    ['Mutation', 'updateProfile', profileApi.endpoints.updateProfile],
    ['Query', 'getRegistrationStatus', registrationApi.endpoints.getRegistrationStatus],
    ['Mutation', 'submitRegistration', registrationApi.endpoints.submitRegistration],
  ] as const;

  for (const [kind, name, endpoint] of cases) {
    it(`agrees with RTK Query on ${name}`, () => {
      const ours = endpointMatchers<typeof endpoint>(name);
      const theirs = {
        pending: endpoint.matchPending,
        fulfilled: endpoint.matchFulfilled,
        rejected: endpoint.matchRejected,
      };
      const own = requestActions(kind, name);
      const other = requestActions(kind, name === 'login' ? 'register' : 'login');
      const unrelated = { type: 'auth/setLoggingOut', payload: true };
      for (const status of ['pending', 'fulfilled', 'rejected'] as const) {
        for (const action of [...Object.values(own), ...Object.values(other), unrelated, null]) {
          expect(ours[status](action), `${status} of ${JSON.stringify(action)}`).toBe(theirs[status](action));
        }
        expect(ours[status](own[status])).toBe(true);
      }
    });
  }
});
