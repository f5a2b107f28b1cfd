import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PasswordStrengthMeter } from './password-strength.tsx';

describe('PasswordStrengthMeter', () => {
  it.each([
    ['abc', 0, 'Very Weak', 'bg-red-500'],
    ['abcdefgh', 1, 'Weak', 'bg-orange-500'],
    ['Abcdefgh', 2, 'Medium', 'bg-yellow-400'],
    ['Abcdefg1', 3, 'Strong', 'bg-green-500'],
    ['Abcdef1!', 4, 'Very Strong', 'bg-emerald-500'],
  ])('rates %s as score %i, %s', (password, score, label, colour) => {
    const { container } = render(<PasswordStrengthMeter password={password} />);
    expect(screen.getByTestId('password-strength')).toHaveTextContent(`Password strength: ${label}`);
    expect(container.querySelector('[data-score]')).toHaveAttribute('data-score', String(score));
    expect(screen.getAllByTestId('strength-segment')[0]).toHaveClass(colour);
  });

  it('shows nothing before anything is typed', () => {
    const { container } = render(<PasswordStrengthMeter password="" />);
    expect(container).toBeEmptyDOMElement();
  });
});
