import path from 'node:path';
import type { Config } from '../config.ts';
import type { Storage } from './storage.ts';
import { diskStorage } from './storage-disk.ts';
import type { S3Settings } from './storage-s3.ts';

/** The local folder of the uploaded files: DATA_DIR/uploads. */
export const localUploadsDir = (config: Pick<Config, 'DATA_DIR'>) => path.join(config.DATA_DIR, 'uploads');

/** The S3_* settings; the configuration has checked that the required ones are there when STORAGE=s3. */
export function s3SettingsOf(config: Config): S3Settings {
  const { S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY } = config;
  if (!S3_BUCKET || !S3_ACCESS_KEY_ID || !S3_SECRET_ACCESS_KEY)
    throw new Error('S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set for S3 storage');
  return {
    ...(config.S3_ENDPOINT ? { endpoint: config.S3_ENDPOINT } : {}),
    bucket: S3_BUCKET,
    region: config.S3_REGION,
    accessKeyId: S3_ACCESS_KEY_ID,
    secretAccessKey: S3_SECRET_ACCESS_KEY,
    forcePathStyle: config.S3_FORCE_PATH_STYLE === 'true',
  };
}

/**
 * A store by its kind, whatever STORAGE says (the copy tool opens both). The S3 client is loaded only for S3:
 * a server on the local folder does not pay for loading the SDK.
 */
export async function openStorageOfKind(config: Config, kind: Storage['kind']): Promise<Storage> {
  if (kind === 'local') return diskStorage(localUploadsDir(config));
  const { s3Storage } = await import('./storage-s3.ts');
  return s3Storage(s3SettingsOf(config));
}

/** The store of the uploaded files that STORAGE chose. */
export const openStorage = (config: Config) => openStorageOfKind(config, config.STORAGE);
