import type { AwardBands } from '@ngso/shared/schemas/competitions';
import type { Award } from '@ngso/shared/schemas/results';

/** Effective marks: an admin's override when present, else the grader's. */
export const effectiveMarks = (
  mark: { graderMarks: number | null; overrideMarks: number | null } | undefined,
) => (mark ? (mark.overrideMarks ?? mark.graderMarks) : null);

/** The award of a rank under the competition's bands (each band reaches up to and including its rank). */
export function awardFor(rank: number, bands: AwardBands): Award | null {
  if (rank <= bands.gold_up_to) return 'gold';
  if (rank <= bands.silver_up_to) return 'silver';
  if (rank <= bands.bronze_up_to) return 'bronze';
  return rank <= bands.prize_up_to ? 'prize' : null;
}

/** Sorts by total (highest first); equal totals share a rank, and the next rank skips (1, 2, 2, 4). */
export function rankByTotal<T extends { total: number }>(
  entries: T[],
  bands: AwardBands,
): Array<T & { rank: number; award: Award | null }> {
  const sorted = [...entries].sort((a, b) => b.total - a.total);
  let rank = 0;
  return sorted.map((entry, index) => {
    if (index === 0 || entry.total !== sorted[index - 1]?.total) rank = index + 1;
    return { ...entry, rank, award: awardFor(rank, bands) };
  });
}
