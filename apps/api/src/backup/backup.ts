import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { gunzipSync, gzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import * as tar from 'tar';
import type { Storage } from '../lib/storage.ts';
import { diskStorage } from '../lib/storage-disk.ts';
import { copyFiles } from '../storage-copy/copy-files.ts';

const run = promisify(execFile);

/** Where a season lives: its database, and its files (in DATA_DIR/uploads unless `storage` is an S3 bucket). */
export type BackupTarget = { dataDir: string; databaseUrl?: string; storage?: Storage };

const UPLOADS_ARCHIVE = 'uploads.tar.gz';

/** A folder in the local layout (storage-disk.ts) for files on their way between a bucket and the archive. */
async function withStagingFolder(work: (folder: string) => Promise<void>) {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'ngso-backup-files-'));
  try {
    await work(folder);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** The files as one archive in the local folder's layout, whichever store holds them. */
async function archiveFiles(target: BackupTarget, file: string) {
  const archive = (cwd: string) => tar.create({ gzip: true, file, cwd }, ['.']);
  if (target.storage?.kind !== 's3') {
    const uploads = path.join(target.dataDir, 'uploads');
    await mkdir(uploads, { recursive: true });
    await archive(uploads);
    return;
  }
  const { storage } = target;
  await withStagingFolder(async (folder) => {
    await copyFiles(storage, diskStorage(folder));
    await archive(folder);
  });
}

/** Puts an archive's files back into the store of `target` (each copy into a bucket verified). */
async function restoreFiles(target: BackupTarget, file: string) {
  if (target.storage?.kind !== 's3') {
    const uploads = path.join(target.dataDir, 'uploads');
    await mkdir(uploads, { recursive: true });
    await tar.extract({ file, cwd: uploads });
    return;
  }
  const { storage } = target;
  await withStagingFolder(async (folder) => {
    await tar.extract({ file, cwd: folder });
    await copyFiles(diskStorage(folder), storage);
  });
}

/**
 * A consistent backup in one folder: the database (the embedded database's data folder, or a pg_dump of
 * PostgreSQL) and the uploaded files (from the local folder or the S3 bucket, archived alike). The embedded database is copied while the caller holds the data folder's
 * lock (no server writes meanwhile); PostgreSQL's dump is a snapshot, and the files are archived after it, so
 * every file a dumped row names is in the archive.
 */
export async function createBackup(target: BackupTarget, outDir: string) {
  await mkdir(outDir, { recursive: true });
  if (target.databaseUrl) {
    await run('pg_dump', [
      '--format=custom',
      '--no-owner',
      '--file',
      path.join(outDir, 'database.pgdump'),
      target.databaseUrl,
    ]);
  } else {
    const db = new PGlite(path.join(target.dataDir, 'db'));
    await db.waitReady; // dumpDataDir does not wait for the database to open
    try {
      // Compressed here: PGlite's own gzip option relies on a stream API that stalls on Node 20.
      const dump = await db.dumpDataDir('none');
      await writeFile(path.join(outDir, 'database.tar.gz'), gzipSync(Buffer.from(await dump.arrayBuffer())));
    } finally {
      await db.close();
    }
  }
  await archiveFiles(target, path.join(outDir, UPLOADS_ARCHIVE));
  await writeFile(
    path.join(outDir, 'backup.json'),
    JSON.stringify(
      { createdAt: new Date().toISOString(), database: target.databaseUrl ? 'postgres' : 'embedded' },
      null,
      2,
    ),
  );
}

/**
 * Restores a backup into an empty data folder (and, for PostgreSQL, an empty database); its files go into the
 * local folder or the bucket that `target.storage` is, whichever store the backup was made from.
 */
export async function restoreBackup(target: BackupTarget, fromDir: string) {
  const manifest = JSON.parse(await readFile(path.join(fromDir, 'backup.json'), 'utf8')) as {
    database: string;
  };
  if (manifest.database === 'postgres') {
    if (!target.databaseUrl)
      throw new Error('This backup is of PostgreSQL: set DATABASE_URL to an empty database.');
    await run('pg_restore', [
      '--no-owner',
      '--exit-on-error',
      '--dbname',
      target.databaseUrl,
      path.join(fromDir, 'database.pgdump'),
    ]);
  } else {
    if (target.databaseUrl) throw new Error('This backup is of the embedded database: unset DATABASE_URL.');
    const dbDir = path.join(target.dataDir, 'db');
    if (existsSync(path.join(dbDir, 'PG_VERSION'))) {
      throw new Error(`${dbDir} already holds a database; restore into an empty DATA_DIR.`);
    }
    const dump = gunzipSync(await readFile(path.join(fromDir, 'database.tar.gz')));
    const db = new PGlite(dbDir, { loadDataDir: new Blob([dump]) });
    await db.query('select 1');
    await db.close();
  }
  await restoreFiles(target, path.join(fromDir, UPLOADS_ARCHIVE));
}
