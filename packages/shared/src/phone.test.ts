import { describe, expect, it } from 'vitest';
import { normalisePhone } from './phone.ts';

describe('normalisePhone', () => {
  it.each([
    ['01712345678', '01712345678'],
    ['+8801712345678', '01712345678'],
    ['8801912345678', '01912345678'],
    ['017-1234 5678', '01712345678'],
    ['01312345678', '01312345678'],
  ])('accepts %s as %s', (input, expected) => {
    expect(normalisePhone(input)).toBe(expected);
  });

  it.each(['01212345678', '0171234567', '017123456789', '+1 555 0100', '', 'abc', '+8901712345678'])(
    'refuses %j',
    (input) => {
      expect(normalisePhone(input)).toBeNull();
    },
  );
});
