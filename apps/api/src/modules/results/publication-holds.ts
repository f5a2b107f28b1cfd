import type { Category } from '@ngso/shared/constants';
import type { ServiceContext } from '../../lib/context.ts';
import type { CompetitionRow } from '../competitions/competition.ts';

/** Answers of a category still due for a second mark, and disagreements not settled (decision 037). */
export type SecondMarkingOutstanding = { due: number; disagreements: number };

type CountOutstanding = (
  ctx: ServiceContext,
  competition: CompetitionRow,
  category: Category,
) => Promise<SecondMarkingOutstanding>;

let countOutstanding: CountOutstanding | undefined;

/**
 * Second marking holds a publication back until it is done, and it is grading's to count: grading sits above
 * results (decision 070), so app.ts hands its count here once at start.
 */
export function holdPublicationForSecondMarking(count: CountOutstanding) {
  countOutstanding = count;
}

/** What second marking still owes in a category, as grading counts it. */
export function secondMarkingOutstanding(
  ctx: ServiceContext,
  competition: CompetitionRow,
  category: Category,
) {
  if (!countOutstanding) throw new Error('second marking is not wired to results (app.ts)');
  return countOutstanding(ctx, competition, category);
}
