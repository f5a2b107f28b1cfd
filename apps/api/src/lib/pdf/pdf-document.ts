import PDFDocument from 'pdfkit';
import { FONT_FILES } from './shape-text.ts';

export type PdfDoc = InstanceType<typeof PDFDocument>;

/**
 * A new PDF as the admit card, the certificate and the question paper begin one: a page of the size given
 * with no margin (every place on it is computed), the document information, and the font of the invisible
 * searchable text registered ('hidden-bangla', which PdfText needs). `end()` closes the document and
 * resolves with its bytes; they are gathered from the start, so nothing written is missed.
 */
export function openPdf(
  page: { width: number; height: number },
  info: PDFKit.DocumentInfo,
  options: { bufferPages?: boolean } = {},
) {
  const doc = new PDFDocument({
    size: [page.width, page.height],
    margin: 0,
    autoFirstPage: true,
    ...options,
    info,
  });
  doc.registerFont('hidden-bangla', FONT_FILES.regular);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const bytes = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const end = () => {
    doc.end();
    return bytes;
  };
  return { doc, end };
}
