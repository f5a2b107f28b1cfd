import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  keyIdOf,
  type ReceiptSigningKey,
  type ReceiptVerifyingKey,
  signingKeyOf,
} from './receipt-signing.ts';

/**
 * What the keys are read from: the configuration's fields (config.ts validates them with the parsers
 * below, so this file names its own shape rather than importing the configuration's type).
 */
type KeySettings = { DATA_DIR: string; RECEIPT_SIGNING_KEY?: string; RECEIPT_RETIRED_PUBLIC_KEYS?: string };

/** The receipts' keys: the one that signs, and every one that verifies (it, then the retired ones). */
export type ReceiptKeys = { signing: ReceiptSigningKey; verifying: ReceiptVerifyingKey[] };

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

/** Where a server without RECEIPT_SIGNING_KEY keeps the key it made (development, tests, a trial). */
export const generatedKeyFile = (config: Pick<KeySettings, 'DATA_DIR'>) =>
  path.join(config.DATA_DIR, 'receipt-signing-key.pem');

/**
 * The key of a server without RECEIPT_SIGNING_KEY: made once and kept in DATA_DIR, so that its receipts
 * still verify after a restart. Two processes starting together keep the first one written.
 */
async function generatedKey(config: Pick<KeySettings, 'DATA_DIR'>): Promise<KeyObject> {
  const file = generatedKeyFile(config);
  try {
    return createPrivateKey(await readFile(file, 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const { privateKey } = generateKeyPairSync('ed25519');
  await mkdir(config.DATA_DIR, { recursive: true });
  try {
    await writeFile(file, privateKey.export({ type: 'pkcs8', format: 'pem' }), { flag: 'wx', mode: 0o600 });
    return privateKey;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return createPrivateKey(await readFile(file, 'utf8'));
  }
}

export async function loadReceiptKeys(config: KeySettings): Promise<ReceiptKeys> {
  // config.ts has already refused a key that does not parse.
  const configured = config.RECEIPT_SIGNING_KEY ? parseSigningKey(config.RECEIPT_SIGNING_KEY) : undefined;
  const signing = signingKeyOf(configured ?? (await generatedKey(config)));
  const retired =
    (config.RECEIPT_RETIRED_PUBLIC_KEYS ? parseRetiredKeys(config.RECEIPT_RETIRED_PUBLIC_KEYS) : []) ?? [];
  return {
    signing,
    verifying: [signing, ...retired.map((publicKey) => ({ id: keyIdOf(publicKey), publicKey }))],
  };
}
