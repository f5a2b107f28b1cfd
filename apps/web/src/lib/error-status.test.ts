import { describe, expect, it } from 'vitest';
import { isUnreachable } from './error-status.ts';

describe('isUnreachable', () => {
  it('falls back on the device only when the server could not be reached', () => {
    expect(isUnreachable({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' })).toBe(true);
    expect(isUnreachable({ status: 'TIMEOUT_ERROR', error: 'timed out' })).toBe(true);
    expect(isUnreachable({ status: 403, data: {} })).toBe(false);
    expect(isUnreachable(undefined)).toBe(false);
  });
});
