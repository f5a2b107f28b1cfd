import { CATEGORIES } from '@ngso/shared/constants';
import { z } from 'zod';
import { parseCsvRecords } from '../../lib/csv.ts';

const COLUMNS = ['email', 'name', 'category', 'score', 'total', 'qualified'] as const;

const RowSchema = z
  .object({
    email: z.email('not a valid e-mail').transform((email) => email.toLowerCase()),
    name: z.string().trim().min(1, 'name is empty').max(200, 'name is too long'),
    category: z.enum(CATEGORIES, 'category must be junior, senior or secondary'),
    score: z.coerce
      .number('score is not a number')
      .int('score must be a whole number')
      .min(0, 'score is negative'),
    total: z.coerce
      .number('total is not a number')
      .int('total must be a whole number')
      .positive('total must be above 0'),
    qualified: z
      .enum(['true', 'false'], 'qualified must be true or false')
      .transform((value) => value === 'true'),
  })
  .refine((row) => row.score <= row.total, { message: 'score is above total', path: ['score'] });

export type ParsedResult = z.output<typeof RowSchema>;
export type RowError = { row: number; message: string };

/**
 * Parses `email,name,category,score,total,qualified` (a header row first; UTF-8, BOM allowed).
 * All or nothing: any bad row makes the whole file fail, with every error named by its row number
 * (the header is row 1, as a spreadsheet numbers it).
 */
export function parseResultsCsv(text: string): { rows: ParsedResult[]; errors: RowError[] } {
  let records: string[][];
  try {
    records = parseCsvRecords(text);
  } catch (err) {
    return {
      rows: [],
      errors: [{ row: 0, message: `the file is not valid CSV: ${(err as Error).message}` }],
    };
  }
  const [header, ...body] = records;
  const names = (header ?? []).map((cell) => cell.toLowerCase());
  if (COLUMNS.some((column, i) => names[i] !== column)) {
    return { rows: [], errors: [{ row: 1, message: `the header must be ${COLUMNS.join(',')}` }] };
  }
  const rows: ParsedResult[] = [];
  const errors: RowError[] = [];
  const seen = new Map<string, number>();
  body.forEach((record, index) => {
    const row = index + 2;
    const parsed = RowSchema.safeParse(
      Object.fromEntries(COLUMNS.map((column, i) => [column, record[i] ?? ''])),
    );
    if (!parsed.success) {
      errors.push({ row, message: parsed.error.issues.map((issue) => issue.message).join('; ') });
      return;
    }
    const earlier = seen.get(parsed.data.email);
    if (earlier) errors.push({ row, message: `${parsed.data.email} is already on row ${earlier}` });
    seen.set(parsed.data.email, row);
    rows.push(parsed.data);
  });
  return { rows, errors };
}
