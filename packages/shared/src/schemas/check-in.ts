import { z } from 'zod';
import { CATEGORIES } from '../constants.ts';
import { text } from './common.ts';
import { CompetitionCodeSchema } from './competitions.ts';
import { ListMetaSchema, REGISTRATION_STATUSES } from './registration.ts';

/** The code printed (as a QR code) on an admit card; the same pattern the public check accepts. */
export const AdmitCardCodeParamsSchema = z.object({ code: z.string().max(64) });

/** An entrant as the staff member at the venue's door sees them after scanning the admit card. */
export const CheckInEntrantSchema = z.object({
  registration_id: z.string(),
  name: z.string(),
  roll_number: z.string(),
  category: z.enum(CATEGORIES),
  institution: z.string(),
  pickup_spot: z.string(),
  registration_status: z.enum(REGISTRATION_STATUSES),
  /** ISO 8601; null until checked in. */
  checked_in_at: z.string().nullable(),
  /** The name of the staff member who checked them in (null before, or if that account is gone). */
  checked_in_by: z.string().nullable(),
});
export type CheckInEntrant = z.infer<typeof CheckInEntrantSchema>;

export const CheckInEntrantResponseSchema = z.object({
  status: z.literal('success'),
  data: CheckInEntrantSchema,
});

/** `POST /v1/admin/check-ins/:code`: the entrant, and whether this call checked them in (false: already in). */
export const CheckInResponseSchema = z.object({
  status: z.literal('success'),
  data: CheckInEntrantSchema.extend({ newly_checked_in: z.boolean() }),
});
export type CheckInResult = z.infer<typeof CheckInResponseSchema>['data'];

/** Arrivals of one category (its venue) and pick-up spot: approved entrants expected, and those arrived. */
export const ArrivalGroupSchema = z.object({
  category: z.enum(CATEGORIES),
  venue: z.string().nullable(),
  pickup_spot: z.string(),
  expected: z.number(),
  arrived: z.number(),
});
export type ArrivalGroup = z.infer<typeof ArrivalGroupSchema>;

export const ArrivalsResponseSchema = z.object({
  status: z.literal('success'),
  data: z.object({
    expected: z.number(),
    arrived: z.number(),
    groups: z.array(ArrivalGroupSchema),
  }),
});
export type Arrivals = z.infer<typeof ArrivalsResponseSchema>['data'];

export const NotArrivedQuerySchema = z.object({
  competition: CompetitionCodeSchema.default('ngso-1'),
  category: z.enum(CATEGORIES).optional(),
  pickup_spot: text({ typeError: 'request.invalid' }).max(100).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(200).default(50),
});
export type NotArrivedQuery = z.infer<typeof NotArrivedQuerySchema>;

/** An approved entrant not checked in yet, with the numbers to call. */
export const NotArrivedEntrantSchema = z.object({
  registration_id: z.string(),
  name: z.string(),
  roll_number: z.string(),
  category: z.enum(CATEGORIES),
  institution: z.string(),
  pickup_spot: z.string(),
  phone_number: z.string().nullable(),
  guardian_phone: z.string(),
});
export type NotArrivedEntrant = z.infer<typeof NotArrivedEntrantSchema>;

export const NotArrivedListSchema = z.object({
  status: z.literal('success'),
  data: z.array(NotArrivedEntrantSchema),
  meta: ListMetaSchema,
});
