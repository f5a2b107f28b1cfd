import { describe, expect, it } from 'vitest';
import { passwordConfirmation } from './password-confirmation.ts';

describe('passwordConfirmation', () => {
  it('says nothing before the confirmation is typed, or when it matches', () => {
    expect(passwordConfirmation('Secret-pass-1', '', undefined)).toEqual({
      mismatch: false,
      error: undefined,
    });
    expect(passwordConfirmation('Secret-pass-1', 'Secret-pass-1', undefined)).toEqual({
      mismatch: false,
      error: undefined,
    });
  });

  it('says the passwords do not match as soon as they differ', () => {
    expect(passwordConfirmation('Secret-pass-1', 'Secret', undefined)).toEqual({
      mismatch: true,
      error: 'Passwords do not match',
    });
  });

  it("puts the schema's message for the field first", () => {
    expect(passwordConfirmation('Secret-pass-1', '', 'required').error).toBe('This field is required.');
  });
});
