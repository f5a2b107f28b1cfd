import { z } from 'zod';
import { CATEGORIES } from '../constants.ts';
import { DIVISIONS } from '../geography.ts';
import { isPickupSpot } from '../pickup-spots.ts';
import { msg, requiredString, requiredText } from './common.ts';
import { REGISTRATION_STATUSES } from './registration.ts';

/** The slowest and fastest rates organisers may set for a notice's mails (per minute). */
export const ANNOUNCEMENT_RATE = { min: 1, max: 10_000, default: 60 } as const;

/**
 * Who receives a notice (decision 032): every student; those registered for the final round in a category,
 * or with a registration status; those of a division (the registration's, else the profile's); or the
 * approved entrants of one pick-up spot.
 */
export const AnnouncementSegmentSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('everyone') }),
    z.object({ kind: z.literal('category'), category: z.enum(CATEGORIES, msg('announcement.segment')) }),
    z.object({
      kind: z.literal('status'),
      status: z.enum(REGISTRATION_STATUSES, msg('announcement.segment')),
    }),
    z.object({
      kind: z.literal('division'),
      division: z
        .string(msg('location.division'))
        .refine((name) => DIVISIONS.some((place) => place.name === name), msg('location.division')),
    }),
    z.object({
      kind: z.literal('pickup'),
      pickup_spot: z
        .string(msg('announcement.pickupSpot'))
        .refine(isPickupSpot, msg('announcement.pickupSpot')),
    }),
  ],
  msg('announcement.segment'),
);
export type AnnouncementSegment = z.infer<typeof AnnouncementSegmentSchema>;
export const SEGMENT_KINDS = ['everyone', 'category', 'status', 'division', 'pickup'] as const;

export const AnnouncementPreviewSchema = z.object({ segment: AnnouncementSegmentSchema });

export const AnnouncementPreviewResponseSchema = z.object({
  status: z.literal('success'),
  data: z.object({ recipients: z.number() }),
});

/** A notice as organisers write it: both languages, the segment, the rate its mails go out at. */
export const AnnouncementInputSchema = z.object({
  title_en: requiredString().max(200, msg('text.tooLong')),
  title_bn: requiredString().max(200, msg('text.tooLong')),
  body_en: requiredText().max(5000, msg('text.tooLong')),
  body_bn: requiredText().max(5000, msg('text.tooLong')),
  segment: AnnouncementSegmentSchema,
  rate_per_minute: z
    .number(msg('announcement.rate'))
    .int(msg('announcement.rate'))
    .min(ANNOUNCEMENT_RATE.min, msg('announcement.rate'))
    .max(ANNOUNCEMENT_RATE.max, msg('announcement.rate')),
});
export type AnnouncementInput = z.input<typeof AnnouncementInputSchema>;

/** A sent notice in the console, with its delivery: mails delivered, failed for good, still pending. */
export const AdminAnnouncementSchema = z.object({
  id: z.string(),
  title_en: z.string(),
  title_bn: z.string(),
  body_en: z.string(),
  body_bn: z.string(),
  segment: AnnouncementSegmentSchema,
  rate_per_minute: z.number(),
  sent_at: z.string(),
  sent_by: z.string().nullable(),
  recipients: z.number(),
  delivered: z.number(),
  failed: z.number(),
  pending: z.number(),
  read: z.number(),
});
export type AdminAnnouncement = z.infer<typeof AdminAnnouncementSchema>;

export const AdminAnnouncementResponseSchema = z.object({
  status: z.literal('success'),
  data: AdminAnnouncementSchema,
});
export const AdminAnnouncementsResponseSchema = z.object({
  status: z.literal('success'),
  data: z.array(AdminAnnouncementSchema),
});

/** A notice on a student's profile, in both languages (the page shows the reader's). */
export const AnnouncementSchema = z.object({
  id: z.string(),
  title_en: z.string(),
  title_bn: z.string(),
  body_en: z.string(),
  body_bn: z.string(),
  sent_at: z.string(),
  read_at: z.string().nullable(),
});
export type Announcement = z.infer<typeof AnnouncementSchema>;

export const AnnouncementsResponseSchema = z.object({
  status: z.literal('success'),
  data: z.array(AnnouncementSchema),
});
export type AnnouncementsResponse = z.infer<typeof AnnouncementsResponseSchema>;
