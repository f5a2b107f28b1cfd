import { readFileSync } from 'node:fs';
import { AppError } from '../../lib/app-error.ts';

/**
 * The 3,000 most common passwords that the length rule lets through (OWASP ASVS 5.0 V6.2.4).
 * common-passwords.txt names its source; scripts/generate-common-passwords.mjs writes it. The list
 * stays on the server: the web app only shows the server's field error.
 */
const FILE = new URL('./common-passwords.txt', import.meta.url);

let list: ReadonlySet<string> | undefined;

/** The list, read once on first use. */
export function commonPasswords(): ReadonlySet<string> {
  list ??= new Set(
    readFileSync(FILE, 'utf8')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '' && !line.startsWith('#')),
  );
  return list;
}

/** Case-insensitive: 'PassWord1' is guessed as soon as 'password1' is. */
export const isCommonPassword = (password: string) => commonPasswords().has(password.toLowerCase());

/**
 * Words of this site's context (OWASP ASVS 5.0 V6.1.2 and V6.2.11): the first words an attacker tries here.
 * A password made of one of them, or of the user's own name or e-mail name, with only digits and symbols
 * around it ('Olympiad2025!', 'ayesha@2009'), is refused. Longer passwords that merely contain one are fine.
 */
export const CONTEXT_WORDS = [
  'ngso',
  'olympiad',
  'science',
  'scienceolympiad',
  'generalscience',
  'generalscienceolympiad',
  'nationalgeneralscienceolympiad',
  'bangladesh',
  'dhaka',
] as const;

/** The letters of a text, lower-cased ('Olympiad-2025!' → 'olympiad'). */
const lettersOf = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{M}]/gu, '');

/** True when the password is a context word, or the user's name or e-mail name, padded with digits or symbols. */
export function isContextPassword(password: string, personal: { name?: string; email?: string } = {}) {
  const core = lettersOf(password);
  if (core === '') return false;
  const words = new Set<string>(CONTEXT_WORDS);
  const texts = [personal.name, personal.email?.split('@')[0]].filter((text) => text !== undefined);
  for (const text of texts) {
    words.add(lettersOf(text));
    for (const part of text.split(/[^\p{L}\p{M}\p{N}]+/u)) {
      if (lettersOf(part).length >= 3) words.add(lettersOf(part));
    }
  }
  words.delete('');
  return words.has(core);
}

/** Why a new password is refused (among the most common ones, or made of the site's or the user's own words), if it is. */
export function newPasswordProblem(
  password: string,
  personal: { name?: string; email?: string } = {},
): 'password.common' | 'password.context' | undefined {
  if (isCommonPassword(password)) return 'password.common';
  if (isContextPassword(password, personal)) return 'password.context';
  return undefined;
}

/**
 * Refuses a new password that is among the most common ones, or made of the site's or the user's own words,
 * with 422 and a field error on `password`.
 */
export function assertAcceptablePassword(password: string, personal: { name?: string; email?: string } = {}) {
  const problem = newPasswordProblem(password, personal);
  if (problem) throw new AppError(422, 'validation.failed', { fieldErrors: { password: [problem] } });
}
