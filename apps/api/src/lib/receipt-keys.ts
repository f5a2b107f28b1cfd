import { createPrivateKey, generateKeyPairSync, type KeyObject, randomUUID } from 'node:crypto';
import { link, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseRetiredKeys, parseSigningKey } from '../checks/receipt-key-format.ts';
import {
  keyIdOf,
  type ReceiptSigningKey,
  type ReceiptVerifyingKey,
  signingKeyOf,
} from './receipt-signing.ts';

/**
 * What the keys are read from: the configuration's fields (config.ts validates them with the same parsers,
 * checks/receipt-key-format.ts; this file names its own shape rather than importing the configuration's type).
 */
type KeySettings = { DATA_DIR: string; RECEIPT_SIGNING_KEY?: string; RECEIPT_RETIRED_PUBLIC_KEYS?: string };

/** The receipts' keys: the one that signs, and every one that verifies (it, then the retired ones). */
export type ReceiptKeys = { signing: ReceiptSigningKey; verifying: ReceiptVerifyingKey[] };

/** Where a server without RECEIPT_SIGNING_KEY keeps the key it made (development, tests, a trial). */
export const generatedKeyFile = (config: Pick<KeySettings, 'DATA_DIR'>) =>
  path.join(config.DATA_DIR, 'receipt-signing-key.pem');

/**
 * The key of a server without RECEIPT_SIGNING_KEY: made once and kept in DATA_DIR, so that its receipts
 * still verify after a restart. Processes starting together keep the first one written: each writes its key
 * whole to a file of its own, then links it into place, which fails for all but the first. A reader
 * therefore never sees a key half written.
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
  const ownFile = `${file}.${process.pid}.${randomUUID()}`;
  await writeFile(ownFile, privateKey.export({ type: 'pkcs8', format: 'pem' }), { flag: 'wx', mode: 0o600 });
  try {
    await link(ownFile, file);
    return privateKey;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return createPrivateKey(await readFile(file, 'utf8'));
  } finally {
    await rm(ownFile, { force: true });
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
