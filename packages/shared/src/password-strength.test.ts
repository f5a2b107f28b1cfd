import { describe, expect, it } from 'vitest';
import { passwordStrength, STRENGTH_COLOURS } from './password-strength.ts';

describe('passwordStrength', () => {
  it.each([
    ['', 0, 'Very Weak'],
    ['abc', 0, 'Very Weak'],
    ['abcdefgh', 1, 'Weak'],
    ['Abc', 1, 'Weak'],
    ['Abcdefgh', 2, 'Medium'],
    ['Abcdefg1', 3, 'Strong'],
    ['Abcdef1!', 4, 'Very Strong'],
    ['a1!', 2, 'Medium'],
  ])('scores %j as %i (%s)', (password, score, label) => {
    expect(passwordStrength(password)).toEqual({ score, label });
  });

  it('has the spec colours in order', () => {
    expect(STRENGTH_COLOURS).toEqual(['red', 'orange', 'yellow', 'green', 'emerald']);
  });
});
