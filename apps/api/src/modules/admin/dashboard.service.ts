import type { ServiceContext } from '../../lib/context.ts';
import { competitionByCodeOr404 } from '../competitions/competitions.service.ts';
import { examActivity, gradingProgress, registrationCounts } from './dashboard.repo.ts';

/** The dashboard's numbers for one competition (exam activity: the last minute). */
export async function dashboardStats(ctx: ServiceContext, code: string) {
  const competition = await competitionByCodeOr404(ctx.db, code);
  const [byStatus, byCategory, byDivision, exam, grading] = await Promise.all([
    registrationCounts(ctx.db, competition.id, 'status'),
    registrationCounts(ctx.db, competition.id, 'category'),
    registrationCounts(ctx.db, competition.id, 'division'),
    examActivity(ctx.db, competition.id, new Date(ctx.clock.now().getTime() - 60_000)),
    gradingProgress(ctx.db, competition.id),
  ]);
  return {
    registrations: { by_status: byStatus, by_category: byCategory, by_division: byDivision },
    exam,
    grading,
  };
}
