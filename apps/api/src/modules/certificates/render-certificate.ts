import { setImmediate as nextTurn } from 'node:timers/promises';
import { openPdf } from '../../lib/pdf/pdf-document.ts';
import { PdfText } from '../../lib/pdf/pdf-text.ts';
import { drawQrCode } from '../../lib/pdf/qr.ts';
import { createTypesetter, type TextStyle } from '../../lib/pdf/shape-text.ts';
import type { CertificateWords } from './certificate-text.ts';

export type CertificateData = {
  words: CertificateWords;
  name: string;
  institution: string;
  /** The publication's date, formatted in the certificate's language (Asia/Dhaka). */
  date: string;
  code: string;
  verifyUrl: string;
};

export type RenderOptions = {
  /** Tests only: draw one glyph per character, as a shaper without Bangla rules would. */
  shaping?: boolean;
};

// A4 landscape in PDF points (72 dpi: one point is one pixel, which the rendering test relies on).
const PAGE = { width: 841.89, height: 595.28 };
const MARGIN = 64;
const NAME_BASELINE = 248;

/** Where the finalist's name is drawn, in points from the top left: the rendering test crops this. */
export const CERTIFICATE_NAME_BOX = {
  x: MARGIN,
  y: NAME_BASELINE - 34,
  width: PAGE.width - 2 * MARGIN,
  height: 46,
};

/**
 * Renders a one-page A4 landscape certificate: every visible string shaped by HarfBuzz as the admit card's
 * (conjuncts, reordered vowel signs), with the same strings as extractable text, and a QR code of the
 * public verification address (docs/decisions/033-certificates.md).
 */
export async function renderCertificate(card: CertificateData, options: RenderOptions = {}): Promise<Buffer> {
  const { words } = card;
  const { doc, end } = openPdf(PAGE, {
    Title: `${words.title}: ${card.name}`,
    Author: words.organiser,
    Subject: `${words.labels.award}: ${words.award}`,
    Keywords: `${card.name}, ${card.code}`,
  });

  const page = new PdfText(doc, createTypesetter({ shaping: options.shaping }), PAGE.width, MARGIN);
  const style = (size: number, weight: TextStyle['weight'] = 'regular'): TextStyle => ({ size, weight });
  doc
    .lineWidth(3)
    .rect(24, 24, PAGE.width - 48, PAGE.height - 48)
    .stroke('#1f3a5f');
  doc
    .lineWidth(0.8)
    .rect(34, 34, PAGE.width - 68, PAGE.height - 68)
    .stroke('#1f3a5f');

  page.centred(words.organiser, 92, style(15));
  page.centred(words.title, 142, style(32, 'bold'));
  page.centred(words.certify, 188, style(14));
  // Text layout takes the CPU (the invisible text layer's most of all): other requests run between parts.
  await nextTurn();
  page.centred(card.name, NAME_BASELINE, style(30, 'bold'));
  doc
    .lineWidth(0.6)
    .moveTo(PAGE.width / 2 - 220, NAME_BASELINE + 14)
    .lineTo(PAGE.width / 2 + 220, NAME_BASELINE + 14)
    .stroke('black');
  page.centred(card.institution, 290, style(15, 'bold'));
  page.centred(words.tookPart, 324, style(14));
  if (words.awardLine) page.centred(words.awardLine, 352, style(14, 'bold'));
  await nextTurn();

  // Category, award and date side by side; the QR code at the right.
  const qrSize = 118;
  const qrX = PAGE.width - MARGIN - qrSize;
  const qrY = PAGE.height - MARGIN - qrSize - 22;
  const columnWidth = (qrX - 20 - MARGIN) / 3;
  const fields: Array<[string, string]> = [
    [words.labels.category, words.category],
    [words.labels.award, words.award],
    [words.labels.date, card.date],
  ];
  fields.forEach(([name, value], i) => {
    const x = MARGIN + i * columnWidth;
    page.text(name, x, 432, style(10.5), columnWidth - 12);
    page.text(value, x, 454, style(13, 'bold'), columnWidth - 12);
  });
  page.text(
    `${words.labels.code}: ${card.code}`,
    MARGIN,
    PAGE.height - MARGIN - 8,
    style(9),
    qrX - MARGIN - 20,
  );

  await nextTurn();
  drawQrCode(doc, card.verifyUrl, qrX, qrY, qrSize);
  page.centredIn(words.labels.verify, qrX - 10, qrSize + 20, qrY + qrSize + 6, style(9.5, 'bold'));
  page.centredIn(card.verifyUrl, qrX - 50, qrSize + 60, qrY + qrSize + 18, style(6.5));
  return end();
}
