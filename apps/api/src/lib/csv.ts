import type { MessageKey } from '@ngso/shared/messages/en';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { AppError } from './app-error.ts';

/**
 * The text of an uploaded CSV file (UTF-8). A NUL character means the file is not text at all (a
 * spreadsheet's binary format, an image): 422 with the upload's own message, before any row is read.
 */
export function uploadedCsvText(bytes: Buffer, invalid: MessageKey): string {
  const text = bytes.toString('utf8');
  if (text.includes('\u0000')) throw new AppError(422, invalid);
  return text;
}

/**
 * The rows of a CSV text as the uploads read them: a byte-order mark skipped, empty lines skipped, cells
 * trimmed, rows of any length (the callers check the columns they need). Throws when it is not CSV.
 */
export const parseCsvRecords = (text: string): string[][] =>
  parse(text, { bom: true, skip_empty_lines: true, trim: true, relax_column_count: true });

/**
 * A CSV file that spreadsheet programs open correctly: UTF-8 with a byte-order mark (so Bangla shows),
 * and cells that would start a formula (= + - @, tab, CR) prefixed with an apostrophe (formula injection).
 */
export function toCsv(header: string[], rows: Array<Array<string | number | null>>) {
  const safe = (cell: string | number | null) => {
    if (cell === null) return '';
    const text = String(cell);
    return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  };
  return `\uFEFF${stringify([header, ...rows.map((row) => row.map(safe))], { record_delimiter: '\r\n' })}`;
}
