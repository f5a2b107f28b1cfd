import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';

/*
 * The receipts' keys as the configuration holds them (decision 062): config.ts refuses one that does not
 * parse, and lib/receipt-keys.ts reads them with the same parsers.
 */

const isEd25519 = (key: KeyObject) => key.asymmetricKeyType === 'ed25519';

/** RECEIPT_SIGNING_KEY: an Ed25519 private key, PKCS#8 as PEM or as the DER in base64. */
export function parseSigningKey(text: string): KeyObject | undefined {
  try {
    const key = text.includes('-----BEGIN')
      ? createPrivateKey({ key: text.replace(/\\n/g, '\n'), format: 'pem' })
      : createPrivateKey({ key: Buffer.from(text.trim(), 'base64'), format: 'der', type: 'pkcs8' });
    return isEd25519(key) ? key : undefined;
  } catch {
    return undefined;
  }
}

/** RECEIPT_RETIRED_PUBLIC_KEYS: Ed25519 public keys, SPKI's DER in base64, separated by commas. */
export function parseRetiredKeys(text: string): KeyObject[] | undefined {
  const keys: KeyObject[] = [];
  for (const item of text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    try {
      const key = createPublicKey({ key: Buffer.from(item, 'base64'), format: 'der', type: 'spki' });
      if (!isEd25519(key)) return undefined;
      keys.push(key);
    } catch {
      return undefined;
    }
  }
  return keys;
}
