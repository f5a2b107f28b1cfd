import { createRequire } from 'node:module';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { toBanglaDigits } from '@ngso/shared/language';
import { openPdf, type PdfDoc } from '../../lib/pdf/pdf-document.ts';
import { PdfText } from '../../lib/pdf/pdf-text.ts';
import {
  createTypesetter,
  FONT_FILES,
  type FontChoice,
  type TextStyle,
  type Typesetter,
} from '../../lib/pdf/shape-text.ts';
import { type Block, type Inline, type InlineStyle, paperBlocks } from './question-paper-layout.ts';

/**
 * The printable question paper of a category, for organisers (docs/decisions/041-printable-question-paper.md):
 * each question's number and marks, its English text then its Bangla text, with paragraphs, lists, bold and
 * italics, tables as rows, formulas as one line of Unicode text, and its diagrams as images. Every string is
 * shaped by HarfBuzz as on the admit card, with the same string as invisible, searchable text.
 */

export type PaperDiagram = {
  jpeg: Buffer;
  width: number;
  height: number;
  altEnglish: string;
  altBangla: string;
};

export type PaperQuestion = {
  position: number;
  marks: number;
  englishHtml: string;
  banglaHtml: string;
  diagrams: PaperDiagram[];
};

export type QuestionPaperData = {
  competitionName: string;
  year: string;
  categoryLabel: string;
  /** The exam's start, formatted (Asia/Dhaka). */
  examDate: string;
  examTime: string;
  durationMinutes: number;
  questions: PaperQuestion[];
};

const require = createRequire(import.meta.url);
/**
 * Latin text, formulas and symbols in DejaVu Sans (Bitstream Vera licence), which has the sub- and superscript
 * letters, Greek, arrows, operators and the combining vector arrow that Noto Sans Bengali lacks; Bangla in
 * Noto Sans Bengali, as on the admit card.
 */
const PAPER_FONTS: FontChoice = {
  bengali: FONT_FILES,
  other: {
    regular: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
    bold: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
  },
};

// A4 portrait in PDF points.
const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = 50;
const CONTENT_WIDTH = PAGE.width - 2 * MARGIN;
const BOTTOM = PAGE.height - MARGIN - 16; // room for the footer
const BODY = 10.5;
const LINE = 17; // Bangla's marks above and below need the room
const INDENT = 18;
const CELL_PADDING = 4;

const style = (size: number, inline: InlineStyle = { bold: false, italic: false }): TextStyle => ({
  size,
  weight: inline.bold ? 'bold' : 'regular',
  italic: inline.italic,
});

/** A word as it is drawn: its parts in their styles (`H` then a formula, with no space between). */
type Word = Inline[];
type Line = Word[];

function wordsOf(inlines: Inline[]): (Word | 'break')[] {
  const words: (Word | 'break')[] = [];
  let current: Word = [];
  const end = () => {
    if (current.length) words.push(current);
    current = [];
  };
  for (const inline of inlines) {
    for (const part of inline.text.split(/(\n|\s+)/)) {
      if (part === '\n') {
        end();
        words.push('break');
      } else if (/^\s+$/.test(part)) end();
      else if (part) current.push({ ...inline, text: part });
    }
  }
  end();
  return words;
}

/** Consecutive parts of one style joined, spaces between words: fewer, longer strings to draw and to search. */
function piecesOf(line: Line): Inline[] {
  const pieces: Inline[] = [];
  line.forEach((word, w) => {
    word.forEach((part, p) => {
      const last = pieces.at(-1);
      const space = w > 0 && p === 0 ? ' ' : '';
      if (last && last.bold === part.bold && last.italic === part.italic) last.text += space + part.text;
      else {
        if (last && space) last.text += space;
        pieces.push({ ...part });
      }
    });
  });
  return pieces;
}

class PaperWriter {
  private readonly page: PdfText;
  /** The top of the next thing to draw. */
  y = MARGIN;

  constructor(
    private readonly doc: PdfDoc,
    private readonly type: Typesetter,
  ) {
    this.page = new PdfText(doc, type, PAGE.width, MARGIN);
  }

  /** A new page when `height` does not fit below the cursor. */
  room(height: number) {
    if (this.y + height > BOTTOM && this.y > MARGIN) {
      this.doc.addPage();
      this.y = MARGIN;
    }
  }

  private wordWidth(word: Word, size: number) {
    return word.reduce((sum, part) => sum + this.type.width(part.text, style(size, part)), 0);
  }

