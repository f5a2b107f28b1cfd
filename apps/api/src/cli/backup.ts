import path from 'node:path';
import { parseArgs } from 'node:util';
import { createBackup } from '../backup/backup.ts';
import { loadConfig } from '../config.ts';
import { acquireDataDirLock } from '../lib/data-dir-lock.ts';
import { openStorage } from '../lib/open-storage.ts';
import { runTool } from './open-for-tool.ts';

runTool(async () => {
  const { values } = parseArgs({ options: { out: { type: 'string' } } });
  const config = loadConfig();
  const out = values.out ?? path.join('backups', new Date().toISOString().replace(/[:.]/g, '-'));
  // The embedded database is copied only while no server writes to it.
  const release = config.DATABASE_URL ? () => {} : acquireDataDirLock(config.DATA_DIR, 'backup');
  try {
    await createBackup(
      { dataDir: config.DATA_DIR, databaseUrl: config.DATABASE_URL, storage: await openStorage(config) },
      out,
    );
    console.log(`Backup written to ${out}`);
  } finally {
    release();
  }
});
