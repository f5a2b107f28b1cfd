import sharp from 'sharp';
import { openPdf, type PdfDoc } from '../../lib/pdf/pdf-document.ts';
import { PdfText } from '../../lib/pdf/pdf-text.ts';
import { drawQrCode } from '../../lib/pdf/qr.ts';
import { createTypesetter, type TextStyle, type Typesetter } from '../../lib/pdf/shape-text.ts';

/** The details printed under a label, as text formatted for display (Asia/Dhaka, the card's language). */
type PrintedDetails = {
  name: string;
  rollNumber: string;
  category: string;
  institution: string;
  /** The online exam's date and time; empty: no row. */
  onlineExam: string;
  examDate: string;
  reportingTime: string;
  venue: string;
  departure: string;
};

/** Every printed label, so a Bangla card passes Bangla labels. */
export type AdmitCardLabels = Record<keyof PrintedDetails | 'classLevel', string> & {
  instructionsTitle: string;
  instructions: string[];
  /** Caption under the QR code. */
  verify: string;
};

export type AdmitCardData = PrintedDetails & {
  organiser: string;
  title: string;
  classLevel: number;
  verifyUrl: string;
  /** JPEG bytes (other formats sharp reads are accepted too), or null for an initials avatar. */
  photo: Buffer | null;
  labels: AdmitCardLabels;
};

export const ENGLISH_LABELS: AdmitCardLabels = {
  name: 'Name',
  rollNumber: 'Roll number',
  category: 'Category',
  classLevel: 'Class',
  institution: 'Institution',
  onlineExam: 'Online exam',
  examDate: 'Exam date',
  reportingTime: 'Reporting time',
  venue: 'Venue',
  departure: 'Departure spot',
  instructionsTitle: 'Instructions',
  instructions: [
    'Bring a ballpoint pen and this admit card.',
    'Calculators are not allowed.',
    'Smoking or inappropriate behaviour leads to disqualification or removal from the exam hall.',
  ],
  verify: 'Scan to verify',
};

export type RenderOptions = {
  /** Tests only: draw one glyph per character, as a shaper without Bangla rules would. */
  shaping?: boolean;
};

// A4 in PDF points; at 72 dpi one point is one pixel, which the rendering test relies on.
const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = 44;
const RIGHT = PAGE.width - MARGIN;
const PHOTO = { x: RIGHT - 135, y: 150, width: 135, height: 180 };
const LEFT_WIDTH = PHOTO.x - 20 - MARGIN;
const NAME_BASELINE = 194;
const NAME_SIZE = 20;

/** Where the candidate's name is drawn, in points from the top left: the rendering test crops this. */
export const NAME_BOX = { x: MARGIN, y: NAME_BASELINE - 24, width: LEFT_WIDTH, height: 33 };

const label: TextStyle = { size: 10, weight: 'regular' };
const value: TextStyle = { size: 14, weight: 'bold' };
const big: TextStyle = { size: NAME_SIZE, weight: 'bold' };
const body: TextStyle = { size: 11.5, weight: 'regular' };

/**
 * Renders a one-page A4 admit card. All visible text is shaped by HarfBuzz and drawn as glyph outlines;
 * the same strings are also written as invisible text (render mode 3) so the PDF can be searched, copied
 * and parsed, and the document information names the candidate (docs/decisions/007-admit-card-pdf.md).
 */
export async function renderAdmitCard(card: AdmitCardData, options: RenderOptions = {}): Promise<Buffer> {
  const photo = await preparePhoto(card.photo);
  const { doc, end } = openPdf(PAGE, {
    Title: `${card.title}: ${card.name} (${card.rollNumber})`,
    Author: card.organiser,
    Subject: `${card.labels.rollNumber}: ${card.rollNumber}`,
    Keywords: `${card.name}, ${card.rollNumber}`,
  });

  const page = new Page(doc, createTypesetter({ shaping: options.shaping }));
  page.header(card);
  page.identity(card, photo);
  const tableBottom = page.details(card);
  page.instructionsAndQr(card, tableBottom + 24);
  return end();
}

/** Re-encodes the photo small (about 300 dpi at print size) so the PDF stays light; unreadable → avatar. */
async function preparePhoto(photo: Buffer | null): Promise<Buffer | null> {
  if (!photo) return null;
  try {
    return await sharp(photo, { limitInputPixels: 40_000_000 })
      .rotate()
      .resize(360, 480, { fit: 'cover', position: 'attention' })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 85 })
      .toBuffer();
  } catch {
    return null;
  }
}

