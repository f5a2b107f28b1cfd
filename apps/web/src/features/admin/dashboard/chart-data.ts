import type { DashboardStats } from '@ngso/shared/schemas/dashboard';
import { AWARDS, type Award } from '@ngso/shared/schemas/results';

export type CategoryScores = DashboardStats['scores'][string];

/** The award a total wins under the cut-offs (the best award whose lowest total it reaches). */
export function awardOfTotal(total: number, cutoffs: CategoryScores['cutoffs']): Award | null {
  return AWARDS.find((award) => cutoffs[award] !== null && total >= (cutoffs[award] ?? 0)) ?? null;
}

export type ScoreBin = { from: number; to: number; label: string; count: number };

/**
 * Totals in at most `most` bins of equal width from 0 to the paper's marks (or the highest total, if
 * higher): a histogram keeps its shape whatever the paper's marks.
 */
export function binTotals(scores: CategoryScores, most = 20): ScoreBin[] {
  const highest = Math.max(scores.max_marks, ...scores.totals.map((row) => row.total), 0);
  const width = Math.max(1, Math.ceil((highest + 1) / most));
  const bins: ScoreBin[] = [];
  for (let from = 0; from <= highest; from += width) {
    const to = Math.min(from + width - 1, highest);
    bins.push({ from, to, label: from === to ? String(from) : `${from}–${to}`, count: 0 });
  }
  for (const row of scores.totals) {
    const bin = bins[Math.min(bins.length - 1, Math.floor(row.total / width))];
    if (bin) bin.count += row.count;
  }
  return bins;
}

/** The cut-offs grouped by the bin they fall in (one line per bin, naming every award there). */
export function cutoffLines(scores: CategoryScores, bins: ScoreBin[]) {
  const lines = new Map<string, Award[]>();
  for (const award of AWARDS) {
    const cutoff = scores.cutoffs[award];
    if (cutoff === null) continue;
    const bin = bins.find((b) => cutoff >= b.from && cutoff <= b.to);
    if (bin) lines.set(bin.label, [...(lines.get(bin.label) ?? []), award]);
  }
  return [...lines.entries()].map(([label, awards]) => ({ label, awards }));
}

/** A 0..1 share of the largest count: the map's shade. */
export const share = (count: number, largest: number) => (largest > 0 ? count / largest : 0);
