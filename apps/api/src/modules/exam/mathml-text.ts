import { type ChildNode, type Element, isTag, isText } from 'domhandler';
import { parseDocument } from 'htmlparser2';

/**
 * A formula as one line of Unicode text, for print (docs/decisions/041-printable-question-paper.md). The
 * question's HTML carries Temml's MathML; a PDF has no MathML, so the printed paper writes each formula the
 * way a person types it: `H₂SO₄`, `v = u + at`, `6.02 × 10²³ mol⁻¹`, `(a + b)/2`, `√(2gh)`, `F⃗`.
 */

const SUBSCRIPTS: Record<string, string> = {
  '0': '₀',
  '1': '₁',
  '2': '₂',
  '3': '₃',
  '4': '₄',
  '5': '₅',
  '6': '₆',
  '7': '₇',
  '8': '₈',
  '9': '₉',
  '+': '₊',
  '-': '₋',
  '\u2212': '₋',
  '=': '₌',
  '(': '₍',
  ')': '₎',
  a: 'ₐ',
  e: 'ₑ',
  h: 'ₕ',
  i: 'ᵢ',
  j: 'ⱼ',
  k: 'ₖ',
  l: 'ₗ',
  m: 'ₘ',
  n: 'ₙ',
  o: 'ₒ',
  p: 'ₚ',
  r: 'ᵣ',
  s: 'ₛ',
  t: 'ₜ',
  u: 'ᵤ',
  v: 'ᵥ',
  x: 'ₓ',
};

const SUPERSCRIPTS: Record<string, string> = {
  '0': '⁰',
  '1': '¹',
  '2': '²',
  '3': '³',
  '4': '⁴',
  '5': '⁵',
  '6': '⁶',
  '7': '⁷',
  '8': '⁸',
  '9': '⁹',
  '+': '⁺',
  '-': '⁻',
  '\u2212': '⁻',
  '=': '⁼',
  '(': '⁽',
  ')': '⁾',
  a: 'ᵃ',
  b: 'ᵇ',
  c: 'ᶜ',
  d: 'ᵈ',
  e: 'ᵉ',
  f: 'ᶠ',
  g: 'ᵍ',
  h: 'ʰ',
  i: 'ⁱ',
  j: 'ʲ',
  k: 'ᵏ',
  l: 'ˡ',
  m: 'ᵐ',
  n: 'ⁿ',
  o: 'ᵒ',
  p: 'ᵖ',
  r: 'ʳ',
  s: 'ˢ',
  t: 'ᵗ',
  u: 'ᵘ',
  v: 'ᵛ',
  w: 'ʷ',
  x: 'ˣ',
  y: 'ʸ',
  z: 'ᶻ',
  '\u2032': '′', // a prime is already raised
};

/** The script form of every character, or undefined when one of them has none. */
function scripted(text: string, table: Record<string, string>): string | undefined {
  let out = '';
  for (const ch of text) {
    const mapped = table[ch];
    if (mapped === undefined) return undefined;
    out += mapped;
  }
  return out;
}

/** A script that cannot be written in Unicode's small letters stays readable as `_(…)` or `^(…)`. */
const subscript = (text: string) => (text ? (scripted(text, SUBSCRIPTS) ?? `_(${text})`) : '');
const superscript = (text: string) => (text ? (scripted(text, SUPERSCRIPTS) ?? `^(${text})`) : '');

/** An operand that is one token (a number, a name, a script, a root) needs no parentheses around it. */
const isOneToken = (text: string) =>
  /^[\p{L}\p{N}\p{M}.,′\u00b2\u00b3\u00b9\u1d00-\u1dbf\u2070-\u209f\u2c7c]+$/u.test(text) ||
  /^[√∛∜]\(.*\)$/u.test(text) ||
  (/^\(.*\)$/u.test(text) && balancedInside(text));

/** Whether "(…)" is one group, not "(a) + (b)". */
function balancedInside(text: string) {
  let depth = 0;
  for (let i = 0; i < text.length; i += 1) {
    if (text[i] === '(') depth += 1;
    else if (text[i] === ')') depth -= 1;
    if (depth === 0 && i < text.length - 1) return false;
  }
  return depth === 0;
}

const grouped = (text: string) => (isOneToken(text) ? text : `(${text})`);

/** Operators written with a space each side in running text: relations, arrows and binary operators. */
const SPACED_OPERATORS = new Set([
  '=',
  '+',
  '−',
  '-',
  '×',
  '÷',
  '±',
  '∓',
  '·',
  '⋅',
  '<',
  '>',
  '≤',
  '≥',
  '≠',
  '≈',
  '≡',
  '∝',
  '→',
  '←',
  '↔',
  '⇌',
  '⇒',
  '⇔',
  '⟶',
  '⟵',
  '⟷',
]);

