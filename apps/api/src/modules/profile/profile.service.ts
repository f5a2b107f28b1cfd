import type { ProfileUser } from '@ngso/shared/schemas/profile';
import type { UserRow } from '../auth/auth.repo.ts';
import { toPublicUser } from '../auth/auth.service.ts';

/** The user with the profile fields (api.md, `GET /v1/user/profile`). */
export function toProfileUser(user: UserRow): ProfileUser {
  return {
    ...toPublicUser(user),
    phone_number: user.phoneNumber,
    institution: user.institution,
    division: user.division,
    district: user.district,
    sub_district: user.subDistrict,
    created_at: user.createdAt.toISOString(),
  };
}
