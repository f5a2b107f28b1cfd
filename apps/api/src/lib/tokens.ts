import { hash, randomBytes } from 'node:crypto';

/** A 256-bit random token, URL-safe. */
export const newToken = () => randomBytes(32).toString('base64url');

/**
 * Tokens are stored only as their SHA-256: a leaked table gives no working token. Every signed-in call
 * hashes its cookie: the one-shot `hash` is a third of the time of `createHash().update().digest()`.
 */
export const hashToken = (token: string) => hash('sha256', token, 'hex');