/** Up to two initials: the first letter (grapheme, so a conjunct stays whole) of the first and last word. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  const first = (word: string) => segmenter.segment(word)[Symbol.iterator]().next().value?.segment ?? '';
  const picked = words.length > 1 ? [words[0], words.at(-1)] : words.slice(0, 1);
  return picked.map((word) => first(word ?? '').toLocaleUpperCase()).join('');
}

class Page extends PdfText {
  constructor(doc: PdfDoc, type: Typesetter) {
    super(doc, type, PAGE.width, MARGIN);
  }

  header(card: AdmitCardData): void {
    const doc = this.doc;
    doc
      .lineWidth(1.2)
      .rect(28, 28, PAGE.width - 56, PAGE.height - 56)
      .stroke('black');
    this.centred(card.organiser, 78, { size: 12.5, weight: 'regular' });
    this.centred(card.title, 110, { size: 22, weight: 'bold' });
    doc.lineWidth(1).moveTo(MARGIN, 128).lineTo(RIGHT, 128).stroke('black');
  }

  identity(card: AdmitCardData, photo: Buffer | null): void {
    const { doc } = this;
    const { labels } = card;
    this.text(labels.name, MARGIN, NAME_BASELINE - 28, label);
    this.text(card.name, MARGIN, NAME_BASELINE, big, LEFT_WIDTH);
    this.text(labels.rollNumber, MARGIN, 226, label);
    this.text(card.rollNumber, MARGIN, 252, big, LEFT_WIDTH);
    const half = LEFT_WIDTH / 2;
    this.text(labels.category, MARGIN, 286, label);
    this.text(card.category, MARGIN, 308, value, half - 10);
    this.text(labels.classLevel, MARGIN + half, 286, label);
    this.text(String(card.classLevel), MARGIN + half, 308, value, half);

    if (photo) {
      doc.image(photo, PHOTO.x, PHOTO.y, { width: PHOTO.width, height: PHOTO.height });
    } else {
      doc.rect(PHOTO.x, PHOTO.y, PHOTO.width, PHOTO.height).fill('#e8e8e8');
      const avatar: TextStyle = { size: 48, weight: 'bold' };
      const text = initials(card.name);
      const width = this.type.width(text, avatar);
      this.text(
        text,
        PHOTO.x + (PHOTO.width - width) / 2,
        PHOTO.y + PHOTO.height / 2 + 16,
        avatar,
        PHOTO.width - 16,
      );
    }
    doc.lineWidth(0.8).rect(PHOTO.x, PHOTO.y, PHOTO.width, PHOTO.height).stroke('black');
  }

  /** The label/value table under the photo; returns its bottom edge. */
  details(card: AdmitCardData): number {
    const { doc } = this;
    const { labels } = card;
    const rows: [string, string][] = [
      [labels.institution, card.institution],
      ...(card.onlineExam ? [[labels.onlineExam, card.onlineExam] as [string, string]] : []),
      [labels.examDate, card.examDate],
      [labels.reportingTime, card.reportingTime],
      [labels.venue, card.venue],
      [labels.departure, card.departure],
    ];
    const valueX = MARGIN + 140;
    const valueWidth = RIGHT - valueX;
    const valueStyle: TextStyle = { size: 13, weight: 'bold' };
    let top = 352;
    doc.lineWidth(0.5).moveTo(MARGIN, top).lineTo(RIGHT, top).stroke('black');
    for (const [name, text] of rows) {
      const firstBaseline = top + 22;
      this.text(name, MARGIN, firstBaseline, body, 132);
      const lastBaseline = this.paragraph(text, valueX, firstBaseline, valueStyle, valueWidth, 18);
      top = lastBaseline + 13;
      doc.lineWidth(0.5).moveTo(MARGIN, top).lineTo(RIGHT, top).stroke('black');
    }
    return top;
  }

  instructionsAndQr(card: AdmitCardData, top: number): void {
    const { doc } = this;
    const qrSize = 140;
    const qrX = RIGHT - qrSize;
    drawQrCode(doc, card.verifyUrl, qrX, top - 10, qrSize);
    this.centredIn(card.labels.verify, qrX - 10, qrSize + 20, top + qrSize + 2, {
      size: 10.5,
      weight: 'bold',
    });
    this.centredIn(card.verifyUrl, qrX - 12, qrSize + 24, top + qrSize + 16, { size: 7, weight: 'regular' });

    const boxWidth = qrX - 20 - MARGIN;
    const textWidth = boxWidth - 34;
    const bottomLimit = PAGE.height - MARGIN - 10;
    this.text(
      card.labels.instructionsTitle,
      MARGIN + 12,
      top + 22,
      { size: 13, weight: 'bold' },
      boxWidth - 24,
    );
    let baseline = top + 46;
    for (const item of card.labels.instructions) {
      if (baseline > bottomLimit) break;
      this.type.draw(doc, '•', MARGIN + 14, baseline, body);
      baseline = this.paragraph(item, MARGIN + 26, baseline, body, textWidth, 16, 4) + 22;
    }
    doc
      .lineWidth(0.8)
      .rect(MARGIN, top, boxWidth, Math.max(baseline - 8 - top, qrSize))
      .stroke('black');
  }
}
