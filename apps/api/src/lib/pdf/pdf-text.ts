import type { PdfDoc } from './pdf-document.ts';
import type { TextStyle, Typesetter } from './shape-text.ts';

/**
 * Text on a PDF page as the admit card and the certificate print it: every string shaped by HarfBuzz and
 * drawn as glyph outlines, and the same string written as invisible text at the same place, so the PDF
 * can be searched, copied and parsed (docs/decisions/007-admit-card-pdf.md). The document must have
 * registered the font 'hidden-bangla' (FONT_FILES.regular), as one from openPdf has.
 */
export class PdfText {
  constructor(
    protected readonly doc: PdfDoc,
    protected readonly type: Typesetter,
    /** The page's width in points, for centred lines. */
    protected readonly pageWidth: number,
    /** The left and right margin in points. */
    protected readonly margin: number,
  ) {}

  /** Visible glyphs plus the same string as invisible text at the same place. */
  text(text: string, x: number, baseline: number, style: TextStyle, maxWidth?: number): number {
    let fitted = style;
    let clip = false;
    if (maxWidth !== undefined) {
      // Shrink a long single-line value to fit, down to 70% of its size; past that, cut it at the edge.
      const natural = this.type.width(text, style);
      if (natural > maxWidth) {
        fitted = { ...style, size: Math.max(style.size * 0.7, (style.size * maxWidth) / natural) };
        clip = this.type.width(text, fitted) > maxWidth;
      }
    }
    this.hidden(text, x, baseline, fitted.size);
    const { doc } = this;
    doc.save();
    if (clip && maxWidth !== undefined) {
      doc.rect(x, baseline - fitted.size * 1.6, maxWidth, fitted.size * 2.2).clip();
    }
    const width = this.type.draw(doc, text, x, baseline, fitted);
    doc.restore();
    return Math.min(width, maxWidth ?? width);
  }

  centred(
    text: string,
    baseline: number,
    style: TextStyle,
    maxWidth = this.pageWidth - 2 * this.margin,
  ): void {
    const width = Math.min(this.type.width(text, style), maxWidth);
    this.text(text, (this.pageWidth - width) / 2, baseline, style, maxWidth);
  }

  private hidden(text: string, x: number, baseline: number, size: number): void {
    const latin = /^[\x20-\x7e\u00a0-\u00ff]*$/.test(text);
    const { doc } = this;
    doc.save();
    doc.addContent('3 Tr'); // text render mode 3: neither filled nor stroked, but extractable
    // Bangla through pdfkit's own layout comes out in visual order (e-kar before its consonant);
    // ActualText gives extractors that honour it (poppler) the string as typed.
    if (!latin) doc.markContent('Span', { actual: text, lang: 'bn' });
    doc
      .font(latin ? 'Helvetica' : 'hidden-bangla')
      .fontSize(size)
      .text(text, x, baseline - size * 0.75, { lineBreak: false });
    if (!latin) doc.endMarkedContent();
    doc.restore();
  }

  /** Wrapped paragraph; returns the baseline after the last line drawn. */
  paragraph(
    text: string,
    x: number,
    baseline: number,
    style: TextStyle,
    width: number,
    lineHeight: number,
    maxLines = 3,
  ) {
    const all = this.type.wrap(text, style, width);
    const lines = all.slice(0, maxLines);
    if (all.length > maxLines) lines[maxLines - 1] += '…';
    lines.forEach((line, i) => {
      this.text(line, x, baseline + i * lineHeight, style, width);
    });
    return baseline + Math.max(lines.length - 1, 0) * lineHeight;
  }

  /** One line centred in the box from x of the given width. */
  centredIn(text: string, x: number, width: number, baseline: number, style: TextStyle): void {
    const natural = Math.min(this.type.width(text, style), width);
    this.text(text, x + (width - natural) / 2, baseline, style, width);
  }
}
