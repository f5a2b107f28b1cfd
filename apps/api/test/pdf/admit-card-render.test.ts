import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drawQrCode } from '../../src/lib/pdf/qr.ts';
import { admitCardText } from '../../src/modules/admit-card/admit-card-text.ts';
import {
  type AdmitCardData,
  ENGLISH_LABELS,
  initials,
  NAME_BOX,
  renderAdmitCard,
} from '../../src/modules/admit-card/render-admit-card.ts';
import { pdfText, poppler } from '../helpers/poppler.ts';

const REFERENCE = path.join(import.meta.dirname, '../fixtures/admit-card/name-bangla-conjuncts.png');
// Set to re-create the reference after a deliberate change; look at the PNG before committing it.
const UPDATE_REFERENCE = process.env.UPDATE_ADMIT_CARD_REFERENCE === '1';

const englishCard: AdmitCardData = {
  organiser: 'Bangladesh Science Olympiad Committee',
  title: 'National Round Admit Card',
  name: 'Rahim Uddin Chowdhury',
  rollNumber: 'JR-0001',
  category: 'Junior',
  classLevel: 7,
  institution: "Motijheel Government Boys' High School, Dhaka",
  onlineExam: 'December 20, 2025, 3:00 PM to 4:00 PM',
  examDate: '26 December 2024',
  reportingTime: '8:30 AM',
  venue: 'Dhaka University, Curzon Hall, Shahbagh, Dhaka 1000',
  departure: 'Shahbagh Metro Station',
  verifyUrl: 'http://localhost:3000/verify/k3J9xQ2mPz7vB4nR',
  photo: null,
  labels: ENGLISH_LABELS,
};

/** Holds ক্ষ (in ক্ষ্মী), ত্য and শ্রী: conjuncts, a reordered vowel sign and ra-phala. */
const banglaCard: AdmitCardData = {
  ...englishCard,
  name: 'লক্ষ্মী সত্যজিৎ শ্রী',
  rollNumber: 'SR-0042',
  institution: 'ক্ষুদিরাম স্মৃতি উচ্চ বিদ্যালয়, রাজশাহী',
  labels: { ...ENGLISH_LABELS, name: 'নাম', rollNumber: 'রোল নম্বর' },
};

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'admit-card-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

let counter = 0;
async function pdfFile(pdf: Buffer): Promise<string> {
  const file = path.join(dir, `card-${++counter}.pdf`);
  await writeFile(file, pdf);
  return file;
}

const extractText = pdfText;

/** The name area of the card at 72 dpi (one pixel per point), as grey pixels. */
async function nameArea(pdf: Buffer): Promise<{ png: Buffer; grey: Buffer }> {
  const file = await pdfFile(pdf);
  await poppler('pdftoppm', ['-r', '72', '-png', '-singlefile', file, file]);
  const crop = sharp(await readFile(`${file}.png`)).extract({
    left: Math.round(NAME_BOX.x),
    top: Math.round(NAME_BOX.y),
    width: Math.round(NAME_BOX.width),
    height: Math.round(NAME_BOX.height),
  });
  const png = await crop.clone().png().toBuffer();
  const grey = await crop.clone().greyscale().raw().toBuffer();
  return { png, grey };
}

async function greyPixels(png: Buffer): Promise<Buffer> {
  return sharp(png).greyscale().raw().toBuffer();
}

/** Share of pixels whose grey level differs by more than a quarter of the range. */
function mismatch(a: Buffer, b: Buffer): number {
  expect(a.length).toBe(b.length);
  let different = 0;
  for (let i = 0; i < a.length; i++) if (Math.abs((a[i] ?? 0) - (b[i] ?? 0)) > 64) different++;
  return different / a.length;
}

const inkShare = (grey: Buffer) => grey.filter((v) => v < 128).length / grey.length;

