import { generateKeyPairSync, sign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  type ReceiptFacts,
  receiptCode,
  signingKeyOf,
  signReceipt,
  verifyReceipt,
} from './receipt-signing.ts';

const newKey = () => signingKeyOf(generateKeyPairSync('ed25519').privateKey);
const key = newKey();

const facts: ReceiptFacts = {
  c: 'ngso-1',
  r: 'J-0042',
  n: 3,
  q: '5b0e7c1a-7a4b-4f59-9d55-3c1f0c7a2b10',
  h: 'a'.repeat(64),
  s: 123_456,
  t: '2025-01-14T11:59:30.000Z',
};

/** The receipt with its payload decoded, changed and encoded again; the signature kept. */
function withPayload(receipt: string, change: (payload: Record<string, unknown>) => void) {
  const [version, body, signature] = receipt.split('.');
  const payload = JSON.parse(Buffer.from(body ?? '', 'base64url').toString());
  change(payload);
  return `${version}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.${signature}`;
}

describe('receipts of photo commitments', () => {
  it('verifies a receipt it signed, and says what it proves', () => {
    const receipt = signReceipt(key, facts);
    expect(receipt).toMatch(/^v1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{86}$/);
    expect(verifyReceipt([key], receipt)).toEqual({
      ok: true,
      payload: { k: key.id, ...facts },
      code: receiptCode(receipt),
    });
  });

  it('gives the same receipt for the same facts (it can be given again later from what is stored)', () => {
    expect(signReceipt(key, facts)).toBe(signReceipt(key, { ...facts }));
    expect(signReceipt(key, { ...facts, s: facts.s + 1 })).not.toBe(signReceipt(key, facts));
  });

  it.each([
    ['competition', { c: 'ngso-2' }],
    ['roll number', { r: 'J-0043' }],
    ['question number', { n: 4 }],
    ['question', { q: '5b0e7c1a-7a4b-4f59-9d55-3c1f0c7a2b11' }],
    ['hash', { h: 'b'.repeat(64) }],
    ['size', { s: 123_457 }],
    ['time', { t: '2025-01-14T11:59:29.000Z' }],
  ])('refuses a receipt whose %s was changed', (_field, change) => {
    const changed = withPayload(signReceipt(key, facts), (payload) => Object.assign(payload, change));
    expect(verifyReceipt([key], changed)).toEqual({ ok: false, why: 'notGenuine' });
  });

  it('refuses a receipt signed by another key, even one that names this key', () => {
    const other = newKey();
    expect(verifyReceipt([key], signReceipt(other, facts))).toEqual({ ok: false, why: 'notGenuine' });
    const [, , forged] = signReceipt(other, facts).split('.');
    const [version, body] = signReceipt(key, facts).split('.');
    expect(verifyReceipt([key], `${version}.${body}.${forged}`)).toEqual({ ok: false, why: 'notGenuine' });
  });

  it('refuses a payload signed with this key that is not the canonical encoding of what it says', () => {
    const { k, ...rest } = { k: key.id, ...facts };
    const body = Buffer.from(JSON.stringify({ ...rest, k })).toString('base64url');
    const signature = sign(null, Buffer.from(`v1.${body}`), key.privateKey).toString('base64url');
    expect(verifyReceipt([key], `v1.${body}.${signature}`)).toEqual({ ok: false, why: 'notGenuine' });
  });

  it("still verifies a retired key's receipts when that key is listed", () => {
    const retired = newKey();
    const receipt = signReceipt(retired, facts);
    expect(verifyReceipt([key], receipt).ok).toBe(false);
    expect(verifyReceipt([key, { id: retired.id, publicKey: retired.publicKey }], receipt).ok).toBe(true);
  });

  it('tells a text that is not a receipt from a forged one', () => {
    const receipt = signReceipt(key, facts);
    for (const text of [
      '',
      'hello',
      receipt.replace(/^v1/, 'v2'),
      `${receipt}.extra`,
      receipt.replace(/\.[^.]+$/, '.not base64!'),
      withPayload(receipt, (payload) => {
        payload.s = 'big';
      }),
      withPayload(receipt, (payload) => {
        payload.extra = 1;
      }),
      `v1.${Buffer.from('not json').toString('base64url')}.${receipt.split('.')[2]}`,
    ]) {
      expect(verifyReceipt([key], text)).toEqual({ ok: false, why: 'invalid' });
    }
  });

  it("gives a short code of eight unambiguous characters from the receipt's signature", () => {
    const code = receiptCode(signReceipt(key, facts));
    expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
    expect(receiptCode(signReceipt(key, { ...facts, n: 4 }))).not.toBe(code);
  });
});
