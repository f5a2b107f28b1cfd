import { describe, expect, it } from 'vitest';
import { toCsv } from './csv.ts';

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
