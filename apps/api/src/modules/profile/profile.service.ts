import { locationError } from '@ngso/shared/geography';
import type { ProfileUpdateSchema, ProfileUser } from '@ngso/shared/schemas/profile';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { toPublicUser } from '../auth/auth.service.ts';
import type { UserRow } from '../auth/user.ts';
import { removeMedia, storeImage } from '../media/media.service.ts';
import { admitProfilePhoto } from '../media/upload-gate.ts';
import { type ProfileChanges, updateProfileFields } from './profile.repo.ts';

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

/** Changes only the fields sent; the place fields must still form a chain after the change. */
export async function updateProfile(
  ctx: ServiceContext,
  user: UserRow,
  input: z.output<typeof ProfileUpdateSchema>,
) {
  const location = {
    division: input.division !== undefined ? input.division : user.division,
    district: input.district !== undefined ? input.district : user.district,
    sub_district: input.sub_district !== undefined ? input.sub_district : user.subDistrict,
  };
  const broken = locationError(location);
  if (broken) {
    throw new AppError(422, 'validation.failed', { fieldErrors: { [broken]: [`location.${broken}`] } });
  }
  const changes: ProfileChanges = {
    name: input.name,
    institution: input.institution,
    phoneNumber: input.phone_number,
    division: input.division,
    district: input.district,
    subDistrict: input.sub_district,
  };
  const defined = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
  if (Object.keys(defined).length === 0) return user;
  return updateProfileFields(ctx.db, user.id, defined, ctx.clock.now());
}

/**
 * Stores a new profile photo and removes the previous one (a child's photo is not kept longer than needed).
 * `read` reads the upload's body, only once the profile photos' own gate admits it (upload-gate.ts).
 */
export async function changePhoto(
  ctx: ServiceContext,
  user: UserRow,
  read: () => Promise<{ data: Buffer; fileName: string }>,
) {
  return admitProfilePhoto(user.id, async () => {
    const photo = await storeImage(ctx, user, await read(), 'profile');
    const updated = await updateProfileFields(ctx.db, user.id, { profileImageId: photo.id }, ctx.clock.now());
    if (user.profileImageId) await removeMedia(ctx, user.id, user.profileImageId);
    return updated;
  });
}
