import { PAYMENT_METHODS } from '@ngso/shared/schemas/registration';
import { z } from 'zod';

/**
 * The organiser's payment accounts for the final round fee (one per method the form offers). Kept apart
 * from schemas.ts so the payment content can be checked on its own (payment.test.ts).
 */
export const PaymentAccountSchema = z.object({
  method: z.enum(PAYMENT_METHODS),
  /** The account's number as the student types it into the payment app. */
  number: z.string().regex(/^01[0-9X]{9}$/, 'an 11-digit mobile number, 01XXXXXXXXX'),
  /** The kind of account, which decides how to pay (e.g. 'Personal': Send Money). */
  accountType: z.enum(['personal', 'merchant', 'agent']),
});
export type PaymentAccount = z.infer<typeof PaymentAccountSchema>;

export const PaymentAccountsSchema = z
  .array(PaymentAccountSchema)
  .length(PAYMENT_METHODS.length)
  .refine((accounts) => PAYMENT_METHODS.every((method) => accounts.some((a) => a.method === method)), {
    message: 'one account for each payment method',
  });
