import { type ChildNode, type Element, isTag, isText } from 'domhandler';
import { parseDocument } from 'htmlparser2';
import { mathElementText } from './mathml-text.ts';

/**
 * A question's HTML (question-text.ts's allow-list: paragraphs, bold, italics, lists, a table, MathML, and a
 * diagram's place) as the blocks a printed page is made of. Formulas become their linear text
 * (mathml-text.ts); what print cannot carry (a table cell's alignment) is dropped.
 */

export type InlineStyle = { bold: boolean; italic: boolean };
/** A run of text in one style; `\n` is a line break. */
export type Inline = { text: string } & InlineStyle;

export type Block =
  | { kind: 'paragraph'; inlines: Inline[]; indent: number; marker?: string }
  | { kind: 'formula'; text: string; indent: number }
  | { kind: 'table'; rows: { header: boolean; cells: Inline[][] }[]; indent: number }
  /** Diagram `index` (1-based) of the question goes here. */
  | { kind: 'diagram'; index: number; indent: number };

const PLAIN: InlineStyle = { bold: false, italic: false };

const isDisplayMath = (element: Element) => element.name === 'math' && element.attribs.display === 'block';

/** The inline content of an element: text in its style, formulas as text, `<br>` as a line break. */
function inlinesOf(nodes: ChildNode[], style: InlineStyle, out: Inline[] = []): Inline[] {
  for (const node of nodes) {
    if (isText(node)) out.push({ text: node.data, ...style });
    else if (!isTag(node)) continue;
    else if (node.name === 'br') out.push({ text: '\n', ...style });
    else if (node.name === 'math') out.push({ text: mathElementText(node), ...style });
    else if (node.name === 'strong' || node.name === 'b')
      inlinesOf(node.children, { ...style, bold: true }, out);
    else if (node.name === 'em' || node.name === 'i')
      inlinesOf(node.children, { ...style, italic: true }, out);
    else inlinesOf(node.children, style, out);
  }
  return out;
}

const BLOCK_TAGS = new Set(['p', 'ul', 'ol', 'li', 'table', 'figure', 'div', 'blockquote']);

const hasText = (inlines: Inline[]) => inlines.some((inline) => inline.text.trim() !== '');

/** The blocks of a list of nodes: runs of inline content become paragraphs; display formulas stand alone. */
function blocksOf(nodes: ChildNode[], indent: number, out: Block[]): Block[] {
  let pending: ChildNode[] = [];
  const flush = () => {
    const inlines = inlinesOf(pending, PLAIN);
    if (hasText(inlines)) out.push({ kind: 'paragraph', inlines, indent });
    pending = [];
  };
  for (const node of nodes) {
    if (!isTag(node)) {
      pending.push(node);
      continue;
    }
    if (isDisplayMath(node)) {
      flush();
      out.push({ kind: 'formula', text: mathElementText(node), indent });
      continue;
    }
    if (!BLOCK_TAGS.has(node.name)) {
      // Inline content may still hold a display formula (`<p><math display="block">` is Temml's `$$`).
      if (node.children.some((child) => isTag(child) && isDisplayMath(child))) {
        flush();
        blocksOf(node.children, indent, out);
      } else pending.push(node);
      continue;
    }
    flush();
    switch (node.name) {
      case 'ul':
      case 'ol':
        listBlocks(node, indent, out);
        break;
      case 'table':
        out.push({ kind: 'table', rows: tableRows(node), indent });
        break;
      case 'figure': {
        const index = Number(node.attribs['data-diagram']);
        if (Number.isInteger(index) && index >= 1) out.push({ kind: 'diagram', index, indent });
        break;
      }
      default:
        blocksOf(node.children, indent, out);
    }
  }
  flush();
  return out;
}

function listBlocks(list: Element, indent: number, out: Block[]) {
  const ordered = list.name === 'ol';
  let number = Number(list.attribs.start ?? '1');
  if (!Number.isFinite(number)) number = 1;
  for (const item of list.children) {
    if (!isTag(item) || item.name !== 'li') continue;
    const marker = ordered ? `${number}.` : '•';
    number += 1;
    const start = out.length;
    blocksOf(item.children, indent + 1, out);
    const first = out[start];
    if (first?.kind === 'paragraph' && first.marker === undefined) first.marker = marker;
    else out.splice(start, 0, { kind: 'paragraph', inlines: [], indent: indent + 1, marker });
  }
}

function tableRows(table: Element) {
  const rows: { header: boolean; cells: Inline[][] }[] = [];
  const visit = (element: Element, header: boolean) => {
    for (const child of element.children) {
      if (!isTag(child)) continue;
      if (child.name === 'tr') {
        const cells = child.children
          .filter(isTag)
          .filter((cell) => cell.name === 'td' || cell.name === 'th')
          .map((cell) => inlinesOf(cell.children, { ...PLAIN, bold: cell.name === 'th' }));
        rows.push({ header: header || child.children.some((c) => isTag(c) && c.name === 'th'), cells });
      } else visit(child, header || child.name === 'thead');
    }
  };
  visit(table, false);
  return rows;
}

/** A question's HTML as printable blocks, in order. */
export const paperBlocks = (html: string): Block[] => blocksOf(parseDocument(html).children, 0, []);
