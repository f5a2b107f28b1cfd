import type { CommittedImage } from '@ngso/shared/schemas/exam';
import type { VerifiedReceipt } from '@ngso/shared/schemas/receipts';
import { AppError } from '../../lib/app-error.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { type ReceiptFacts, receiptCode, signReceipt, verifyReceipt } from '../../lib/receipt-signing.ts';
import { toDhakaIso } from '../../lib/time.ts';
import { findCompetitionByCode, findCompetitionById } from '../competitions/competitions.repo.ts';
import { questionsOf } from '../exam/exam.repo.ts';

/** A photo's commitment as a receipt names it. */
export type Commitment = {
  competition: string;
  rollNumber: string;
  questionNumber: number;
  questionId: string;
  sha256: string;
  size: number;
  committedAt: Date;
};

/** The receipt of a commitment and its short code, as the answers' photos carry them. */
export type PhotoReceipt = { receipt: string; receipt_code: string };

/**
 * Signs a commitment. Ed25519 signatures are deterministic, so the same stored commitment always gives the
 * same receipt: the server gives it again on any later read (the success page after a reload).
 */
export function receiptOf(ctx: Pick<ServiceContext, 'receipts'>, commitment: Commitment): PhotoReceipt {
  const facts: ReceiptFacts = {
    c: commitment.competition,
    r: commitment.rollNumber,
    n: commitment.questionNumber,
    q: commitment.questionId,
    h: commitment.sha256,
    s: commitment.size,
    t: commitment.committedAt.toISOString(),
  };
  const receipt = signReceipt(ctx.receipts.signing, facts);
  return { receipt, receipt_code: receiptCode(receipt) };
}

/**
 * The receipts of one student's photos in one question's answer, as the student got them: for the console,
 * where an organiser compares them with the one a student shows.
 */
export async function commitmentReceipts(
  ctx: ServiceContext,
  question: { id: string; competitionId: string; category: string },
  rollNumber: string,
) {
  const [competition, questions] = await Promise.all([
    findCompetitionById(ctx.db, question.competitionId),
    questionsOf(ctx.db, question.competitionId, question.category),
  ]);
  const questionNumber = questions.findIndex((row) => row.id === question.id) + 1;
  return (image: CommittedImage, committedAt: Date | undefined): Partial<PhotoReceipt> => {
    if (!competition || questionNumber === 0 || !committedAt) return {};
    return receiptOf(ctx, {
      competition: competition.code,
      rollNumber,
      questionNumber,
      questionId: question.id,
      sha256: image.sha256,
      size: image.size,
      committedAt,
    });
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
