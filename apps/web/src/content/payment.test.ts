import { describe, expect, it } from 'vitest';
import { paymentAccounts } from './payment.ts';
import { PaymentAccountsSchema } from './payment-schema.ts';

describe('payment content', () => {
  it('has one valid account for each payment method', () => {
    expect(PaymentAccountsSchema.safeParse(paymentAccounts).error).toBeUndefined();
  });
});
