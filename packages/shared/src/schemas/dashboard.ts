import { z } from 'zod';

const Counts = z.record(z.string(), z.number().int());
const Bdt = z.number().int().describe('Taka');

/** The console's dashboard (GET /v1/admin/stats): the numbers and the series its charts draw. */
export const DashboardStatsSchema = z.object({
  registrations: z.object({
    by_status: Counts,
    by_category: Counts,
    by_division: Counts,
    /** Approved registrations (entrants of the final round) per division: the map's shading. */
    approved_by_division: Counts,
    /** Registrations per day of registering (Dhaka's calendar), split by their status now; oldest first. */
    per_day: z.array(
      z.object({
        date: z.string().describe('YYYY-MM-DD in Asia/Dhaka'),
        pending: z.number().int(),
        approved: z.number().int(),
        rejected: z.number().int(),
      }),
    ),
  }),
  /** Money the pending and approved registrations claim to have paid, against what statements matched. */
  payments: z.object({
    fee_bdt: Bdt,
    registrations: z.number().int(),
    expected_bdt: Bdt,
    matched: z.number().int(),
    matched_bdt: Bdt,
    by_method: z.array(
      z.object({
        method: z.string(),
        registrations: z.number().int(),
        expected_bdt: Bdt,
        matched: z.number().int(),
        matched_bdt: Bdt,
      }),
    ),
  }),
  exam: z.object({
    answered: z.number().int(),
    submitted: z.number().int(),
    active_last_minute: z.number().int(),
    /**
     * The exam window open now, else the last one that started (categories starting together form one
     * window); its end includes the most extra minutes anyone was given. Null before any exam started.
     */
    window: z
      .object({
        categories: z.array(z.string()),
        starts_at: z.string(),
        ends_at: z.string(),
        open: z.boolean(),
      })
      .nullable(),
    bucket_minutes: z.number().int(),
    /** Photos committed and exams submitted per bucket, from the window's start to now (or its end). */
    timeline: z.array(z.object({ at: z.string(), photos: z.number().int(), submissions: z.number().int() })),
  }),
  grading: z.record(z.string(), z.object({ answers: z.number().int(), graded: z.number().int() })),
  /**
   * Per category: how many participants reached each total (ascending), and the award cut-offs: the lowest
   * total that wins each award under the competition's bands (null when nobody wins it).
   */
  scores: z.record(
    z.string(),
    z.object({
      max_marks: z.number().int(),
      participants: z.number().int(),
      totals: z.array(z.object({ total: z.number().int(), count: z.number().int() })),
      cutoffs: z.object({
        gold: z.number().int().nullable(),
        silver: z.number().int().nullable(),
        bronze: z.number().int().nullable(),
        prize: z.number().int().nullable(),
      }),
    }),
  ),
});
export type DashboardStats = z.infer<typeof DashboardStatsSchema>;
