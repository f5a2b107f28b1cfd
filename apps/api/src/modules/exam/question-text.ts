import { DIAGRAM_MARKER, diagramMarkersOf, diagramSlot } from '@ngso/shared/question-diagrams';
import MarkdownIt from 'markdown-it';
import sanitizeHtml from 'sanitize-html';
import temml from 'temml';

/**
 * A question's text as authors write it and students see it (docs/decisions/038-questions-with-formulas-and-
 * diagrams.md). Authors write a small Markdown (paragraphs, **bold**, *italics*, lists, a table) with TeX
 * formulas between `$...$` (inline) and `$$...$$` (display); a literal dollar is `\$`. The server turns it
 * into HTML once, when the question is saved: formulas become MathML (Temml), which the phone's browser draws
 * itself, so the exam page ships no math library and no math font. Everything passes a strict allow-list at
 * the end, so nothing an author writes can run script in a student's page.
 */

/** A formula that does not parse: where it went wrong (1-based character of the field) and why. */
export class FormulaError extends Error {
  constructor(
    readonly position: number,
    readonly reason: string,
  ) {
    super(`formula at character ${position}: ${reason}`);
  }
}

type Formula = { tex: string; display: boolean; start: number };

// A formula's place in the Markdown while the Markdown is rendered: private-use characters, which the
// author's own text cannot hold (they are replaced before the split, keeping every position).
const OPEN = '\uE000';
const CLOSE = '\uE001';

/** Splits the source into text with placeholders and its formulas, in order. */
function splitFormulas(source: string): { text: string; formulas: Formula[] } {
  const formulas: Formula[] = [];
  let text = '';
  let i = 0;
  while (i < source.length) {
    const ch = source[i];
    if (ch === '\\' && source[i + 1] === '$') {
      text += '\\$';
      i += 2;
      continue;
    }
    if (ch !== '$') {
      text += ch;
      i += 1;
      continue;
    }
    const display = source[i + 1] === '$';
    const delimiter = display ? '$$' : '$';
    const bodyStart = i + delimiter.length;
    let j = bodyStart;
    let end = -1;
    while (j < source.length) {
      if (source[j] === '\\') {
        j += 2;
        continue;
      }
      if (source.startsWith(delimiter, j)) {
        end = j;
        break;
      }
      j += 1;
    }
    if (end < 0) throw new FormulaError(i + 1, `the formula opened here with ${delimiter} is not closed`);
    const tex = source.slice(bodyStart, end);
    if (!tex.trim()) throw new FormulaError(i + 1, 'the formula is empty');
    text += `${OPEN}${formulas.length}${CLOSE}`;
    formulas.push({ tex, display, start: bodyStart });
    i = end + delimiter.length;
  }
  return { text, formulas };
}

const TEMML_OPTIONS = {
  throwOnError: true,
  trust: false,
  maxExpand: 200,
  maxSize: [20, 20] as [number, number],
};

/**
 * Bangla letters and digits inside a formula: TeX reads each character as its own symbol, which splits a
 * vowel sign from its consonant; as one `\text{}` run they are shaped as a word (and ৯.৮ stays one number).
 */
const banglaAsText = (tex: string) =>
  tex.replace(/[\u0980-\u09FF]+(?:[.,][\u0980-\u09FF]+)*/g, (run) => `\\text{${run}}`);

/** Temml's ParseError carries the 0-based offset in the formula; its message repeats the formula underlined. */
function formulaToMathml(formula: Formula): string {
  try {
    // Parsed as written first, so that an error's position is the author's; then drawn with Bangla as text.
    temml.__parse(formula.tex, { ...TEMML_OPTIONS, displayMode: formula.display });
    return temml.renderToString(banglaAsText(formula.tex), {
      ...TEMML_OPTIONS,
      displayMode: formula.display,
    });
  } catch (error) {
    const { message, position } = error as { message?: string; position?: number };
    const offset = typeof position === 'number' && position >= 0 ? position : 0;
    const reason = (message ?? 'unreadable formula')
      .split('\n')[0]
      ?.replace(/^ParseError: /, '')
      .replace(/ at (end of input|position \d+):.*$/, '')
      .trim();
    throw new FormulaError(formula.start + offset + 1, reason || 'unreadable formula');
  }
}

const markdown = new MarkdownIt('zero', {
  html: false,
  linkify: false,
  typographer: false,
  breaks: true,
}).enable(['emphasis', 'list', 'table', 'escape', 'newline']);

