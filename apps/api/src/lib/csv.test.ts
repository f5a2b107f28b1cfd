import { describe, expect, it } from 'vitest';
import { parseCsvRecords, toCsv, uploadedCsvText } from './csv.ts';

describe('toCsv', () => {
  it('starts with a BOM, quotes what needs quoting, and keeps Bangla', () => {
    const csv = toCsv(
      ['name', 'note'],
      [
        ['নুসরাত জাহান', 'a, "b"'],
        ['X', null],
      ],
    );
    expect(csv.startsWith('\uFEFFname,note\r\n')).toBe(true);
    expect(csv).toContain('নুসরাত জাহান,"a, ""b"""');
    expect(csv).toContain('X,\r\n');
  });

  it('defuses cells that a spreadsheet would run as formulas', () => {
    const csv = toCsv(['v'], [['=HYPERLINK("x")'], ['+1'], ['-2'], ['@SUM(A1)'], ['safe']]);
    expect(csv).toContain(`"'=HYPERLINK(""x"")"`);
    expect(csv).toContain("'+1");
    expect(csv).toContain("'-2");
    expect(csv).toContain("'@SUM(A1)");
    expect(csv).toContain('safe');
  });
});

describe('reading an uploaded CSV', () => {
  it('refuses a file with a NUL character (not text) with the message of its upload, 422', () => {
    const binary = Buffer.from('PK\u0003\u0004\u0000\u0000xlsx', 'utf8');
    expect(() => uploadedCsvText(binary, 'statement.columns')).toThrow(
      expect.objectContaining({ statusCode: 422, messageKey: 'statement.columns' }),
    );
    expect(uploadedCsvText(Buffer.from('email,score\r\n', 'utf8'), 'prelim.import.invalid')).toBe(
      'email,score\r\n',
    );
  });

  it('reads rows past a BOM, trimmed, without empty lines, of any length', () => {
    expect(parseCsvRecords('\uFEFFa, b\r\n\r\n c ,d,e\r\n')).toEqual([
      ['a', 'b'],
      ['c', 'd', 'e'],
    ]);
    expect(() => parseCsvRecords('"open quote\n')).toThrow();
  });
});
