import type { Category } from '@ngso/shared/constants';
import type { Database } from '../../db/client.ts';
import { categoryCache } from './category-cache.ts';
import { forgetPublishedSheet } from './sheet-cache.ts';

/**
 * How long a process reuses a category's standings where a moment's lag is harmless: second marking's
 * margin near the award cut-offs, asked on every second-mark claim, would otherwise read every answer of the
 * category each time. A change of marks or award bands is seen at once by the process that made it (it
 * forgets the entry, forgetStandings) and within this time by every other process.
 */
export const STANDINGS_CACHE_TTL_MS = 30_000;

type Standing = { userId: string; total: number; award: string | null };

const standings = categoryCache<Standing[]>(STANDINGS_CACHE_TTL_MS);

/**
 * The category's standings (each student's total and award), loaded by `load` (the category's sheet) at most
 * once per process in the TTL.
 */
export const cachedStandings = (
  db: Database,
  competitionId: string,
  category: Category,
  load: () => Promise<readonly Standing[]>,
) =>
  standings.get(db, competitionId, category, async () =>
    (await load()).map(({ userId, total, award }) => ({ userId, total, award })),
  );

/**
 * Call once a change that moves the standings has committed: marks (graded, overridden, settled, rechecked,
 * regraded by a rubric) or the award bands. Without a category, every category of the competition. The
 * published sheet (sheet-cache.ts) goes with them.
 */
export function forgetStandings(db: Database, competitionId: string, category?: string) {
  standings.forget(db, competitionId, category);
  forgetPublishedSheet(db, competitionId, category);
}
