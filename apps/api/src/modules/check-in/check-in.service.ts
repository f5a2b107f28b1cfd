import { CATEGORIES, type Category } from '@ngso/shared/constants';
import type {
  Arrivals,
  CheckInEntrant,
  CheckInResult,
  NotArrivedEntrant,
  NotArrivedQuery,
} from '@ngso/shared/schemas/check-in';
import { AppError } from '../../lib/app-error.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { UserRow } from '../auth/user.ts';
import { competitionByCodeOr404 } from '../competitions/competitions.service.ts';
import { findFinalRoundDetails } from '../competitions/public.ts';
import { ADMIT_CARD_CODE } from '../verify/verify.service.ts';
import { arrivalCounts, findEntrantByCode, insertCheckIn, listNotArrived } from './check-in.repo.ts';

type EntrantRow = NonNullable<Awaited<ReturnType<typeof findEntrantByCode>>>;

/** Who an entrant is, as every list of entrants at the door shows them (roll number '' before one). */
const identify = (registration: EntrantRow['registration']) => ({
  registration_id: registration.id,
  name: registration.name,
  roll_number: registration.rollNumber ?? '',
  category: registration.category as Category,
  institution: registration.institution,
  pickup_spot: registration.pickupSpot,
});

const toEntrant = ({ registration, checkedInAt, checkedInBy }: EntrantRow): CheckInEntrant => ({
  ...identify(registration),
  registration_status: registration.status,
  checked_in_at: checkedInAt?.toISOString() ?? null,
  checked_in_by: checkedInBy,
});

/** The registration an admit card's code names (one that had a roll number), or 404 as the public check. */
async function entrantOr404(ctx: ServiceContext, code: string) {
  const row = ADMIT_CARD_CODE.test(code) ? await findEntrantByCode(ctx.db, code) : undefined;
  if (!row?.registration.rollNumber) throw new AppError(404, 'verify.notFound');
  return row;
}

/** What a staff member at the door sees after scanning an admit card: who it is, and whether they are in. */
export async function entrantForCheckIn(ctx: ServiceContext, code: string): Promise<CheckInEntrant> {
  return toEntrant(await entrantOr404(ctx, code));
}

/**
 * Checks an approved entrant in, once: a second scan answers who checked them in and when, and changes
 * nothing (so two staff members at two doors cannot record two arrivals). Audited the first time.
 */
export async function checkIn(ctx: ServiceContext, code: string, staff: UserRow): Promise<CheckInResult> {
  const row = await entrantOr404(ctx, code);
  if (row.registration.status !== 'approved') throw new AppError(409, 'checkIn.notApproved');
  const at = ctx.clock.now();
  const inserted = await ctx.db.transaction(async (tx) => {
    const created = await insertCheckIn(tx, row.registration.id, staff.id, at);
    if (!created) return false;
    await recordAudit(tx, {
      actorId: staff.id,
      action: 'registration.check_in',
      targetType: 'registration',
      targetId: row.registration.id,
      after: { checked_in_at: at.toISOString(), roll_number: row.registration.rollNumber },
      at,
    });
    return true;
  });
  if (inserted) {
    return { ...toEntrant({ ...row, checkedInAt: at, checkedInBy: staff.name }), newly_checked_in: true };
  }
  // Checked in before: say by whom and when (read again when another door did it a moment ago).
  const earlier = row.checkedInAt ? row : await entrantOr404(ctx, code);
  return { ...toEntrant(earlier), newly_checked_in: false };
}

/** Who has arrived, per category (each has its venue) and pick-up spot, with the totals. */
export async function arrivals(ctx: ServiceContext, competitionCode: string): Promise<Arrivals> {
  const competition = await competitionByCodeOr404(ctx.db, competitionCode);
  const [counts, venues] = await Promise.all([
    arrivalCounts(ctx.db, competition.id),
    Promise.all(
      CATEGORIES.map(
        async (category) =>
          [category, (await findFinalRoundDetails(ctx.db, competition.id, category))?.venue ?? null] as const,
      ),
    ),
  ]);
  const venueOf = new Map<string, string | null>(venues);
  const groups = counts.map((group) => ({
    category: group.category as Category,
    venue: venueOf.get(group.category) ?? null,
    pickup_spot: group.pickupSpot,
    expected: group.expected,
    arrived: group.arrived,
  }));
  return {
    expected: groups.reduce((sum, group) => sum + group.expected, 0),
    arrived: groups.reduce((sum, group) => sum + group.arrived, 0),
    groups,
  };
}

/** Approved entrants who have not arrived, with their own and their guardian's numbers to call. */
export async function notArrived(ctx: ServiceContext, query: NotArrivedQuery) {
  const competition = await competitionByCodeOr404(ctx.db, query.competition);
  const { rows, total } = await listNotArrived(
    ctx.db,
    { competitionId: competition.id, category: query.category, pickupSpot: query.pickup_spot },
    { number: query.page, size: query.per_page },
  );
  const data: NotArrivedEntrant[] = rows.map(({ registration, phoneNumber }) => ({
    ...identify(registration),
    phone_number: phoneNumber,
    guardian_phone: registration.guardianPhone,
  }));
  return { data, meta: { page: query.page, per_page: query.per_page, total } };
}
