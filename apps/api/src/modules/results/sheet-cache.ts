import type { Category } from '@ngso/shared/constants';
import type { Database } from '../../db/client.ts';
import { categoryCache } from './category-cache.ts';
import type { categorySheet } from './category-sheet.ts';

type Sheet = Awaited<ReturnType<typeof categorySheet>>;

/**
 * How long a process reuses a published category's sheet for the students' result pages (every finalist
 * opens theirs within minutes of the mail). Published results change only with marks or award bands, or a
 * publication: the process that makes the change forgets the entry at once (forgetPublishedSheet, through
 * forgetStandings and forgetExamDefinition), every other process within this time.
 */
export const PUBLISHED_SHEET_TTL_MS = 30_000;

const sheets = categoryCache<Sheet>(PUBLISHED_SHEET_TTL_MS);

/** A published category's sheet, built by `load` at most once per process in the TTL. Read only. */
export const cachedPublishedSheet = (
  db: Database,
  competitionId: string,
  category: Category,
  load: () => Promise<Sheet>,
) => sheets.get(db, competitionId, category, load);

/** Forgets a category's published sheet (without a category, every category of the competition). */
export function forgetPublishedSheet(db: Database, competitionId: string, category?: string) {
  sheets.forget(db, competitionId, category);
}
