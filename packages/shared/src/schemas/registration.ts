import { z } from 'zod';
import { CATEGORIES, type Category } from '../constants.ts';
import { locationError } from '../geography.ts';
import type { MessageKey } from '../messages/en.ts';
import { isPickupSpot } from '../pickup-spots.ts';
import { EmailSchema, NameSchema, PhoneSchema } from './auth.ts';
import { CertificateCheckSchema } from './certificates.ts';
import { msg, requiredString, requiredText, text } from './common.ts';
import { CompetitionCodeSchema } from './competitions.ts';

export const REGISTRATION_STATUSES = ['pending', 'approved', 'rejected'] as const;
/** `null` means not registered (api.md). */
export const RegistrationStatusSchema = z.enum(REGISTRATION_STATUSES).nullable();
export type RegistrationStatus = z.infer<typeof RegistrationStatusSchema>;

export const CategorySchema = z.enum(CATEGORIES).nullable();

/** The in-person final round's details for a category, as organisers write them: strings for display. */
export const FinalRoundDetailsSchema = z.object({
  date: z.string().nullable(),
  reporting_time: z.string().nullable(),
  time: z.string().nullable(),
  venue: z.string().nullable(),
  influencer_Session: z.string().nullable(),
  departure: z.string().nullable(),
});
export type FinalRoundDetails = z.infer<typeof FinalRoundDetailsSchema>;

/**
 * `exam_details` (api.md): the final round's details and the online exam's slot, from the exam schedule
 * organisers set (decisions.md): its date and time for display (Asia/Dhaka, in the request's language), and
 * its start and end as ISO 8601 with Dhaka's offset. All null while no exam is scheduled for the category.
 */
export const ExamDetailsSchema = FinalRoundDetailsSchema.extend({
  online_exam_date: z.string().nullable(),
  online_exam_time: z.string().nullable(),
  online_exam_starts_at: z.string().nullable(),
  online_exam_ends_at: z.string().nullable(),
});
export type ExamDetails = z.infer<typeof ExamDetailsSchema>;

const StatusFields = {
  registration_status: RegistrationStatusSchema,
  registration_date: z.string().nullable(),
  admit_card_url: z.string().nullable(),
  exam_details: ExamDetailsSchema.nullable(),
};

/** `GET /v1/ngso-1/registration/status`: the three fields stand at both levels (api.md). */
export const RegistrationStatusResponseSchema = z.object({
  status: z.literal('success'),
  category: CategorySchema,
  registration_date: StatusFields.registration_date,
  admit_card_url: StatusFields.admit_card_url,
  exam_details: StatusFields.exam_details,
  /** `rejection_reason` is ours: the rejected card shows it. */
  data: z.object({ ...StatusFields, rejection_reason: z.string().nullable() }),
});
export type RegistrationStatusResponse = z.infer<typeof RegistrationStatusResponseSchema>;

export const TSHIRT_SIZES = ['XS', 'S', 'M', 'L', 'XL', 'XXL'] as const;
export const PAYMENT_METHODS = ['bkash', 'nagad', 'rocket'] as const;
export const CLASS_LEVELS = [6, 7, 8, 9, 10, 11, 12] as const;

/** Class decides the category: 6-8 junior, 9-10 senior, 11-12 secondary (decisions.md). */
export function categoryForClass(classLevel: number): Category {
  if (classLevel <= 8) return 'junior';
  if (classLevel <= 10) return 'senior';
  return 'secondary';
}

/** `POST /v1/ngso-1/registration`: the final-round registration form (decisions.md, api.md). */
export const RegistrationFormSchema = z
  .object({
    name: NameSchema,
    institution: requiredString().max(200, msg('institution.max')),
    class: z
      .number({ error: 'class.range' satisfies MessageKey })
      .int(msg('class.range'))
      .min(6, msg('class.range'))
      .max(12, msg('class.range')),
    division: requiredString().max(100, msg('location.division')),
    district: requiredString().max(100, msg('location.district')),
    sub_district: requiredString().max(100, msg('location.sub_district')),
    guardian_name: NameSchema,
    guardian_phone: PhoneSchema,
    tshirt_size: z.enum(TSHIRT_SIZES, msg('tshirt.invalid')),
    pickup_spot: requiredString().max(100, msg('pickup.invalid')).refine(isPickupSpot, msg('pickup.invalid')),
    payment_method: z.enum(PAYMENT_METHODS, msg('payment.invalid')),
    payment_sender: PhoneSchema,
    transaction_id: requiredString()
      .regex(/^[A-Za-z0-9]{6,20}$/, msg('transaction.invalid'))
      .transform((id) => id.toUpperCase()),
  })
  .superRefine((form, ctx) => {
    const broken = locationError(form);
    if (broken) ctx.addIssue({ code: 'custom', path: [broken], message: `location.${broken}` });
  });
export type RegistrationForm = z.input<typeof RegistrationFormSchema>;

/** The stored form as the server answers it (no transforms: responses are encoded, not parsed). */
export const RegistrationFormDataSchema = z.object({
  name: z.string(),
  institution: z.string(),
  class: z.number(),
  division: z.string(),
  district: z.string(),
  sub_district: z.string(),
  guardian_name: z.string(),
  guardian_phone: z.string(),
  tshirt_size: z.enum(TSHIRT_SIZES),
  pickup_spot: z.string(),
  payment_method: z.enum(PAYMENT_METHODS),
  payment_sender: z.string(),
  transaction_id: z.string(),
});
export type RegistrationFormData = z.infer<typeof RegistrationFormDataSchema>;

