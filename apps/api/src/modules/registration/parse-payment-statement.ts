import { parseCsvRecords } from '../../lib/csv.ts';

/** One payment line of a provider's statement, as read from the file. */
export type StatementLine = { row: number; transactionId: string; amount: number | null; sender: string };
export type StatementError = { row: number; message: string };

/**
 * Providers name their columns differently ("TrxID", "Transaction ID", "Sender No"...): a header is
 * compared with its letters and digits only, lower-cased, against these names.
 */
const COLUMN_NAMES = {
  transactionId: ['transactionid', 'trxid', 'txnid', 'transaction'],
  amount: ['amount', 'amountbdt', 'amounttk'],
  sender: ['sender', 'senderno', 'sendernumber', 'from', 'account', 'senderaccount'],
} as const;
type Column = keyof typeof COLUMN_NAMES;

const compact = (cell: string) => cell.toLowerCase().replace(/[^a-z0-9]/g, '');

/** "৳ 1,299.00" → 1299; anything that is not a plain amount → null. */
export function parseAmount(cell: string): number | null {
  const cleaned = cell.replace(/[,\s]/g, '').replace(/^(?:bdt|tk|৳)/i, '');
  if (!/^\d+(?:\.\d{1,2})?$/.test(cleaned)) return null;
  return Number(cleaned);
}

/**
 * Reads a statement CSV (UTF-8, BOM allowed, a header row naming transaction ID, amount and sender in any
 * order; other columns are ignored). Rows number as a spreadsheet numbers them: the header is row 1.
 */
export function parsePaymentStatement(text: string): {
  lines: StatementLine[];
  errors: StatementError[];
  missingColumns: boolean;
} {
  let records: string[][];
  try {
    records = parseCsvRecords(text);
  } catch (err) {
    return {
      lines: [],
      errors: [{ row: 0, message: `the file is not valid CSV: ${(err as Error).message}` }],
      missingColumns: false,
    };
  }
  const [header = [], ...body] = records;
  const names = header.map(compact);
  const index = Object.fromEntries(
    (Object.keys(COLUMN_NAMES) as Column[]).map((column) => [
      column,
      names.findIndex((name) => (COLUMN_NAMES[column] as readonly string[]).includes(name)),
    ]),
  ) as Record<Column, number>;
  if (Object.values(index).some((i) => i < 0)) return { lines: [], errors: [], missingColumns: true };

  const lines: StatementLine[] = [];
  const errors: StatementError[] = [];
  const seen = new Map<string, number>();
  body.forEach((record, i) => {
    const row = i + 2;
    const transactionId = (record[index.transactionId] ?? '').toUpperCase();
    if (!/^[A-Z0-9]{4,40}$/.test(transactionId)) {
      errors.push({ row, message: 'the transaction ID is missing or not valid' });
      return;
    }
    const earlier = seen.get(transactionId);
    if (earlier) {
      errors.push({ row, message: `${transactionId} is already on row ${earlier}` });
      return;
    }
    seen.set(transactionId, row);
    lines.push({
      row,
      transactionId,
      amount: parseAmount(record[index.amount] ?? ''),
      sender: record[index.sender] ?? '',
    });
  });
  return { lines, errors, missingColumns: false };
}
