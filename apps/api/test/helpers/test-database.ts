import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { type DatabaseHandle, openEmbedded, openPostgres } from '../../src/db/client.ts';
import { withDatabase } from './global-setup.ts';

/**
 * A fresh, migrated database for one test file: a copy of the run's template, on the embedded
 * database by default and on PostgreSQL when DATABASE_URL is set. close() removes it.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = `ngso_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query(`create database ${name} template ${inject('postgresTemplate')}`);
    } finally {
      await admin.end();
    }
    const handle = await openPostgres(withDatabase(url, name));
    return {
      ...handle,
      close: async () => {
        await handle.close();
        const dropper = new pg.Client({ connectionString: url });
        await dropper.connect();
        await dropper.query(`drop database if exists ${name} with (force)`);
        await dropper.end();
      },
    };
  }
  const dump = await readFile(inject('pgliteTemplate'));
  const client = new PGlite({ loadDataDir: new Blob([dump]) });
  return openEmbedded(client);
}
