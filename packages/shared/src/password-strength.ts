/**
 * The spec's password strength rule: one point each for a length of 8 or more,
 * an uppercase letter, a digit and a non-alphanumeric character.
 */
export const STRENGTH_LABELS = ['Very Weak', 'Weak', 'Medium', 'Strong', 'Very Strong'] as const;
export type StrengthLabel = (typeof STRENGTH_LABELS)[number];

/** Bar colours for scores 0 to 4. */
export const STRENGTH_COLOURS = ['red', 'orange', 'yellow', 'green', 'emerald'] as const;

export type PasswordStrength = { score: 0 | 1 | 2 | 3 | 4; label: StrengthLabel };

export function passwordStrength(password: string): PasswordStrength {
  const points = [
    password.length >= 8,
    /[A-Z]/.test(password),
    /[0-9]/.test(password),
    /[^A-Za-z0-9]/.test(password),
  ].filter(Boolean).length as PasswordStrength['score'];
  return { score: points, label: STRENGTH_LABELS[points] };
}
