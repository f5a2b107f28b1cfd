import { readFileSync } from 'node:fs';
import type { MessageKey } from '@ngso/shared/messages/en';
import { NewPasswordSchema } from '@ngso/shared/schemas/auth';

/*
 * The rules of a new password, written once: its length (the shared NewPasswordSchema), the most common
 * passwords, and the site's or the user's own words. Every account's (the auth module), and the operator's
 * admin (ADMIN_PASSWORD in config.ts, `npm run admin:create`), so this file imports nothing of the server's.
 */

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

/**
 * Why a new password is refused (too short or too long, among the most common ones, or made of the site's or
 * the user's own words), as the message's key, if it is.
 */
export function newPasswordProblem(
  password: string,
  personal: { name?: string; email?: string } = {},
): MessageKey | undefined {
  const length = NewPasswordSchema.safeParse(password);
  if (!length.success) return length.error.issues[0]?.message as MessageKey;
  if (isCommonPassword(password)) return 'password.common';
  if (isContextPassword(password, personal)) return 'password.context';
  return undefined;
}
