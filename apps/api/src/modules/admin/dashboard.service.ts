import type { DashboardStats } from '@ngso/shared/schemas/dashboard';
import type { ServiceContext } from '../../lib/context.ts';
import { toDhakaIso } from '../../lib/time.ts';
import { awardBandsOf } from '../competitions/award-bands.ts';
import type { CompetitionRow } from '../competitions/competition.ts';
import { competitionByCodeOr404 } from '../competitions/competitions.service.ts';
import { awardFor } from '../results/standings.ts';
import {
  activityTimeline,
  approvedByDivision,
  examActivity,
  examWindows,
  gradingProgress,
  maxMarksByCategory,
  mostExtraMinutesOfCompetition,
  paymentsByMethod,
  registrationCounts,
  registrationsPerDay,
  totalsByCategory,
} from './dashboard.repo.ts';

/** The activity chart has about this many buckets per window (at least a minute each). */
const TIMELINE_BUCKETS = 30;

type Windows = Awaited<ReturnType<typeof examWindows>>;

/**
 * The window the activity chart shows: the one open now, else the last one that started. Categories that
 * start together are one window; its end is the latest end moved by the most extra minutes given.
 */
export function currentWindow(windows: Windows, extraMinutes: number, now: Date) {
  const extended = windows.map((w) => ({
    ...w,
    endsAt: new Date(w.endsAt.getTime() + extraMinutes * 60_000),
  }));
  const started = extended.filter((w) => w.startsAt <= now);
  if (started.length === 0) return null;
  const open = started.filter((w) => now < w.endsAt);
  const pool = open.length > 0 ? open : started;
  const startsAt = new Date(Math.max(...pool.map((w) => w.startsAt.getTime())));
  const same = pool.filter((w) => w.startsAt.getTime() === startsAt.getTime());
  const endsAt = new Date(Math.max(...same.map((w) => w.endsAt.getTime())));
  return { categories: same.map((w) => w.category), startsAt, endsAt, open: open.length > 0 };
}

async function examTimeline(ctx: ServiceContext, competitionId: string, now: Date) {
  const [windows, extra] = await Promise.all([
    examWindows(ctx.db, competitionId),
    mostExtraMinutesOfCompetition(ctx.db, competitionId),
  ]);
  const window = currentWindow(windows, extra, now);
  if (!window) return { window: null, bucket_minutes: 1, timeline: [] };
  const length = window.endsAt.getTime() - window.startsAt.getTime();
  const bucketMinutes = Math.max(1, Math.ceil(length / 60_000 / TIMELINE_BUCKETS));
  const bucketMs = bucketMinutes * 60_000;
  const until = window.open ? now : window.endsAt;
  const rows = await activityTimeline(ctx.db, competitionId, window.startsAt, until, bucketMs / 1000);
  const byBucket = new Map(rows.map((row) => [row.bucket, row]));
  const buckets = Math.max(1, Math.ceil((until.getTime() - window.startsAt.getTime()) / bucketMs));
  return {
    window: {
      categories: window.categories,
      starts_at: toDhakaIso(window.startsAt),
      ends_at: toDhakaIso(window.endsAt),
      open: window.open,
    },
    bucket_minutes: bucketMinutes,
    timeline: Array.from({ length: buckets }, (_, bucket) => ({
      at: toDhakaIso(new Date(window.startsAt.getTime() + bucket * bucketMs)),
      photos: byBucket.get(bucket)?.photos ?? 0,
      submissions: byBucket.get(bucket)?.submissions ?? 0,
    })),
  };
}

async function payments(ctx: ServiceContext, competition: CompetitionRow) {
  const rows = await paymentsByMethod(ctx.db, competition.id);
  const byMethod = rows
    .map((row) => ({
      method: row.method,
      registrations: Number(row.registrations),
      expected_bdt: Number(row.registrations) * competition.feeBdt,
      matched: Number(row.matched),
      matched_bdt: Number(row.matchedBdt),
    }))
    .sort((a, b) => a.method.localeCompare(b.method));
  const sum = (key: 'registrations' | 'expected_bdt' | 'matched' | 'matched_bdt') =>
    byMethod.reduce((total, row) => total + row[key], 0);
  return {
    fee_bdt: competition.feeBdt,
    registrations: sum('registrations'),
    expected_bdt: sum('expected_bdt'),
    matched: sum('matched'),
    matched_bdt: sum('matched_bdt'),
    by_method: byMethod,
  };
}

/**
 * Each category's totals and award cut-offs. Ranks follow the standings (standings.ts): equal totals share
 * a rank, the next rank skips, so a total's rank is one more than the participants above it.
 */
async function scores(ctx: ServiceContext, competition: CompetitionRow): Promise<DashboardStats['scores']> {
  const [totals, maxMarks] = await Promise.all([
    totalsByCategory(ctx.db, competition.id),
    maxMarksByCategory(ctx.db, competition.id),
  ]);
  const result: DashboardStats['scores'] = {};
  for (const category of competition.categories) {
    const rows = totals
      .filter((row) => row.category === category)
      .map((row) => ({ total: row.total, count: row.participants }))
      .sort((a, b) => b.total - a.total);
    const cutoffs = {
      gold: null,
      silver: null,
      bronze: null,
      prize: null,
    } as DashboardStats['scores'][string]['cutoffs'];
    let above = 0;
    for (const row of rows) {
      const award = awardFor(above + 1, awardBandsOf(competition, category));
      if (award) cutoffs[award] = row.total;
      above += row.count;
    }
    result[category] = {
      max_marks: maxMarks[category] ?? 0,
      participants: above,
      totals: rows.reverse(),
      cutoffs,
    };
  }
  return result;
}

function perDay(rows: Awaited<ReturnType<typeof registrationsPerDay>>) {
  const days = new Map<string, { date: string; pending: number; approved: number; rejected: number }>();
  for (const row of rows) {
    const day = days.get(row.day) ?? { date: row.day, pending: 0, approved: 0, rejected: 0 };
    day[row.status] = row.total;
    days.set(row.day, day);
  }
  return [...days.values()].sort((a, b) => a.date.localeCompare(b.date));
}

/** The dashboard's numbers for one competition (exam activity: the last minute, and the window's timeline). */
export async function dashboardStats(ctx: ServiceContext, code: string): Promise<DashboardStats> {
  const competition = await competitionByCodeOr404(ctx.db, code);
  const now = ctx.clock.now();
  const [byStatus, byCategory, byDivision, approved, days, exam, timeline, grading, money, score] =
    await Promise.all([
      registrationCounts(ctx.db, competition.id, 'status'),
      registrationCounts(ctx.db, competition.id, 'category'),
      registrationCounts(ctx.db, competition.id, 'division'),
      approvedByDivision(ctx.db, competition.id),
      registrationsPerDay(ctx.db, competition.id),
      examActivity(ctx.db, competition.id, new Date(now.getTime() - 60_000)),
      examTimeline(ctx, competition.id, now),
      gradingProgress(ctx.db, competition.id),
      payments(ctx, competition),
      scores(ctx, competition),
    ]);
  return {
    registrations: {
      by_status: byStatus,
      by_category: byCategory,
      by_division: byDivision,
      approved_by_division: approved,
      per_day: perDay(days),
    },
    payments: money,
    exam: { ...exam, ...timeline },
    grading,
    scores: score,
  };
}
