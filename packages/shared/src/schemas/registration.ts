import { z } from 'zod';
import { CATEGORIES } from '../constants.ts';

export const REGISTRATION_STATUSES = ['pending', 'approved', 'rejected'] as const;
/** `null` means not registered (api.md). */
export const RegistrationStatusSchema = z.enum(REGISTRATION_STATUSES).nullable();
export type RegistrationStatus = z.infer<typeof RegistrationStatusSchema>;

export const CategorySchema = z.enum(CATEGORIES).nullable();

/** The in-person final round's details for the student's category: strings for display, in Asia/Dhaka. */
export const ExamDetailsSchema = z.object({
  date: z.string().nullable(),
  reporting_time: z.string().nullable(),
  time: z.string().nullable(),
  venue: z.string().nullable(),
  influencer_Session: z.string().nullable(),
  departure: z.string().nullable(),
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
  data: z.object(StatusFields),
});
export type RegistrationStatusResponse = z.infer<typeof RegistrationStatusResponseSchema>;
