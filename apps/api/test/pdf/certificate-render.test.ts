import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certificateWords } from '../../src/modules/certificates/certificate-text.ts';
import {
  CERTIFICATE_NAME_BOX,
  type CertificateData,
  renderCertificate,
} from '../../src/modules/certificates/render-certificate.ts';
import { pdfText, poppler } from '../helpers/poppler.ts';

const REFERENCE = path.join(import.meta.dirname, '../fixtures/certificate/name-bangla-conjuncts.png');
// Set to re-create the reference after a deliberate change; look at the PNG before committing it.
const UPDATE_REFERENCE = process.env.UPDATE_CERTIFICATE_REFERENCE === '1';
const COMPETITION = '1st National General Science Olympiad';
const CODE = '3f9c2a7e5b1d4c6f8a0e2b4d6f8a0c1e';

const english: CertificateData = {
  words: certificateWords('en', COMPETITION, 'junior', 'gold'),
  name: 'Rahim Uddin Chowdhury',
  institution: "Motijheel Government Boys' High School, Dhaka",
  date: '14 January 2025',
  code: CODE,
  verifyUrl: `http://localhost:3000/verify/${CODE}`,
};

/** Holds ক্ষ (in ক্ষ্মী), ত্য and শ্রী: conjuncts, a reordered vowel sign and ra-phala. */
const bangla: CertificateData = {
  ...english,
  words: certificateWords('bn', COMPETITION, 'junior', 'prize'),
  name: 'লক্ষ্মী সত্যজিৎ শ্রী',
  institution: 'ক্ষুদিরাম স্মৃতি উচ্চ বিদ্যালয়, রাজশাহী',
  date: '১৪ জানুয়ারি ২০২৫',
};

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'certificate-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The name area at 72 dpi (one pixel per point), as grey pixels. */
async function nameArea(pdf: Buffer): Promise<{ png: Buffer; grey: Buffer }> {
  const file = path.join(dir, `certificate-${Math.random().toString(36).slice(2)}.pdf`);
  await writeFile(file, pdf);
  await poppler('pdftoppm', ['-r', '72', '-png', '-singlefile', file, file]);
  const crop = sharp(await readFile(`${file}.png`)).extract({
    left: Math.round(CERTIFICATE_NAME_BOX.x),
    top: Math.round(CERTIFICATE_NAME_BOX.y),
    width: Math.round(CERTIFICATE_NAME_BOX.width),
    height: Math.round(CERTIFICATE_NAME_BOX.height),
  });
  return { png: await crop.clone().png().toBuffer(), grey: await crop.clone().greyscale().raw().toBuffer() };
}

/** Share of pixels whose grey level differs by more than a quarter of the range. */
function mismatch(a: Buffer, b: Buffer): number {
  expect(a.length).toBe(b.length);
  let different = 0;
  for (let i = 0; i < a.length; i++) if (Math.abs((a[i] ?? 0) - (b[i] ?? 0)) > 64) different++;
  return different / a.length;
}

describe('renderCertificate', () => {
  it('makes a one-page A4 landscape PDF', async () => {
    const doc = await PDFDocument.load(await renderCertificate(english));
    expect(doc.getPageCount()).toBe(1);
    const { width, height } = doc.getPage(0).getSize();
    expect(width).toBeCloseTo(841.89, 1);
    expect(height).toBeCloseTo(595.28, 1);
  });

  it('prints name, institution, category, award, date and code in English', async () => {
    const text = await pdfText(await renderCertificate(english));
    for (const expected of [
      'National General Science Olympiad',
      'Certificate of Achievement',
      'Rahim Uddin Chowdhury',
      "Motijheel Government Boys' High School, Dhaka",
      `took part in the final round of the ${COMPETITION}`,
      'and won the Future Scientist Award: Gold.',
      'Junior (classes 6-8)',
      '14 January 2025',
      `Certificate code: ${CODE}`,
      'Scan to verify',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('prints a certificate of participation without an award sentence', async () => {
    const text = await pdfText(
      await renderCertificate({
        ...english,
        words: certificateWords('en', COMPETITION, 'senior', 'participation'),
      }),
    );
    expect(text).toContain('Certificate of Participation');
    expect(text).toContain('Senior (classes 9-10)');
    expect(text).toContain('Participation');
    expect(text).not.toContain('and won');
  });

  it('prints the Bangla certificate in Bangla, given back as typed (logical order)', async () => {
    const text = await pdfText(await renderCertificate(bangla));
    for (const expected of [
      'জাতীয় সাধারণ বিজ্ঞান অলিম্পিয়াড',
      'কৃতিত্বের সনদপত্র',
      'লক্ষ্মী সত্যজিৎ শ্রী',
      'ক্ষুদিরাম স্মৃতি উচ্চ বিদ্যালয়, রাজশাহী',
      'জুনিয়র (৬ষ্ঠ-৮ম শ্রেণি)',
      'অনারেবল মেনশন',
      'এবং অনারেবল মেনশন অর্জন করেছে।',
      '১৪ জানুয়ারি ২০২৫',
      'যাচাই করতে স্ক্যান করুন',
    ]) {
      expect(text).toContain(expected);
    }
    const gold = await pdfText(
      await renderCertificate({ ...bangla, words: certificateWords('bn', COMPETITION, 'secondary', 'gold') }),
    );
    expect(gold).toContain('ফিউচার সায়েন্টিস্ট অ্যাওয়ার্ড: স্বর্ণ');
    expect(gold).toContain('সেকেন্ডারি (১১শ-১২শ শ্রেণি)');
  });

  it('draws Bangla conjuncts as the reference rendering does, and broken shaping fails the comparison', async () => {
    const shaped = await nameArea(await renderCertificate(bangla));
    if (UPDATE_REFERENCE) await writeFile(REFERENCE, shaped.png);
    const reference = await sharp(await readFile(REFERENCE))
      .greyscale()
      .raw()
      .toBuffer();
    expect(shaped.grey.filter((v) => v < 128).length / shaped.grey.length).toBeGreaterThan(0.02);
    expect(mismatch(shaped.grey, reference)).toBeLessThan(0.01);
    const naive = await nameArea(await renderCertificate(bangla, { shaping: false }));
    expect(mismatch(naive.grey, reference)).toBeGreaterThan(0.03);
  });
});