/** Combining marks that an accent over a letter becomes: a vector's arrow, a hat, a bar, a dot, a tilde. */
const ACCENTS: Record<string, string> = {
  '→': '\u20d7',
  '⃗': '\u20d7',
  '^': '\u0302',
  ˆ: '\u0302',
  '¯': '\u0305',
  '‾': '\u0305',
  _: '\u0305',
  '˙': '\u0307',
  '.': '\u0307',
  '¨': '\u0308',
  '~': '\u0303',
  '˜': '\u0303',
};

const elementChildren = (element: Element) => element.children.filter(isTag);

const textOf = (node: ChildNode): string => {
  if (isText(node)) return node.data;
  if (isTag(node)) return node.children.map(textOf).join('');
  return '';
};

/** An `em` width from Temml's spacing: `0.1667em` and wider is a visible space, `0pt` or none is not. */
function isVisibleSpace(element: Element) {
  const width = element.attribs.width;
  if (!width) return false;
  const match = /^(-?[\d.]+)(em|pt|ex|mu)?$/.exec(width.trim());
  if (!match) return false;
  const size = Number(match[1]);
  const unit = match[2] ?? 'em';
  const inEm = unit === 'pt' ? size / 10 : unit === 'ex' ? size / 2 : unit === 'mu' ? size / 18 : size;
  return inEm >= 0.15;
}

type Context = { inScript: boolean };

function operator(element: Element, context: Context): string {
  const text = textOf(element).trim();
  if (context.inScript) return text;
  const { form, fence } = element.attribs;
  if (fence === 'true' || form === 'prefix' || form === 'postfix') return text;
  if (text === ',' || text === ';') return `${text} `;
  if (SPACED_OPERATORS.has(text)) return ` ${text} `;
  return text;
}

function linear(node: ChildNode, context: Context): string {
  if (isText(node)) return node.data;
  if (!isTag(node)) return '';
  const element = node;
  const kids = elementChildren(element);
  const part = (index: number, inner: Context = context) => {
    const kid = kids[index];
    return kid ? tidy(linear(kid, inner)) : '';
  };
  const script: Context = { inScript: true };
  switch (element.name) {
    case 'mi':
    case 'mn':
    case 'mtext':
      return textOf(element);
    case 'ms':
      return `"${textOf(element)}"`;
    case 'mo':
      return operator(element, context);
    case 'mspace':
      return isVisibleSpace(element) ? ' ' : '';
    case 'mphantom':
    case 'annotation':
    case 'annotation-xml':
    case 'mprescripts':
    case 'none':
      return '';
    case 'msub':
    case 'munder':
      return part(0) + subscript(part(1, script));
    case 'msup':
      return part(0) + superscript(part(1, script));
    case 'msubsup':
    case 'munderover':
      return part(0) + subscript(part(1, script)) + superscript(part(2, script));
    case 'mover': {
      const base = part(0);
      const over = part(1, script);
      if (!over) return base;
      const accent = ACCENTS[over];
      return accent ? base + accent : base + superscript(over);
    }
    case 'mfrac':
      return `${grouped(part(0))}/${grouped(part(1))}`;
    case 'msqrt':
      return `√(${tidy(kids.map((kid) => linear(kid, context)).join(''))})`;
    case 'mroot': {
      const index = part(1, script);
      const radical = index === '3' ? '∛' : index === '4' ? '∜' : `${superscript(index)}√`;
      return `${radical}(${part(0)})`;
    }
    case 'mtable':
      return kids.map((row) => linear(row, context)).join('; ');
    case 'mtr':
    case 'mlabeledtr':
      return elementChildren(element)
        .map((cell) => tidy(linear(cell, context)))
        .filter(Boolean)
        .join(' ');
    default:
      return element.children.map((child) => linear(child, context)).join('');
  }
}

/** One space at most between words, none at the ends, none before a comma or inside a bracket's edge. */
const tidy = (text: string) =>
  text
    .replace(/\s+/g, ' ')
    .replace(/\(\s+/g, '(')
    .replace(/\s+([),;])/g, '$1')
    .trim();

/** A MathML element (`<math>` or any part of it) as one line of text. */
export const mathElementText = (element: Element): string => tidy(linear(element, { inScript: false }));

/** Every formula of an HTML fragment (or a lone `<math>`) as its text, in order: for tests and callers with strings. */
export function mathmlToText(html: string): string {
  const document = parseDocument(html);
  const formulas: string[] = [];
  const visit = (nodes: ChildNode[]) => {
    for (const node of nodes) {
      if (!isTag(node)) continue;
      if (node.name === 'math') formulas.push(mathElementText(node));
      else visit(node.children);
    }
  };
  visit(document.children);
  return formulas.join(' ');
}
