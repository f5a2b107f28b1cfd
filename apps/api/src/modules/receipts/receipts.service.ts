import type { CommittedImage } from '@ngso/shared/schemas/exam';
import type { VerifiedReceipt } from '@ngso/shared/schemas/receipts';
import { AppError } from '../../lib/app-error.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { type ReceiptFacts, receiptCode, signReceipt, verifyReceipt } from '../../lib/receipt-signing.ts';
import { toDhakaIso } from '../../lib/time.ts';
import { findCompetitionByCode } from '../competitions/public.ts';

/** The receipt of a commitment and its short code, as the answers' photos carry them. */
export type PhotoReceipt = { receipt: string; receipt_code: string };

/**
 * The receipts of one student's photos in one exam (`questions` in the exam's order, which numbers them).
 * Ed25519 signatures are deterministic, so the same stored commitment always gives the same receipt: the
 * server gives it again on any later read (the success page after a reload, an admin in the console).
 */
export function studentReceipts(
  ctx: Pick<ServiceContext, 'receipts'>,
  student: { competition: string; rollNumber: string | null; questions: readonly { id: string }[] },
) {
  const numbers = new Map(student.questions.map((question, i) => [question.id, i + 1]));
  return (
    questionId: string,
    image: CommittedImage,
    committedAt: Date | undefined,
  ): Partial<PhotoReceipt> => {
    const questionNumber = numbers.get(questionId);
    if (!committedAt || !questionNumber || !student.rollNumber) return {};
    const facts: ReceiptFacts = {
      c: student.competition,
      r: student.rollNumber,
      n: questionNumber,
      q: questionId,
      h: image.sha256,
      s: image.size,
      t: committedAt.toISOString(),
    };
    const receipt = signReceipt(ctx.receipts.signing, facts);
    return { receipt, receipt_code: receiptCode(receipt) };
  };
}

/** What a genuine receipt proves; 422 with the reason for anything else. */
export async function checkReceipt(ctx: ServiceContext, receipt: string): Promise<VerifiedReceipt> {
  const check = verifyReceipt(ctx.receipts.verifying, receipt);
  if (!check.ok) throw new AppError(422, check.why === 'invalid' ? 'receipt.invalid' : 'receipt.notGenuine');
  const { payload } = check;
  const competition = await findCompetitionByCode(ctx.db, payload.c);
  return {
    competition: payload.c,
    competition_name: competition?.name ?? null,
    roll_number: payload.r,
    question_number: payload.n,
    question_id: payload.q,
    sha256: payload.h,
    size: payload.s,
    committed_at: toDhakaIso(new Date(payload.t)),
    key_id: payload.k,
    code: check.code,
  };
}
