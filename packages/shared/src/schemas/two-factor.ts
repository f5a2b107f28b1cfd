import { z } from 'zod';
import { msg } from './common.ts';

/**
 * Staff's second factor: a time-based one-time code (RFC 6238, 6 digits, 30 s) from an authenticator
 * app, or one of the ten recovery codes shown once at set-up.
 */
export const TotpCodeSchema = z
  .string({ error: 'twoFactor.codeFormat' })
  .trim()
  .regex(/^\d{6}$/, msg('twoFactor.codeFormat'));

/** Ten letters a-z and 2-7 (base32, lower case), shown as two groups of five: `abcde-fgh23`. */
export const RecoveryCodeSchema = z
  .string({ error: 'twoFactor.recoveryFormat' })
  .trim()
  .toLowerCase()
  .regex(/^[a-z2-7]{5}-?[a-z2-7]{5}$/, msg('twoFactor.recoveryFormat'))
  .transform((code) => code.replace('-', ''));

export const ConfirmTwoFactorSchema = z.object({ code: TotpCodeSchema });
export type ConfirmTwoFactorInput = z.input<typeof ConfirmTwoFactorSchema>;

/** Signing in with the second factor: a code from the app, or a recovery code. */
export const VerifyTwoFactorSchema = z.union([
  z.object({ code: TotpCodeSchema }).strict(),
  z.object({ recovery_code: RecoveryCodeSchema }).strict(),
]);
export type VerifyTwoFactorInput = z.input<typeof VerifyTwoFactorSchema>;

export const TwoFactorStateSchema = z.object({
  /** Staff need it for the console; students never do. */
  required: z.boolean(),
  enabled: z.boolean(),
  /** Whether this session has passed it. */
  passed: z.boolean(),
  recovery_codes_left: z.number().int(),
});
export type TwoFactorState = z.infer<typeof TwoFactorStateSchema>;

export const TwoFactorSetupSchema = z.object({
  /** The secret in base32, for typing into an app that cannot scan. */
  secret: z.string(),
  otpauth_url: z.string(),
  /** The otpauth URL as a QR code (an SVG document). */
  qr_svg: z.string(),
});
export type TwoFactorSetup = z.infer<typeof TwoFactorSetupSchema>;
