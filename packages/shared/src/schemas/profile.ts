import { z } from 'zod';
import { NameSchema, PhoneSchema, UserSchema } from './auth.ts';
import { msg, text } from './common.ts';

/** The user object of `GET /v1/user/profile`: the user plus the profile fields (api.md). */
export const ProfileUserSchema = UserSchema.extend({
  phone_number: z.string().nullable(),
  institution: z.string().nullable(),
  division: z.string().nullable(),
  district: z.string().nullable(),
  sub_district: z.string().nullable(),
  created_at: z.string(),
});
export type ProfileUser = z.infer<typeof ProfileUserSchema>;

export const ProfileResponseSchema = z.object({ status: z.literal('success'), user: ProfileUserSchema });
export type ProfileResponse = z.infer<typeof ProfileResponseSchema>;

/** An empty or blank text clears the field (stored as null). */
const clearable = (max: number, key: Parameters<typeof msg>[0]) =>
  text({ typeError: 'request.invalid' })
    .max(max, msg(key))
    .nullable()
    .transform((value) => (value ? value : null));

/**
 * `PUT /v1/user/profile`: any of these fields; only the fields sent change. The server also checks that
 * division, district and sub-district form a chain of the geography dataset (after the change).
 */
export const ProfileUpdateSchema = z.object({
  name: NameSchema.optional(),
  institution: clearable(200, 'institution.max').optional(),
  phone_number: PhoneSchema.optional(),
  division: clearable(100, 'location.division').optional(),
  district: clearable(100, 'location.district').optional(),
  sub_district: clearable(100, 'location.sub_district').optional(),
});
export type ProfileUpdate = z.input<typeof ProfileUpdateSchema>;

/** `POST /v1/user/profile/photo`. */
export const PhotoResponseSchema = z.object({
  status: z.literal('success'),
  user: z.object({ profile_image: z.string().nullable() }),
  profile_image: z.string().nullable(),
});
export type PhotoResponse = z.infer<typeof PhotoResponseSchema>;
