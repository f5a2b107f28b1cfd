import type { ProfileUpdate, ProfileUser } from '@ngso/shared/schemas/profile';

/** The fields of Edit Profile, in the order of the form. */
export const EDITABLE_FIELDS = [
  'name',
  'phone_number',
  'institution',
  'division',
  'district',
  'sub_district',
] as const;
export type EditableField = (typeof EDITABLE_FIELDS)[number];

/** What the form holds: text, '' for an empty field. */
export type ProfileFormValues = Record<EditableField, string>;

export function formValuesOf(profile: ProfileUser): ProfileFormValues {
  return {
    name: profile.name,
    phone_number: profile.phone_number ?? '',
    institution: profile.institution ?? '',
    division: profile.division ?? '',
    district: profile.district ?? '',
    sub_district: profile.sub_district ?? '',
  };
}

const normalise = (value: string | null | undefined) => (value ? value : null);

/**
 * Only the fields that differ from the current profile (spec section 4), from the form's
 * validated values (trimmed, phone normalised, empty as null). Empty means nothing to send.
 */
export function changedFields(
  profile: ProfileUser,
  values: Partial<Record<EditableField, string | null>>,
): ProfileUpdate {
  const changes: Record<string, string | null> = {};
  for (const field of EDITABLE_FIELDS) {
    const next = normalise(values[field]);
    if (next !== normalise(profile[field])) changes[field] = next;
  }
  return changes as ProfileUpdate;
}