  /** Greedy wrap of words into lines no wider than `width` (a word wider than the line stands alone). */
  lines(inlines: Inline[], width: number, size = BODY): Line[] {
    const lines: Line[] = [];
    let line: Line = [];
    let used = 0;
    const space = this.type.width(' ', style(size));
    for (const word of wordsOf(inlines)) {
      if (word === 'break') {
        lines.push(line);
        line = [];
        used = 0;
        continue;
      }
      const wide = this.wordWidth(word, size);
      if (line.length && used + space + wide > width) {
        lines.push(line);
        line = [];
        used = 0;
      }
      used += (line.length ? space : 0) + wide;
      line.push(word);
    }
    if (line.length) lines.push(line);
    return lines;
  }

  drawLine(line: Line, x: number, baseline: number, size = BODY) {
    let pen = x;
    for (const piece of piecesOf(line)) {
      pen += this.page.text(piece.text, pen, baseline, style(size, piece));
    }
  }

  /** Wrapped text from the cursor, across pages; a marker (list bullet, number) hangs left of the text. */
  paragraph(inlines: Inline[], x: number, width: number, marker?: string, size = BODY) {
    const lines = this.lines(inlines, width, size);
    if (lines.length === 0) lines.push([]);
    lines.forEach((line, i) => {
      this.room(LINE);
      const baseline = this.y + size;
      if (i === 0 && marker) {
        this.page.text(marker, x - INDENT + 2, baseline, style(size));
      }
      this.drawLine(line, x, baseline, size);
      this.y += LINE;
    });
  }

  text(text: string, x: number, baseline: number, textStyle: TextStyle) {
    return this.page.text(text, x, baseline, textStyle);
  }

  centred(text: string, baseline: number, textStyle: TextStyle) {
    this.page.centred(text, baseline, textStyle);
  }

  width(text: string, textStyle: TextStyle) {
    return this.type.width(text, textStyle);
  }

  /** A table as rows of equal columns, the header bold and ruled off; a row never splits across pages. */
  table(rows: { header: boolean; cells: Inline[][] }[], x: number, width: number) {
    const columns = Math.max(1, ...rows.map((row) => row.cells.length));
    const cellWidth = width / columns;
    for (const row of rows) {
      const laid = row.cells.map((cell) => this.lines(cell, cellWidth - 2 * CELL_PADDING));
      const height = Math.max(1, ...laid.map((lines) => lines.length)) * LINE + 2 * CELL_PADDING;
      this.room(height);
      laid.forEach((lines, c) => {
        lines.forEach((line, i) => {
          const baseline = this.y + CELL_PADDING + BODY + i * LINE;
          this.drawLine(line, x + c * cellWidth + CELL_PADDING, baseline);
        });
      });
      this.doc
        .lineWidth(row.header ? 0.9 : 0.4)
        .moveTo(x, this.y + height)
        .lineTo(x + width, this.y + height)
        .stroke('#555555');
      this.y += height;
    }
    this.y += 4;
  }

  /** An image scaled to the text's width (never enlarged, never taller than a page), with its caption. */
  diagram(diagram: PaperDiagram, caption: string, x: number, width: number) {
    const scale = Math.min(1, width / diagram.width, (BOTTOM - MARGIN - 2 * LINE) / diagram.height);
    const drawnWidth = diagram.width * scale;
    const drawnHeight = diagram.height * scale;
    this.room(drawnHeight + LINE + 6);
    this.y += 4;
    this.doc.image(diagram.jpeg, x + (width - drawnWidth) / 2, this.y, {
      width: drawnWidth,
      height: drawnHeight,
    });
    this.y += drawnHeight + 2;
    const captionStyle = style(BODY - 1.5, { bold: false, italic: true });
    const captionWidth = Math.min(this.type.width(caption, captionStyle), width);
    this.page.text(caption, x + (width - captionWidth) / 2, this.y + BODY - 1, captionStyle, width);
    this.y += LINE + 2;
  }

  rule(weight = 0.6, color = '#888888') {
    this.doc
      .lineWidth(weight)
      .moveTo(MARGIN, this.y)
      .lineTo(PAGE.width - MARGIN, this.y)
      .stroke(color);
  }
}

const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);

/** The diagram's caption, in both languages: `Diagram 2 · চিত্র ২: alt · alt`. */
const diagramCaption = (index: number, diagram: PaperDiagram) => {
  const alts = [diagram.altEnglish, diagram.altBangla].map((alt) => alt.trim()).filter(Boolean);
  const label = `Diagram ${index} · চিত্র ${toBanglaDigits(String(index))}`;
  return alts.length ? `${label}: ${alts.join(' · ')}` : label;
};

