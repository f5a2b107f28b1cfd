import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useActionError } from './action-error.ts';

describe('the message of a failed console action', () => {
  it("is the server's own sentence when it gave one", () => {
    const { result } = renderHook(() => useActionError());
    const refusal = {
      status: 409,
      data: { status: 'error', message: 'This registration is already approved.' },
    };
    expect(result.current(refusal)).toBe('This registration is already approved.');
  });

  it("is the console's general sentence otherwise", () => {
    const { result } = renderHook(() => useActionError());
    expect(result.current({ status: 'FETCH_ERROR', error: 'offline' })).toBe(
      'That did not work. Please try again.',
    );
    expect(result.current(new Error('bug'))).toBe('That did not work. Please try again.');
  });
});
