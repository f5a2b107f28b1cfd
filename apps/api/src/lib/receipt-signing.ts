import { createHash, createPublicKey, type KeyObject, sign, verify } from 'node:crypto';
import { type ReceiptPayload, ReceiptPayloadSchema } from '@ngso/shared/schemas/receipts';

/**
 * Signed receipts for photo commitments (docs/decisions/062-signed-receipts.md): a receipt is
 * `v1.<payload>.<signature>`, the payload the canonical JSON of what it says, both base64url, the signature
 * Ed25519 over the ASCII of `v1.<payload>`. Everything here is pure: the keys come from receipt-keys.ts.
 */
const VERSION = 'v1';

/** A key that verifies receipts, named by its id (the first 16 hex digits of the SHA-256 of its SPKI). */
export type ReceiptVerifyingKey = { id: string; publicKey: KeyObject };
export type ReceiptSigningKey = ReceiptVerifyingKey & { privateKey: KeyObject };

export const keyIdOf = (publicKey: KeyObject) =>
  createHash('sha256')
    .update(publicKey.export({ type: 'spki', format: 'der' }))
    .digest('hex')
    .slice(0, 16);

export function signingKeyOf(privateKey: KeyObject): ReceiptSigningKey {
  const publicKey = createPublicKey(privateKey);
  return { id: keyIdOf(publicKey), publicKey, privateKey };
}

/** What a receipt says, without the key's id (the signer adds its own). */
export type ReceiptFacts = Omit<ReceiptPayload, 'k'>;

/**
 * The payload's bytes: the keys always in the schema's order, so that the same facts always give the same
 * receipt (the server gives a receipt again on any later read, from what it stored).
 */
function canonicalPayload(payload: ReceiptPayload) {
  const ordered: ReceiptPayload = {
    k: payload.k,
    c: payload.c,
    r: payload.r,
    n: payload.n,
    q: payload.q,
    h: payload.h,
    s: payload.s,
    t: payload.t,
  };
  return Buffer.from(JSON.stringify(ordered)).toString('base64url');
}

export function signReceipt(key: ReceiptSigningKey, facts: ReceiptFacts): string {
  const signed = `${VERSION}.${canonicalPayload({ k: key.id, ...facts })}`;
  return `${signed}.${sign(null, Buffer.from(signed), key.privateKey).toString('base64url')}`;
}

/** Why a receipt is refused: not a receipt at all, or one whose signature does not hold. */
export type ReceiptRefusal = 'invalid' | 'notGenuine';
export type ReceiptCheck =
  | { ok: true; payload: ReceiptPayload; code: string }
  | { ok: false; why: ReceiptRefusal };

const BASE64URL = /^[A-Za-z0-9_-]+$/;

/**
 * Checks a receipt against the keys that may have signed it (the current one and any retired ones): a
 * receipt is genuine only if its key is one of them, the signature holds over exactly the bytes received,
 * and those bytes are the canonical encoding of a well-formed payload.
 */
export function verifyReceipt(keys: readonly ReceiptVerifyingKey[], receipt: string): ReceiptCheck {
  const parts = receipt.split('.');
  const [version, body, signature] = parts;
  if (parts.length !== 3 || version !== VERSION || !body || !signature) return { ok: false, why: 'invalid' };
  if (!BASE64URL.test(body) || !BASE64URL.test(signature)) return { ok: false, why: 'invalid' };
  let payload: ReceiptPayload;
  try {
    const parsed = ReceiptPayloadSchema.safeParse(
      JSON.parse(Buffer.from(body, 'base64url').toString('utf8')),
    );
    if (!parsed.success) return { ok: false, why: 'invalid' };
    payload = parsed.data;
  } catch {
    return { ok: false, why: 'invalid' };
  }
  const key = keys.find((candidate) => candidate.id === payload.k);
  if (!key) return { ok: false, why: 'notGenuine' };
  const signatureBytes = Buffer.from(signature, 'base64url');
  const holds =
    signatureBytes.length === 64 &&
    canonicalPayload(payload) === body &&
    verify(null, Buffer.from(`${version}.${body}`), key.publicKey, signatureBytes);
  return holds ? { ok: true, payload, code: receiptCode(receipt) } : { ok: false, why: 'notGenuine' };
}

/** Crockford's base32: no I, L, O or U, so that a code read aloud or copied by hand is not misread. */
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * The short code a student sees beside a photo: 8 characters of the receipt's signature (40 bits), as
 * `XXXX-XXXX`. It names a receipt among the student's own; the whole receipt is the proof.
 */
export function receiptCode(receipt: string): string {
  const signature = Buffer.from(receipt.slice(receipt.lastIndexOf('.') + 1), 'base64url');
  let bits = 0;
  let value = 0;
  let code = '';
  for (const byte of signature.subarray(0, 5)) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      code += CROCKFORD[(value >> bits) & 31];
    }
  }
  return `${code.slice(0, 4)}-${code.slice(4, 8)}`;
}
