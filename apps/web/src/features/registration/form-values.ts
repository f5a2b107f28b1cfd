import type { RegistrationForm, RegistrationFormData } from '@ngso/shared/schemas/registration';

/** What the form can take from the profile (spec section 3, Profile). */
export type ProfilePrefill = {
  name: string;
  institution: string | null;
  division: string | null;
  district: string | null;
  sub_district: string | null;
};

/** The form's fields, in order (server field errors go beside these). */
export const REGISTRATION_FIELDS = [
  'name',
  'institution',
  'class',
  'division',
  'district',
  'sub_district',
  'guardian_name',
  'guardian_phone',
  'tshirt_size',
  'pickup_spot',
  'payment_method',
  'payment_sender',
  'transaction_id',
] as const satisfies readonly (keyof RegistrationForm)[];

/**
 * The form's starting values: the stored form when a rejected registration is corrected, otherwise
 * what the profile knows (name, institution and place). Choices not made yet are empty; the schema
 * says which are required.
 */
export function initialFormValues(profile?: ProfilePrefill | null, stored?: RegistrationFormData | null) {
  if (stored) return { ...stored } as RegistrationForm;
  return {
    name: profile?.name ?? '',
    institution: profile?.institution ?? '',
    class: undefined,
    division: profile?.division ?? '',
    district: profile?.district ?? '',
    sub_district: profile?.sub_district ?? '',
    guardian_name: '',
    guardian_phone: '',
    tshirt_size: '',
    pickup_spot: '',
    payment_method: '',
    payment_sender: '',
    transaction_id: '',
  } as unknown as RegistrationForm;
}
