import { parseArgs } from 'node:util';
import { restoreBackup } from '../backup/backup.ts';
import { loadConfig } from '../config.ts';
import { acquireDataDirLock } from '../lib/data-dir-lock.ts';
import { openStorage } from '../lib/open-storage.ts';
import { runTool } from './open-for-tool.ts';

runTool(async () => {
  const { positionals } = parseArgs({ allowPositionals: true });
  const [from] = positionals;
  if (!from)
    throw new Error(
      'Usage: npm run restore -- backups/<folder>  (into an empty DATA_DIR, or an empty DATABASE_URL)',
    );
  const config = loadConfig();
  const release = config.DATABASE_URL ? () => {} : acquireDataDirLock(config.DATA_DIR, 'restore');
  try {
    await restoreBackup(
      { dataDir: config.DATA_DIR, databaseUrl: config.DATABASE_URL, storage: await openStorage(config) },
      from,
    );
    const files = config.STORAGE === 's3' ? ` and the files into bucket ${config.S3_BUCKET}` : '';
    console.log(
      `Restored ${from} into ${config.DATABASE_URL ? 'the PostgreSQL database' : config.DATA_DIR}${files}`,
    );
  } finally {
    release();
  }
});
