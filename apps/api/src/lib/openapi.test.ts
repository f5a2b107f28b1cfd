import { describe, expect, it } from 'vitest';
import { operationIdOf, requiresSession, securityOf, sessionRequired } from './openapi.ts';

describe('operationId', () => {
  it('is the method and the path after /api/v1 in camel case, a parameter as By<Name>', () => {
    expect(operationIdOf('PUT', '/api/v1/admin/users/:id/role')).toBe('putAdminUsersByIdRole');
    expect(operationIdOf('GET', '/api/v1/:competition/exam')).toBe('getByCompetitionExam');
    expect(operationIdOf('GET', '/api/v1/admin/registrations.csv')).toBe('getAdminRegistrationsCsv');
    expect(operationIdOf('POST', '/api/v1/sessions/end-others')).toBe('postSessionsEndOthers');
    expect(operationIdOf('GET', '/api/health')).toBe('getHealth');
  });
});

describe('security', () => {
  it('declares the session for guarded routes, the CSRF header for state changes, nothing for a public read', () => {
    expect(securityOf('GET', true)).toEqual([{ sessionCookie: [] }]);
    expect(securityOf('DELETE', true)).toEqual([{ sessionCookie: [], csrfHeader: [] }]);
    expect(securityOf('POST', false)).toEqual([{ csrfHeader: [] }]);
    expect(securityOf('GET', false)).toEqual([]);
  });

  it('finds a marked guard among a route hooks', () => {
    const guard = sessionRequired(async () => {});
    const other = async () => {};
    expect(requiresSession({ preValidation: guard })).toBe(true);
    expect(requiresSession({ preValidation: [other, guard] })).toBe(true);
    expect(requiresSession({ preValidation: other })).toBe(false);
    expect(requiresSession({})).toBe(false);
  });
});
