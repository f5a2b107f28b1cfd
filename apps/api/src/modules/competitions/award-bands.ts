import type { Category } from '@ngso/shared/constants';
import type { AwardBands, CategoryAwardBands } from '@ngso/shared/schemas/competitions';
import type { Database } from '../../db/client.ts';

/** The bands a category's standings follow: its own, where organisers set them, else the competition's. */
export const awardBandsOf = (
  competition: { awardBands: AwardBands; categoryAwardBands: CategoryAwardBands },
  category: Category,
): AwardBands => competition.categoryAwardBands[category] ?? competition.awardBands;

type BandsChanged = (db: Database, competitionId: string) => void;

const bandsChanged = new Set<BandsChanged>();

/**
 * Calls `listener` once a change of a competition's award bands has committed (they may move every
 * category's awards). app.ts has results forget its standings: results sits above the competitions and
 * they do not import it (decision 070). The same listener given twice is called once.
 */
export function onAwardBandsChanged(listener: BandsChanged) {
  bandsChanged.add(listener);
}

/** Tells the listeners that a competition's award bands may have changed. */
export function awardBandsChanged(db: Database, competitionId: string) {
  for (const listener of bandsChanged) listener(db, competitionId);
}
