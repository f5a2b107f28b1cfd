import { AWARD_BANDS, type Award } from '@ngso/shared/schemas/results';

/** Effective marks: an admin's override when present, else the grader's. */
export const effectiveMarks = (
  mark: { graderMarks: number | null; overrideMarks: number | null } | undefined,
) => (mark ? (mark.overrideMarks ?? mark.graderMarks) : null);

export function awardFor(rank: number): Award | null {
  if (rank === AWARD_BANDS.gold) return 'gold';
  if (rank === AWARD_BANDS.silver) return 'silver';
  if (rank === AWARD_BANDS.bronze) return 'bronze';
  return rank <= AWARD_BANDS.prizeUpToRank ? 'prize' : null;
}

/** Sorts by total (highest first); equal totals share a rank, and the next rank skips (1, 2, 2, 4). */
export function rankByTotal<T extends { total: number }>(
  entries: T[],
): Array<T & { rank: number; award: Award | null }> {
  const sorted = [...entries].sort((a, b) => b.total - a.total);
  let rank = 0;
  return sorted.map((entry, index) => {
    if (index === 0 || entry.total !== sorted[index - 1]?.total) rank = index + 1;
    return { ...entry, rank, award: awardFor(rank) };
  });
}
