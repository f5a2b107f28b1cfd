import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { type Config, DEFAULT_DATABASE_POOL_SIZE } from '../config.ts';
import * as schema from './schema.ts';

/** One type for both drivers: the services and repos never know which one runs. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A database or an open transaction: what every repo function takes. */
export type Executor = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

export type DatabaseHandle = {
  db: Database;
  kind: 'embedded' | 'postgres';
  close: () => Promise<void>;
  /** PostgreSQL's connection pool, for the metrics (none on the embedded database). */
  pool?: { totalCount: number; idleCount: number; waitingCount: number };
};

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** Opens the embedded database in DATA_DIR/db, or PostgreSQL when a URL is given, and migrates it. */
export async function openDatabase(options: {
  dataDir: string;
  databaseUrl?: string;
  /** PostgreSQL's connections at most (DATABASE_POOL_SIZE). */
  poolSize?: number;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize);
  const dir = path.join(options.dataDir, 'db');
  mkdirSync(dir, { recursive: true });
  return openEmbedded(new PGlite(dir));
}

/** The database the configuration names: DATABASE_URL with its pool size, else the embedded one in DATA_DIR. */
export const openConfiguredDatabase = (
  config: Pick<Config, 'DATA_DIR' | 'DATABASE_URL' | 'DATABASE_POOL_SIZE'>,
) =>
  openDatabase({
    dataDir: config.DATA_DIR,
    databaseUrl: config.DATABASE_URL,
    poolSize: config.DATABASE_POOL_SIZE,
  });

/**
 * How the planner should cost a page read at random: 1.1 instead of PostgreSQL's 4 (set for spinning
 * disks), as for data on SSD or in memory (docs/decisions/054-the-planner-knows-the-data-is-in-memory.md).
 * With 4, a lookup of 20 or more sessions at once (the batched loaders') scans whole tables: seven times
 * the work at the exam's end. A setting of the app's own connections; a DATABASE_URL with its own
 * `options` replaces it.
 */
export const RANDOM_PAGE_COST = 1.1;

export async function openEmbedded(client: PGlite): Promise<DatabaseHandle> {
  await client.exec(`set random_page_cost = ${RANDOM_PAGE_COST}`);
  const db = drizzlePglite({ client, schema });
  await migratePglite(db, { migrationsFolder });
  return { db: db as unknown as Database, kind: 'embedded', close: () => client.close() };
}

/** Serialises migrations across processes that start together on one PostgreSQL. */
const MIGRATION_LOCK_ID = 4_202_501;

export async function openPostgres(
  connectionString: string,
  poolSize = DEFAULT_DATABASE_POOL_SIZE,
): Promise<DatabaseHandle> {
  const pool = new pg.Pool({
    connectionString,
    max: poolSize,
    options: `-c random_page_cost=${RANDOM_PAGE_COST}`,
  });
  // A connection that the server closes (a restart, a failover) must not crash the process. An idle one
  // is reported on the pool. One in use (a request's query or transaction) fails that request (503), and
  // also emits 'error' on its client, which nothing else listens to: an unhandled 'error' event would
  // end the process. The pool drops broken connections and opens new ones for the next queries.
  const lost = (err: Error) =>
    console.warn(
      `database connection lost (${(err as { code?: string }).code ?? err.message}); reconnecting on the next query`,
    );
  pool.on('error', lost);
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = drizzlePg({ client: pool, schema });
  const lock = await pool.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migratePg(db, { migrationsFolder });
  } finally {
    await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
    lock.release();
  }
  return { db: db as unknown as Database, kind: 'postgres', close: () => pool.end(), pool };
}

/** Serialises the start-up tasks (first admin, placeholder e-book) of processes that start together. */
const STARTUP_LOCK_ID = 4_202_502;

/**
 * Runs `work` in one process at a time among every process on this PostgreSQL (a session advisory lock on a
 * connection of its own, released when the work ends or the process dies). Without a URL (the embedded
 * database, one process) it just runs it.
 */
export async function withStartupLock<T>(
  databaseUrl: string | undefined,
  work: () => Promise<T>,
): Promise<T> {
  if (!databaseUrl) return work();
  const client = new pg.Client({ connectionString: databaseUrl });
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK_ID]);
    return await work();
  } finally {
    await client.end().catch(() => {});
  }
}
