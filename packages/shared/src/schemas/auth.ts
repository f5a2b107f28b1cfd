import { z } from 'zod';
import {
  NAME_MAX_LENGTH,
  NAME_MIN_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  ROLES,
} from '../constants.ts';
import { normalisePhone } from '../phone.ts';
import { msg, requiredString } from './common.ts';

export const EmailSchema = requiredString()
  .max(254, msg('email.invalid'))
  .pipe(z.email(msg('email.invalid')))
  .transform((email) => email.toLowerCase());

/** A new password: the spec's minimum, and a maximum that bounds hashing work. */
export const NewPasswordSchema = z
  .string({ error: 'required' })
  .min(1, msg('required'))
  .min(PASSWORD_MIN_LENGTH, msg('password.min'))
  .max(PASSWORD_MAX_LENGTH, msg('password.max'));

export const NameSchema = requiredString()
  .min(NAME_MIN_LENGTH, msg('name.min'))
  .max(NAME_MAX_LENGTH, msg('name.max'));

/** Accepts 01XXXXXXXXX with an optional +88/88 prefix; yields the 11-digit local form. */
export const PhoneSchema = requiredString()
  .max(20, msg('phone.invalid'))
  .transform((value, ctx) => {
    const phone = normalisePhone(value);
    if (!phone) {
      ctx.addIssue({ code: 'custom', message: 'phone.invalid' });
      return z.NEVER;
    }
    return phone;
  });

export const RegisterSchema = z.object({
  name: NameSchema,
  email: EmailSchema,
  password: NewPasswordSchema,
  phone_number: PhoneSchema,
});
export type RegisterInput = z.input<typeof RegisterSchema>;

/**
 * A form that asks for its new password twice (register, reset, an invitation's acceptance): the
 * confirmation, which the server never sees, must match; the mismatch is said on the confirmation.
 */
function withConfirmation<Shape extends z.ZodRawShape & { password: typeof NewPasswordSchema }>(
  fields: Shape,
) {
  // The form's other fields vary; these two are always there (a generic shape hides them from the type).
  const matches = (form: object) => {
    const typed = form as { password: string; confirm_password: string };
    return typed.password === typed.confirm_password;
  };
  return z
    .object({ ...fields, confirm_password: z.string() })
    .refine(matches, { path: ['confirm_password'], message: 'password.mismatch' });
}

/** The register form adds the confirmation the server never sees. */
export const RegisterFormSchema = withConfirmation(RegisterSchema.shape);
export type RegisterForm = z.input<typeof RegisterFormSchema>;

export const LoginSchema = z.object({
  email: EmailSchema,
  password: z
    .string({ error: 'required' })
    .min(1, msg('required'))
    .max(PASSWORD_MAX_LENGTH, msg('password.max')),
});
export type LoginInput = z.input<typeof LoginSchema>;

export const ForgotPasswordSchema = z.object({ email: EmailSchema });
export type ForgotPasswordInput = z.input<typeof ForgotPasswordSchema>;

export const ResetPasswordSchema = z.object({
  token: requiredString().max(200, msg('token.invalid')),
  email: EmailSchema,
  password: NewPasswordSchema,
});
export type ResetPasswordInput = z.input<typeof ResetPasswordSchema>;

export const ResetPasswordFormSchema = withConfirmation({ password: NewPasswordSchema });
export type ResetPasswordForm = z.input<typeof ResetPasswordFormSchema>;

export const RoleSchema = z.enum(ROLES);

/** The user object of api.md. `number` is the phone number (the spec's name). */
export const UserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  number: z.string().nullable(),
  profile_image: z.string().nullable(),
  role: RoleSchema,
  /** Whether the owner has opened the link mailed to this address (needed for the final round and staff). */
  email_verified: z.boolean(),
});
export type User = z.infer<typeof UserSchema>;

export const UserResponseSchema = z.object({ status: z.literal('success'), user: UserSchema });
export type UserResponse = z.infer<typeof UserResponseSchema>;

export const RegisterResponseSchema = z.object({
  status: z.literal('success'),
  message: z.string(),
  user: UserSchema,
});
export type RegisterResponse = z.infer<typeof RegisterResponseSchema>;

export const LoginResponseSchema = z.object({
  status: z.literal('success'),
  data: z.object({ user: UserSchema }),
});
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

/** The token of a link mailed to prove an address (`/verify-email?token=`). */
export const VerifyEmailSchema = z.object({ token: requiredString().max(200, msg('token.invalid')) });
export type VerifyEmailInput = z.input<typeof VerifyEmailSchema>;

/** The roles an invitation can give: staff are never made by promoting whoever holds an address. */
export const STAFF_ROLES = ['grader', 'admin'] as const;
export const StaffRoleSchema = z.enum(STAFF_ROLES);
export type StaffRole = z.infer<typeof StaffRoleSchema>;

export const InviteStaffSchema = z.object({ email: EmailSchema, role: StaffRoleSchema });
export type InviteStaffInput = z.input<typeof InviteStaffSchema>;

/** Accepting an invitation sets the account's name and a new password. */
export const AcceptInvitationSchema = z.object({
  token: requiredString().max(200, msg('token.invalid')),
  name: NameSchema,
  password: NewPasswordSchema,
});
export type AcceptInvitationInput = z.input<typeof AcceptInvitationSchema>;

export const AcceptInvitationFormSchema = withConfirmation({ name: NameSchema, password: NewPasswordSchema });
export type AcceptInvitationForm = z.input<typeof AcceptInvitationFormSchema>;

/** A pending invitation as the console lists it. */
export const StaffInvitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: StaffRoleSchema,
  invited_by: z.string().nullable(),
  created_at: z.string(),
  expires_at: z.string(),
});
export type StaffInvitation = z.infer<typeof StaffInvitationSchema>;
