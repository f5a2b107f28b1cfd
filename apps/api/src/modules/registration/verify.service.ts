import type { Category } from '@ngso/shared/constants';
import { AppError } from '../../lib/app-error.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { findRegistrationByCode } from './registration.repo.ts';

/** An admit card's code as approval makes it (base64url); anything else matches nothing. */
export const ADMIT_CARD_CODE = /^[A-Za-z0-9_-]{8,64}$/;

/** What the admit card's QR code opens: nothing private. Codes are random, so they cannot be enumerated. */
export async function verifyAdmitCard(ctx: ServiceContext, code: string) {
  const row = ADMIT_CARD_CODE.test(code) ? await findRegistrationByCode(ctx.db, code) : undefined;
  if (!row?.rollNumber) throw new AppError(404, 'verify.notFound');
  return {
    name: row.name,
    roll_number: row.rollNumber,
    category: row.category as Category,
    registration_status: row.status,
  };
}
