import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { type Database, migrationsFolder } from '../../db/client.ts';
import type { Storage } from '../../lib/storage.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';

/** What a server needs to serve: each is checked by /api/ready. */
export type ReadinessPart = 'database' | 'migrations' | 'storage';

/** How long a passed check stands (a prober's calls, however many, cost one write a second); a failure is not kept. */
const PASSED_FOR_MS = 1000;

/** The newest migration this release ships (drizzle records each applied one by this moment). */
const newestMigration = () =>
  Math.max(...readMigrationFiles({ migrationsFolder }).map((m) => m.folderMillis));

/**
 * The server's readiness (docs/decisions/064-metrics.md): the database answers, every migration this
 * release ships is applied, and the file store accepts a write (a small file written, flushed, and
 * removed; in S3 a PUT and a DELETE). Resolves with the parts that fail, none when ready.
 */
export function readinessChecks(deps: { db: Database; storage: Storage }) {
  const newest = newestMigration();
  const passed = new TtlCache<void>(PASSED_FOR_MS);
  const checks: Record<ReadinessPart, () => Promise<void>> = {
    database: async () => {
      await deps.db.execute(sql`select 1`);
    },
    migrations: async () => {
      const result = (await deps.db.execute(
        sql`select max(created_at) as applied from drizzle.__drizzle_migrations`,
      )) as unknown as { rows: { applied: string | number | null }[] };
      const applied = Number(result.rows[0]?.applied ?? 0);
      if (applied < newest)
        throw new Error(`migrations applied up to ${applied}, the release needs ${newest}`);
    },
    storage: async () => {
      // A name of its own, so a probe left behind by a killed process is known for what it is.
      const key = `${randomBytes(16).toString('hex')}.probe`;
      await deps.storage.put(key, Buffer.from('ready\n'));
      await deps.storage.delete(key);
    },
  };
  const parts = Object.keys(checks) as ReadinessPart[];
  return async (): Promise<ReadinessPart[]> => {
    const outcomes = await Promise.allSettled(parts.map((part) => passed.get(part, checks[part])));
    return parts.filter((_, i) => outcomes[i]?.status === 'rejected');
  };
}
