import type { Category } from '@ngso/shared/constants';
import type { CertificateCheck } from '@ngso/shared/schemas/certificates';
import type { AdmitCardCheck } from '@ngso/shared/schemas/registration';
import { AppError } from '../../lib/app-error.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { certificateCheck } from '../certificates/certificates.service.ts';
import { findRegistrationByAnyCode } from '../certificates/public.ts';

/** A QR code's code: an admit card's as approval makes it (base64url), or a certificate's (hex); else nothing. */
export const ADMIT_CARD_CODE = /^[A-Za-z0-9_-]{8,64}$/;

/**
 * What a QR code opens: nothing private. An admit card's code answers name, roll, category and status; a
 * certificate's code (decision 033) that it is genuine, the name, the award and the year. Codes are random,
 * so they cannot be enumerated; an unknown code, and a certificate's before publication, answer the same 404.
 */
export async function verifyCode(
  ctx: ServiceContext,
  code: string,
): Promise<AdmitCardCheck | CertificateCheck> {
  const row = ADMIT_CARD_CODE.test(code) ? await findRegistrationByAnyCode(ctx.db, code) : undefined;
  if (row && row.verificationCode === code && row.rollNumber) {
    return {
      name: row.name,
      roll_number: row.rollNumber,
      category: row.category as Category,
      registration_status: row.status,
    };
  }
  const certificate = row?.certificateCode === code ? await certificateCheck(ctx, row) : undefined;
  if (!certificate) throw new AppError(404, 'verify.notFound');
  return certificate;
}