describe('renderAdmitCard', () => {
  it('makes a one-page A4 PDF', async () => {
    const pdf = await renderAdmitCard(englishCard);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const doc = await PDFDocument.load(pdf);
    expect(doc.getPageCount()).toBe(1);
    const { width, height } = doc.getPage(0).getSize();
    expect(width).toBeCloseTo(595.28, 1);
    expect(height).toBeCloseTo(841.89, 1);
  });

  it('stays on one page with a photo and overlong values', async () => {
    const photo = await sharp({ create: { width: 600, height: 800, channels: 3, background: '#7a9cc6' } })
      .jpeg()
      .toBuffer();
    const long = 'Very long text that keeps going '.repeat(12);
    const pdf = await renderAdmitCard({
      ...englishCard,
      photo,
      name: long,
      institution: long,
      venue: long,
      labels: { ...ENGLISH_LABELS, instructions: Array.from({ length: 12 }, () => long) },
    });
    expect((await PDFDocument.load(pdf)).getPageCount()).toBe(1);
  });

  it('falls back to the initials avatar when the photo cannot be read', async () => {
    const pdf = await renderAdmitCard({ ...englishCard, photo: Buffer.from('not a jpeg') });
    expect((await PDFDocument.load(pdf)).getPageCount()).toBe(1);
  });

  it('has the name and roll number as extractable text and metadata', async () => {
    const pdf = await renderAdmitCard(englishCard);
    const text = await extractText(pdf);
    expect(text).toContain('Rahim Uddin Chowdhury');
    expect(text).toContain('JR-0001');
    expect(text).toContain('Motijheel Government');
    const doc = await PDFDocument.load(pdf);
    expect(doc.getTitle()).toContain('Rahim Uddin Chowdhury');
    expect(doc.getTitle()).toContain('JR-0001');
  });

  it('gives a Bangla name back as typed (logical order) to text extraction', async () => {
    const text = await extractText(await renderAdmitCard(banglaCard));
    expect(text).toContain('লক্ষ্মী সত্যজিৎ শ্রী');
    expect(text).toContain('SR-0042');
  });

  it('draws Bangla conjuncts as the reference rendering does, and broken shaping fails the comparison', async () => {
    const shaped = await nameArea(await renderAdmitCard(banglaCard));
    if (UPDATE_REFERENCE) await writeFile(REFERENCE, shaped.png);
    const reference = await greyPixels(await readFile(REFERENCE));

    expect(inkShare(shaped.grey)).toBeGreaterThan(0.05); // the name is really in the box
    expect(mismatch(shaped.grey, reference)).toBeLessThan(0.01);

    // The same name with one glyph per character (no conjuncts, no reordering), as fontkit-like
    // mis-shaping would draw it: the comparison must notice.
    const naive = await nameArea(await renderAdmitCard(banglaCard, { shaping: false }));
    expect(mismatch(naive.grey, reference)).toBeGreaterThan(0.05);
  });
});

describe('the card in Bangla', () => {
  it('prints Bangla labels, category and transport for a Bangla account', async () => {
    const text = admitCardText('bn', '1st National General Science Olympiad', 'senior', 'own');
    const pdf = await renderAdmitCard({ ...englishCard, ...text, labels: text.labels });
    const extracted = await extractText(pdf);
    for (const expected of ['রোল নম্বর', 'সিনিয়র', 'নিজস্ব যাতায়াত', 'প্রবেশপত্র', 'ক্যালকুলেটর']) {
      expect(extracted).toContain(expected);
    }
    expect(admitCardText('en', 'X', 'junior', 'Dhaka — Farmgate').departure).toBe('Dhaka — Farmgate');
    expect(admitCardText('bn', 'X', 'junior', 'Dhaka — Farmgate').departure).toBe('ঢাকা — ফার্মগেট');
  });
});

describe('initials', () => {
  it('takes the first letter of the first and last word', () => {
    expect(initials('Rahim Uddin Chowdhury')).toBe('RC');
    expect(initials('nusrat')).toBe('N');
    expect(initials('লক্ষ্মী সত্যজিৎ').startsWith('ল')).toBe(true);
  });
});

describe('drawQrCode', () => {
  it('draws one square per dark module inside the given square', () => {
    const rects: number[][] = [];
    drawQrCode(
      { rect: (...r: number[]) => rects.push(r), fill: () => undefined },
      'http://x/verify/abc',
      100,
      200,
      120,
    );
    expect(rects.length).toBeGreaterThan(100);
    for (const [x = 0, y = 0, w = 0, h = 0] of rects) {
      expect(x).toBeGreaterThanOrEqual(100);
      expect(y).toBeGreaterThanOrEqual(200);
      expect(x + w).toBeLessThanOrEqual(220.1);
      expect(y + h).toBeLessThanOrEqual(320.1);
    }
  });
});
