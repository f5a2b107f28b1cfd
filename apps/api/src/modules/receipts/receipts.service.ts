import type { VerifiedReceipt } from '@ngso/shared/schemas/receipts';
import { AppError } from '../../lib/app-error.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { type ReceiptFacts, receiptCode, signReceipt, verifyReceipt } from '../../lib/receipt-signing.ts';
import { toDhakaIso } from '../../lib/time.ts';
import { findCompetitionByCode } from '../competitions/competitions.repo.ts';

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
