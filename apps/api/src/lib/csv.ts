import { stringify } from 'csv-stringify/sync';

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
