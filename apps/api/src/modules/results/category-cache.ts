import { CATEGORIES, type Category } from '@ngso/shared/constants';
import type { Database } from '../../db/client.ts';
import { perDatabase } from '../../lib/per-database.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';

/**
 * A per-process cache of something worked out for one category of one competition (its standings, its
 * published sheet), kept `ttlMs`. One cache per database: tests run many apps, each on its own database,
 * in one process. The process that changes what an entry is built from forgets it at once (`forget`);
 * every other process sees the change within `ttlMs`.
 */
export function categoryCache<T>(ttlMs: number) {
  const cacheOf = perDatabase((_db: Database) => new TtlCache<T>(ttlMs));
  const keyOf = (competitionId: string, category: string) => `${competitionId}/${category}`;
  return {
    /** The entry, built by `load` at most once per process in the TTL. */
    get: (db: Database, competitionId: string, category: Category, load: () => Promise<T>) =>
      cacheOf(db).get(keyOf(competitionId, category), load),
    /** Forgets a category's entry (without a category, every category of the competition). */
    forget(db: Database, competitionId: string, category?: string) {
      for (const each of category ? [category] : CATEGORIES) cacheOf(db).delete(keyOf(competitionId, each));
    },
  };
}
