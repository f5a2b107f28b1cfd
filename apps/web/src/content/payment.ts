import type { PaymentAccount } from './payment-schema.ts';

/**
 * Where students send the final round fee (BDT 299, shared constants). Placeholders until the organisers
 * give their real numbers; the registration form shows each beside its method.
 */
export const paymentAccounts: readonly PaymentAccount[] = [
  { method: 'bkash', number: '01XXXXXXXXX', accountType: 'personal' },
  { method: 'nagad', number: '01XXXXXXXXX', accountType: 'personal' },
  { method: 'rocket', number: '01XXXXXXXXX', accountType: 'personal' },
];
