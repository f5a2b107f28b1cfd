import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { gunzipSync, gzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import * as tar from 'tar';

const run = promisify(execFile);

export type BackupTarget = { dataDir: string; databaseUrl?: string };

/**
 * A consistent backup in one folder: the database (the embedded database's data folder, or a pg_dump of
 * PostgreSQL) and the uploaded files. The embedded database is copied while the caller holds the data folder's
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
  const uploads = path.join(target.dataDir, 'uploads');
  await mkdir(uploads, { recursive: true });
  await tar.create({ gzip: true, file: path.join(outDir, 'uploads.tar.gz'), cwd: uploads }, ['.']);
  await writeFile(
    path.join(outDir, 'backup.json'),
    JSON.stringify(
      { createdAt: new Date().toISOString(), database: target.databaseUrl ? 'postgres' : 'embedded' },
      null,
      2,
    ),
  );
}

/** Restores a backup into an empty data folder (and, for PostgreSQL, an empty database). */
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
  const uploads = path.join(target.dataDir, 'uploads');
  await mkdir(uploads, { recursive: true });
  await tar.extract({ file: path.join(fromDir, 'uploads.tar.gz'), cwd: uploads });
}