export const RegistrationResponseSchema = z.object({
  status: z.literal('success'),
  message: z.string(),
  category: CategorySchema,
  data: z.object({ registration_status: RegistrationStatusSchema, registration_date: z.string().nullable() }),
});
export type RegistrationResponse = z.infer<typeof RegistrationResponseSchema>;

export const PreliminaryLookupSchema = z.object({ email: EmailSchema });

export const PreliminaryResultSchema = z.object({
  email: z.string(),
  name: z.string(),
  category: z.enum(CATEGORIES),
  score: z.number(),
  total: z.number(),
  qualified: z.boolean(),
});
export type PreliminaryResult = z.infer<typeof PreliminaryResultSchema>;
export const PreliminaryResultResponseSchema = z.object({
  status: z.literal('success'),
  data: PreliminaryResultSchema,
});

/** `GET /v1/verify/:code`: what a public admit-card check shows, nothing private. */
/** The public admit-card check: name, roll, category and status only. */
export const AdmitCardCheckSchema = z.object({
  name: z.string(),
  roll_number: z.string(),
  category: z.enum(CATEGORIES),
  registration_status: z.enum(REGISTRATION_STATUSES),
});
export type AdmitCardCheck = z.infer<typeof AdmitCardCheckSchema>;
/** GET /v1/verify/:code: an admit card's answer as before, or a certificate's (decision 033). */
export const VerifyResponseSchema = z.object({
  status: z.literal('success'),
  data: z.union([AdmitCardCheckSchema, CertificateCheckSchema]),
});
export type VerifyResponse = z.infer<typeof VerifyResponseSchema>;

export const RejectSchema = z.object({ reason: requiredText().max(500, msg('rejection.reason')) });

/** A registration in the organisers' lists (api.md). */
export const AdminRegistrationSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  name: z.string(),
  email: z.string(),
  phone_number: z.string().nullable(),
  category: z.enum(CATEGORIES),
  class: z.number(),
  institution: z.string(),
  division: z.string(),
  district: z.string(),
  sub_district: z.string(),
  registration_status: z.enum(REGISTRATION_STATUSES),
  registration_date: z.string(),
  payment_method: z.enum(PAYMENT_METHODS),
  payment_sender: z.string(),
  transaction_id: z.string(),
  roll_number: z.string().nullable(),
  rejection_reason: z.string().nullable(),
  /** Set when a payment statement showed this transaction with the right amount (an extension of api.md). */
  payment_matched_at: z.string().nullable(),
});
export type AdminRegistration = z.infer<typeof AdminRegistrationSchema>;

export const PAYMENT_MATCH_FILTERS = ['matched', 'unmatched'] as const;

export const AdminRegistrationQuerySchema = z.object({
  status: z.enum(REGISTRATION_STATUSES).optional(),
  category: z.enum(CATEGORIES).optional(),
  division: text({ typeError: 'request.invalid' }).max(100).optional(),
  q: text({ typeError: 'request.invalid' }).max(200).optional(),
  payment: z.enum(PAYMENT_MATCH_FILTERS).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(200).default(50),
  competition: CompetitionCodeSchema.default('ngso-1'),
});

export const ListMetaSchema = z.object({ page: z.number(), per_page: z.number(), total: z.number() });
export const AdminRegistrationListSchema = z.object({
  status: z.literal('success'),
  data: z.array(AdminRegistrationSchema),
  meta: ListMetaSchema,
});

const DetailText = text({ typeError: 'request.invalid' }).max(300, msg('text.tooLong')).nullable();

/** Organisers edit the in-person final round's details per category (they feed `exam_details` and the admit card). */
export const FinalRoundDetailsInputSchema = z.object({
  date: DetailText,
  reporting_time: DetailText,
  time: DetailText,
  venue: DetailText,
  influencer_Session: DetailText,
  departure: DetailText,
});
export const FinalRoundDetailsResponseSchema = z.object({
  status: z.literal('success'),
  data: FinalRoundDetailsSchema,
});

/**
 * What reconciling a payment provider's statement found. Matched pending registrations are marked for
 * one-click approval; everything else is listed for a person to look at, row by row.
 */
const StatementLine = z.object({ row: z.number(), transaction_id: z.string() });
export const ReconciliationReportSchema = z.object({
  rows: z.number(),
  matched: z.array(StatementLine.extend({ registration_id: z.string(), name: z.string() })),
  already_decided: z.array(
    StatementLine.extend({
      registration_id: z.string(),
      name: z.string(),
      registration_status: z.enum(REGISTRATION_STATUSES),
    }),
  ),
  wrong_amount: z.array(
    StatementLine.extend({
      registration_id: z.string(),
      name: z.string(),
      amount: z.number(),
      expected: z.number(),
    }),
  ),
  sender_mismatch: z.array(
    StatementLine.extend({
      registration_id: z.string(),
      name: z.string(),
      sender: z.string(),
      expected: z.string(),
    }),
  ),
  unknown: z.array(StatementLine.extend({ amount: z.number().nullable(), sender: z.string() })),
  invalid: z.array(z.object({ row: z.number(), message: z.string() })),
});
export type ReconciliationReport = z.infer<typeof ReconciliationReportSchema>;