/** The MathML that Temml writes, and the attributes of it that change how a formula is drawn. */
const MATHML_TAGS = [
  'math',
  'semantics',
  'mrow',
  'mi',
  'mn',
  'mo',
  'ms',
  'mtext',
  'mspace',
  'msup',
  'msub',
  'msubsup',
  'mfrac',
  'msqrt',
  'mroot',
  'mover',
  'munder',
  'munderover',
  'mpadded',
  'mphantom',
  'mstyle',
  'menclose',
  'mtable',
  'mtr',
  'mtd',
  'mlabeledtr',
  'mmultiscripts',
  'mprescripts',
  'none',
];
const MATHML_LAYOUT = [
  'lspace',
  'rspace',
  'width',
  'height',
  'depth',
  'voffset',
  'displaystyle',
  'scriptlevel',
];

const ALLOWED: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'em',
    'ul',
    'ol',
    'li',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    // Only ever written by markDiagrams (raw HTML is off): where a diagram goes.
    'figure',
    ...MATHML_TAGS,
  ],
  allowedAttributes: {
    figure: ['data-diagram'],
    ol: ['start'],
    th: ['style'],
    td: ['style'],
    math: ['display'],
    mi: ['mathvariant'],
    mn: ['mathvariant'],
    mtext: ['mathvariant'],
    mo: [
      'stretchy',
      'fence',
      'separator',
      'form',
      'largeop',
      'movablelimits',
      'symmetric',
      'minsize',
      'maxsize',
      'accent',
      ...MATHML_LAYOUT,
    ],
    mover: ['accent'],
    munder: ['accentunder'],
    munderover: ['accent', 'accentunder'],
    mfrac: ['linethickness'],
    mspace: MATHML_LAYOUT,
    mpadded: MATHML_LAYOUT,
    mstyle: MATHML_LAYOUT,
    mtable: [
      'columnalign',
      'rowspacing',
      'columnspacing',
      'columnlines',
      'rowlines',
      'frame',
      ...MATHML_LAYOUT,
    ],
    mtr: ['columnalign'],
    mtd: ['columnalign', 'rowspan', 'columnspan'],
    menclose: ['notation'],
  },
  // Markdown's table alignment is the only style kept.
  allowedStyles: {
    th: { 'text-align': [/^(left|right|center)$/] },
    td: { 'text-align': [/^(left|right|center)$/] },
  },
  allowedSchemes: [],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  parser: { lowerCaseTags: true, lowerCaseAttributeNames: true },
};

/** The allow-list on its own, for HTML that did not come from `renderQuestionText`. */
export const sanitizeQuestionHtml = (html: string) => sanitizeHtml(html, ALLOWED);

/**
 * The author's source as the HTML students see. Throws `FormulaError` for a formula that does not parse (or a
 * `$` left open), with the 1-based character of the source where it went wrong.
 */
export function renderQuestionText(source: string): string {
  const safeSource = source.replace(/[\uE000-\uE003]/g, '\uFFFD');
  const { text, formulas } = splitFormulas(safeSource);
  const mathml = formulas.map(formulaToMathml);
  const html = markdown
    .render(markDiagrams(text))
    .replace(new RegExp(`<p>${SLOT_OPEN}(\\d+)${SLOT_CLOSE}</p>`, 'g'), (_, n: string) =>
      diagramSlot(Number(n)),
    )
    .replace(new RegExp(`${SLOT_OPEN}(\\d+)${SLOT_CLOSE}`, 'g'), (_, n: string) => diagramSlot(Number(n)))
    .replace(new RegExp(`${OPEN}(\\d+)${CLOSE}`, 'g'), (_, index: string) => mathml[Number(index)] ?? '');
  return sanitizeQuestionHtml(html).trim();
}

// A diagram marker's place while the Markdown is rendered, as a paragraph of its own (question-diagrams.ts).
const SLOT_OPEN = '\uE002';
const SLOT_CLOSE = '\uE003';
const markDiagrams = (text: string) =>
  text.replace(DIAGRAM_MARKER, (_, digits: string) => {
    const n = diagramMarkersOf(`[[diagram ${digits}]]`)[0] ?? 0;
    return `\n\n${SLOT_OPEN}${n}${SLOT_CLOSE}\n\n`;
  });

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Plain text as HTML paragraphs: for a question stored before formulas that no longer renders (a lone `$`). */
const plainTextHtml = (source: string) =>
  source
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${escapeHtml(paragraph.trim()).replace(/\n/g, '<br>')}</p>`)
    .join('\n');

const rendered = new Map<string, string>();
const RENDERED_KEPT = 500;

/**
 * The HTML of a question stored before its HTML was (a row written by an older version or by a migration):
 * rendered on first read and remembered in this process, with the plain text as the fallback, since a question
 * already published cannot be refused any more.
 */
export function storedQuestionHtml(html: string | null, source: string): string {
  if (html !== null) return html;
  const known = rendered.get(source);
  if (known !== undefined) return known;
  let result: string;
  try {
    result = renderQuestionText(source);
  } catch {
    result = plainTextHtml(source);
  }
  if (rendered.size >= RENDERED_KEPT) rendered.clear();
  rendered.set(source, result);
  return result;
}
