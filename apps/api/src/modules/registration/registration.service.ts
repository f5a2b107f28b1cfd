import { randomBytes } from 'node:crypto';
import type { Category } from '@ngso/shared/constants';
import type { Language } from '@ngso/shared/language';
import type { MessageKey } from '@ngso/shared/messages/en';
import {
  categoryForClass,
  type RegistrationFormData,
  type RegistrationFormSchema,
  type RegistrationStatusResponse,
} from '@ngso/shared/schemas/registration';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { isUuid } from '../../lib/ids.ts';
import {
  registrationApprovedMail,
  registrationReceivedMail,
  registrationRejectedMail,
} from '../../mail/templates.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { findUserById } from '../auth/public.ts';
import type { UserRow } from '../auth/user.ts';
import { competitionByCodeOr404 } from '../competitions/competitions.service.ts';
import { examDetailsOf } from '../competitions/final-round.service.ts';
import { findCompetitionById } from '../competitions/public.ts';
import { findPreliminaryResult } from '../preliminary/public.ts';
import {
  findRegistrationById,
  findRegistrationOfUser,
  insertRegistration,
  nextRollSequence,
  type RegistrationRow,
  transactionIdTaken,
  updateRegistration,
} from './registration.repo.ts';

type Form = z.output<typeof RegistrationFormSchema>;

const ROLL_PREFIX: Record<Category, string> = { junior: 'JR', senior: 'SR', secondary: 'SC' };

const CLASS_OF_CATEGORY = {
  junior: 'registration.classNotJunior',
  senior: 'registration.classNotSenior',
  secondary: 'registration.classNotSecondary',
} as const satisfies Record<Category, MessageKey>;

/** The signed-in student's registration as the spec's status call shows it (api.md). */
export async function registrationStatus(
  ctx: ServiceContext,
  competitionCode: string,
  userId: string,
  language: Language = 'en',
): Promise<RegistrationStatusResponse> {
  const competition = await competitionByCodeOr404(ctx.db, competitionCode);
  const registration = await findRegistrationOfUser(ctx.db, competition.id, userId);
  const approved = registration?.status === 'approved';
  const fields = {
    registration_status: registration?.status ?? null,
    registration_date: registration?.registeredAt.toISOString() ?? null,
    admit_card_url: approved ? `/api/v1/${competition.code}/admit-card` : null,
    exam_details: approved
      ? await examDetailsOf(ctx.db, competition.id, registration.category, language)
      : null,
  };
  return {
    status: 'success',
    category: (registration?.category as Category | undefined) ?? null,
    registration_date: fields.registration_date,
    admit_card_url: fields.admit_card_url,
    exam_details: fields.exam_details,
    data: {
      ...fields,
      rejection_reason: registration?.status === 'rejected' ? registration.rejectionReason : null,
    },
  };
}

/** The student's own form, to correct and resubmit after a rejection. */
export async function ownRegistrationForm(ctx: ServiceContext, competitionCode: string, userId: string) {
  const competition = await competitionByCodeOr404(ctx.db, competitionCode);
  const row = await findRegistrationOfUser(ctx.db, competition.id, userId);
  if (!row) throw new AppError(404, 'registration.notFound');
  return toForm(row);
}

export const toForm = (row: RegistrationRow): RegistrationFormData => ({
  name: row.name,
  institution: row.institution,
  class: row.classLevel,
  division: row.division,
  district: row.district,
  sub_district: row.subDistrict,
  guardian_name: row.guardianName,
  guardian_phone: row.guardianPhone,
  tshirt_size: row.tshirtSize as RegistrationFormData['tshirt_size'],
  pickup_spot: row.pickupSpot,
  payment_method: row.paymentMethod,
  payment_sender: row.paymentSender,
  transaction_id: row.transactionId,
});

/**
 * Registers a qualified student for the final round, or resubmits a rejected registration (which
 * returns it to pending). The category is the preliminary result's, never the client's; the class must fit it.
 */
