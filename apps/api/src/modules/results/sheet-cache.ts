import { CATEGORIES, type Category } from '@ngso/shared/constants';
import type { Database } from '../../db/client.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';
import type { categorySheet } from './results.service.ts';

type Sheet = Awaited<ReturnType<typeof categorySheet>>;

/**
 * How long a process reuses a published category's sheet for the students' result pages (every finalist
 * opens theirs within minutes of the mail). Published results change only with marks or award bands, or a
 * publication: the process that makes the change forgets the entry at once (forgetPublishedSheet, through
 * forgetStandings and forgetExamDefinition), every other process within this time.
 */
export const PUBLISHED_SHEET_TTL_MS = 30_000;

/** One cache per database (tests run many apps, each on its own database, in one process). */
const caches = new WeakMap<Database, TtlCache<Sheet>>();

function cacheOf(db: Database) {
  let found = caches.get(db);
  if (!found) {
    found = new TtlCache(PUBLISHED_SHEET_TTL_MS);
    caches.set(db, found);
  }
  return found;
}

const keyOf = (competitionId: string, category: string) => `${competitionId}/${category}`;

/** A published category's sheet, built by `load` at most once per process in the TTL. Read only. */
export const cachedPublishedSheet = (
  db: Database,
  competitionId: string,
  category: Category,
  load: () => Promise<Sheet>,
) => cacheOf(db).get(keyOf(competitionId, category), load);

/** Forgets a category's published sheet (without a category, every category of the competition). */
export function forgetPublishedSheet(db: Database, competitionId: string, category?: string) {
  for (const each of category ? [category] : CATEGORIES) cacheOf(db).delete(keyOf(competitionId, each));
}
