import { parse } from 'content-disposition';
import { describe, expect, it } from 'vitest';
import { attachment } from './attachment.ts';

describe('attachment', () => {
  it('quotes an ASCII name as the downloads always had it', () => {
    expect(attachment('results-junior.csv')).toBe('attachment; filename="results-junior.csv"');
  });

  it('sends a Bangla name in UTF-8 (RFC 5987), with an ASCII stand-in, and it reads back whole', () => {
    const header = attachment('ফলাফল-জুনিয়র.csv');
    expect(header).toBe(
      'attachment; filename="?????-???????.csv"; filename*=UTF-8\'\'%E0%A6%AB%E0%A6%B2%E0%A6%BE%E0%A6%AB%E0%A6%B2-%E0%A6%9C%E0%A7%81%E0%A6%A8%E0%A6%BF%E0%A6%AF%E0%A6%BC%E0%A6%B0.csv',
    );
    expect(parse(header)).toEqual({ type: 'attachment', parameters: { filename: 'ফলাফল-জুনিয়র.csv' } });
  });

  it('escapes a quote in a name, so it cannot end the header value early', () => {
    const header = attachment('a"; filename="evil.exe');
    expect(header).toBe('attachment; filename="a\\"; filename=\\"evil.exe"');
    expect(parse(header).parameters.filename).toBe('a"; filename="evil.exe');
  });
});
