import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MediaError } from '../../../lib/media/media-error.ts';
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

describe('the message of a failed console upload', () => {
  it("is the server's sentence the upload carried, else the general one", () => {
    const { result } = renderHook(() => useActionError());
    const refused = new MediaError('http', { status: 413, serverMessage: 'The file is larger than 15 MB.' });
    expect(result.current(refused)).toBe('The file is larger than 15 MB.');
    expect(result.current(new MediaError('network'))).toBe('That did not work. Please try again.');
  });
});