/** One language's text of a question; a diagram marker draws its diagram once (later markers refer to it). */
function writeText(
  writer: PaperWriter,
  blocks: Block[],
  question: PaperQuestion,
  drawn: Set<number>,
  language: 'en' | 'bn',
) {
  for (const block of blocks) {
    const x = MARGIN + block.indent * INDENT;
    const width = CONTENT_WIDTH - block.indent * INDENT;
    switch (block.kind) {
      case 'paragraph':
        writer.paragraph(block.inlines, x, width, block.marker);
        writer.y += 3;
        break;
      case 'formula':
        writer.y += 2;
        writer.paragraph([{ text: block.text, bold: false, italic: false }], x + INDENT, width - INDENT);
        writer.y += 3;
        break;
      case 'table':
        writer.table(block.rows, x, width);
        break;
      case 'diagram': {
        const diagram = question.diagrams[block.index - 1];
        if (!diagram) break;
        if (drawn.has(block.index)) {
          const seeAbove =
            language === 'bn'
              ? `(চিত্র ${toBanglaDigits(String(block.index))} দেখুন)`
              : `(see Diagram ${block.index})`;
          writer.paragraph([{ text: seeAbove, bold: false, italic: true }], x, width);
        } else {
          drawn.add(block.index);
          writer.diagram(diagram, diagramCaption(block.index, diagram), x, width);
        }
        break;
      }
    }
  }
}

/** Renders the whole paper as one PDF (A4 portrait, as many pages as the questions need). */
export async function renderQuestionPaper(
  paper: QuestionPaperData,
  options: { shaping?: boolean } = {},
): Promise<Buffer> {
  const title = `${paper.competitionName} ${paper.year}: question paper, ${paper.categoryLabel}`;
  const { doc, end } = openPdf(
    PAGE,
    { Title: title, Author: 'National General Science Olympiad', Subject: 'Question paper' },
    { bufferPages: true },
  );

  const writer = new PaperWriter(doc, createTypesetter({ shaping: options.shaping, fonts: PAPER_FONTS }));
  const totalMarks = paper.questions.reduce((sum, question) => sum + question.marks, 0);
  writer.centred(
    `${paper.competitionName} ${paper.year}`,
    MARGIN + 14,
    style(16, { bold: true, italic: false }),
  );
  writer.centred('Question paper · প্রশ্নপত্র', MARGIN + 38, style(13, { bold: true, italic: false }));
  writer.centred(paper.categoryLabel, MARGIN + 60, style(11.5));
  writer.centred(
    `${paper.examDate}, ${paper.examTime} · ${paper.durationMinutes} minutes · ` +
      `${paper.questions.length} ${plural(paper.questions.length, 'question', 'questions')} · ` +
      `${totalMarks} ${plural(totalMarks, 'mark', 'marks')}`,
    MARGIN + 80,
    style(10),
  );
  writer.y = MARGIN + 92;
  writer.rule(1.2, '#1f3a5f');
  writer.y += 14;

  for (const question of paper.questions) {
    await nextTurn(); // layout takes the CPU: other requests run between questions
    writer.room(LINE * 4);
    const number = String(question.position);
    const marks = `${question.marks} ${plural(question.marks, 'mark', 'marks')} · ${toBanglaDigits(String(question.marks))} নম্বর`;
    const headStyle = style(12, { bold: true, italic: false });
    const baseline = writer.y + 12;
    writer.text(`Question ${number} · প্রশ্ন ${toBanglaDigits(number)}`, MARGIN, baseline, headStyle);
    const marksStyle = style(10.5, { bold: true, italic: false });
    writer.text(marks, PAGE.width - MARGIN - writer.width(marks, marksStyle), baseline, marksStyle);
    writer.y += LINE + 6;

    const drawn = new Set<number>();
    writeText(writer, paperBlocks(question.englishHtml), question, drawn, 'en');
    writer.room(LINE * 2);
    writer.y += 2;
    doc
      .lineWidth(0.4)
      .dash(3, { space: 3 })
      .moveTo(MARGIN, writer.y)
      .lineTo(MARGIN + CONTENT_WIDTH / 3, writer.y)
      .stroke('#999999')
      .undash();
    writer.y += 8;
    writeText(writer, paperBlocks(question.banglaHtml), question, drawn, 'bn');
    // A diagram that no marker placed goes below the question's text.
    question.diagrams.forEach((diagram, i) => {
      if (!drawn.has(i + 1)) writer.diagram(diagram, diagramCaption(i + 1, diagram), MARGIN, CONTENT_WIDTH);
    });
    writer.y += 6;
    writer.rule();
    writer.y += 14;
  }

  // The footer of every page: what this is, and where in it.
  const range = doc.bufferedPageRange();
  for (let i = 0; i < range.count; i += 1) {
    doc.switchToPage(range.start + i);
    const footer = `${paper.competitionName} ${paper.year} · ${paper.categoryLabel} · page ${i + 1} of ${range.count} · confidential until the exam`;
    writer.centred(footer, PAGE.height - MARGIN + 6, style(8));
  }
  return end();
}
