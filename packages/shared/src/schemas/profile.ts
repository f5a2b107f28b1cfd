import { z } from 'zod';
import { UserSchema } from './auth.ts';

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
