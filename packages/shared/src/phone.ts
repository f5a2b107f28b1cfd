/**
 * Bangladeshi mobile numbers: 01[3-9] and 8 more digits, optionally prefixed with +88 or 88.
 * Spaces and dashes are allowed while typing. Stored normalised as the 11-digit local form.
 */
const MOBILE = /^(?:\+?88)?(01[3-9]\d{8})$/;

export function normalisePhone(input: string): string | null {
  const compact = input.replace(/[\s-]/g, '');
  const match = MOBILE.exec(compact);
  return match?.[1] ?? null;
}

export function isValidPhone(input: string): boolean {
  return normalisePhone(input) !== null;
}