export async function submitRegistration(
  ctx: ServiceContext,
  competitionCode: string,
  user: UserRow,
  form: Form,
) {
  const competition = await competitionByCodeOr404(ctx.db, competitionCode);
  const result = await findPreliminaryResult(ctx.db, competition.id, user.email);
  if (!result) throw new AppError(403, 'registration.noResult', { params: { email: user.email } });
  if (!result.qualified)
    throw new AppError(403, 'registration.notQualified', { params: { email: user.email } });
  // The category is the one the student qualified in; a class of another category is a mistake to fix
  // (by the student, or by the organisers in the preliminary result), never a way into another category.
  const category = result.category as Category;
  if (categoryForClass(form.class) !== category) {
    throw new AppError(422, 'validation.failed', {
      fieldErrors: { class: [CLASS_OF_CATEGORY[category]] },
    });
  }

  const now = ctx.clock.now();
  const values = {
    competitionId: competition.id,
    userId: user.id,
    status: 'pending' as const,
    category,
    classLevel: form.class,
    name: form.name,
    institution: form.institution,
    division: form.division,
    district: form.district,
    subDistrict: form.sub_district,
    guardianName: form.guardian_name,
    guardianPhone: form.guardian_phone,
    tshirtSize: form.tshirt_size,
    pickupSpot: form.pickup_spot,
    paymentMethod: form.payment_method,
    paymentSender: form.payment_sender,
    transactionId: form.transaction_id,
    rejectionReason: null,
    registeredAt: now,
  };
  return ctx.withMail(async (tx, queueMail) => {
    const existing = await findRegistrationOfUser(tx, competition.id, user.id);
    if (existing && existing.status !== 'rejected') throw new AppError(409, 'registration.exists');
    if (await transactionIdTaken(tx, form.transaction_id, existing?.id)) {
      throw new AppError(409, 'transaction.used', { fieldErrors: { transaction_id: ['transaction.used'] } });
    }
    const saved = existing
      ? await updateRegistration(tx, existing.id, {
          ...values,
          ...(paymentChanged(existing, values) ? { paymentMatchedAt: null, paymentMatchedAmount: null } : {}),
          decidedAt: null,
          decidedBy: null,
        })
      : await insertRegistration(tx, values);
    // A unique index decides a race between two submissions (of one account, or of one transaction ID).
    if (!saved) throw new AppError(409, 'registration.exists');
    await queueMail(registrationReceivedMail(user, competition.name));
    return saved;
  });
}

/** A statement's match is about one payment: another transaction ID, sender or method is another payment. */
const paymentChanged = (
  stored: RegistrationRow,
  submitted: Pick<RegistrationRow, 'transactionId' | 'paymentSender' | 'paymentMethod'>,
) =>
  stored.transactionId !== submitted.transactionId ||
  stored.paymentSender !== submitted.paymentSender ||
  stored.paymentMethod !== submitted.paymentMethod;

async function pendingRegistration(ctx: ServiceContext, id: string) {
  const row = isUuid(id) ? await findRegistrationById(ctx.db, id) : undefined;
  if (!row) throw new AppError(404, 'registration.notFound');
  if (row.status !== 'pending') throw new AppError(409, 'registration.notPending');
  return row;
}

/** The registration's student and competition, for the mail a decision sends. */
async function partiesOf(ctx: ServiceContext, row: RegistrationRow) {
  const [student, competition] = await Promise.all([
    findUserById(ctx.db, row.userId),
    findCompetitionById(ctx.db, row.competitionId),
  ]);
  if (!student || !competition) throw new AppError(404, 'registration.notFound');
  return { student, competition };
}

/** Approves a pending registration: a roll number, a verification code, and the approval mail. */
export async function approveRegistration(ctx: ServiceContext, id: string, admin: UserRow) {
  const row = await pendingRegistration(ctx, id);
  const { student, competition } = await partiesOf(ctx, row);
  return ctx.withMail(async (tx, queueMail) => {
    const sequence = await nextRollSequence(tx, row.competitionId, row.category);
    const rollNumber = `${ROLL_PREFIX[row.category as Category]}-${String(sequence).padStart(4, '0')}`;
    const updated = await updateRegistration(tx, row.id, {
      status: 'approved',
      rollNumber,
      verificationCode: randomBytes(12).toString('base64url'),
      rejectionReason: null,
      decidedAt: ctx.clock.now(),
      decidedBy: admin.id,
    });
    await recordAudit(tx, {
      actorId: admin.id,
      action: 'registration.approve',
      targetType: 'registration',
      targetId: row.id,
      before: { status: row.status },
      after: { status: updated.status, roll_number: updated.rollNumber },
      at: ctx.clock.now(),
    });
    await queueMail(
      registrationApprovedMail(student, {
        competition: competition.name,
        rollNumber,
        profileUrl: `${ctx.config.BASE_URL}/profile`,
      }),
    );
    return updated;
  });
}

/** Rejects a pending registration with a reason the student reads; they may correct and resubmit. */
export async function rejectRegistration(ctx: ServiceContext, id: string, admin: UserRow, reason: string) {
  const row = await pendingRegistration(ctx, id);
  const { student, competition } = await partiesOf(ctx, row);
  return ctx.withMail(async (tx, queueMail) => {
    const updated = await updateRegistration(tx, row.id, {
      status: 'rejected',
      rejectionReason: reason,
      decidedAt: ctx.clock.now(),
      decidedBy: admin.id,
    });
    await recordAudit(tx, {
      actorId: admin.id,
      action: 'registration.reject',
      targetType: 'registration',
      targetId: row.id,
      before: { status: row.status },
      after: { status: updated.status, rejection_reason: reason },
      at: ctx.clock.now(),
    });
    await queueMail(
      registrationRejectedMail(student, {
        competition: competition.name,
        reason,
        formUrl: `${ctx.config.BASE_URL}/national-round-registration`,
      }),
    );
    return updated;
  });
}
