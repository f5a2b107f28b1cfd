import { normalisePhone } from '@ngso/shared/phone';
import type { ReconciliationReport } from '@ngso/shared/schemas/registration';
import { AppError } from '../../lib/app-error.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { UserRow } from '../auth/user.ts';
import { competitionByCodeOr404 } from '../competitions/competitions.service.ts';
import { parsePaymentStatement } from './parse-payment-statement.ts';
import {
  findRegistrationsByTransactionIds,
  markPaymentsMatched,
  type RegistrationRow,
} from './registration.repo.ts';

/** Statements write numbers as 8801..., +8801... or 01...; compare them in one form. */
const sameSender = (statement: string, registered: string) =>
  (normalisePhone(statement) ?? statement.replace(/\D/g, '')) ===
  (normalisePhone(registered) ?? registered.replace(/\D/g, ''));

/** Statements can be long: IDs are looked up in slices so one query never carries thousands. */
const SLICE = 500;

async function registrationsFor(ctx: ServiceContext, competitionId: string, transactionIds: string[]) {
  const found = new Map<string, RegistrationRow>();
  for (let start = 0; start < transactionIds.length; start += SLICE) {
    const rows = await findRegistrationsByTransactionIds(
      ctx.db,
      competitionId,
      transactionIds.slice(start, start + SLICE),
    );
    for (const row of rows) found.set(row.transactionId, row);
  }
  return found;
}

/**
 * Reconciles a payment provider's statement with the competition's registrations. A pending registration
 * whose transaction ID appears with exactly the competition's fee from the registered sender is marked as
 * matched (an organiser still approves it); every other line is reported and nothing about it changes.
 */
export async function reconcilePayments(
  ctx: ServiceContext,
  admin: UserRow,
  code: string,
  csv: string,
): Promise<ReconciliationReport> {
  const competition = await competitionByCodeOr404(ctx.db, code);
  const { lines, errors, missingColumns } = parsePaymentStatement(csv);
  if (missingColumns) throw new AppError(422, 'statement.columns');
  if (lines.length === 0 && errors.length > 0) {
    throw new AppError(422, 'statement.invalid', {
      details: Object.fromEntries(errors.map((error) => [`row ${error.row}`, [error.message]])),
    });
  }
  if (lines.length === 0) throw new AppError(422, 'statement.empty');

  const registrations = await registrationsFor(
    ctx,
    competition.id,
    lines.map((line) => line.transactionId),
  );
  const report: ReconciliationReport = {
    rows: lines.length + errors.length,
    matched: [],
    already_decided: [],
    wrong_amount: [],
    sender_mismatch: [],
    unknown: [],
    invalid: errors,
  };
  for (const line of lines) {
    const registration = registrations.get(line.transactionId);
    const base = { row: line.row, transaction_id: line.transactionId };
    if (!registration) {
      report.unknown.push({ ...base, amount: line.amount, sender: line.sender });
      continue;
    }
    const who = { ...base, registration_id: registration.id, name: registration.name };
    if (registration.status !== 'pending') {
      report.already_decided.push({ ...who, registration_status: registration.status });
    } else if (line.amount !== competition.feeBdt) {
      report.wrong_amount.push({ ...who, amount: line.amount ?? 0, expected: competition.feeBdt });
    } else if (!sameSender(line.sender, registration.paymentSender)) {
      report.sender_mismatch.push({ ...who, sender: line.sender, expected: registration.paymentSender });
    } else {
      report.matched.push(who);
    }
  }

  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const marked = new Set(
      await markPaymentsMatched(
        tx,
        report.matched.map((match) => match.registration_id),
        competition.feeBdt,
        now,
      ),
    );
    report.matched = report.matched.filter((match) => marked.has(match.registration_id));
    await recordAudit(tx, {
      actorId: admin.id,
      action: 'registrations.reconcile',
      targetType: 'competition',
      targetId: competition.code,
      after: {
        rows: report.rows,
        matched: report.matched.length,
        already_decided: report.already_decided.length,
        wrong_amount: report.wrong_amount.length,
        sender_mismatch: report.sender_mismatch.length,
        unknown: report.unknown.length,
        invalid: report.invalid.length,
      },
      at: now,
    });
  });
  return report;
}
