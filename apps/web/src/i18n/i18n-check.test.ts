import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ENGLISH_ONLY_NAMESPACES, en } from './resources.ts';
import { bn } from './resources-bn.ts';

/**
 * The translation check of `npm test` (issue 8):
 * - every key exists in both languages, with the same {{placeholders}};
 * - Bangla texts are translated and write numbers in Bangla digits;
 * - no component renders a user-visible literal: JSX text with letters, or a literal alt, title,
 *   placeholder, label or aria-* text, must come from t() instead.
 */

type Table = Record<string, string>;
const englishOnly = new Set<string>(ENGLISH_ONLY_NAMESPACES);
const english = en as unknown as Record<string, Table>;
const bangla = bn as unknown as Record<string, Table>;

const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((match) => match[1]).sort();
const withoutPlaceholders = (text: string) => text.replace(/\{\{[^}]*\}\}/g, '');

/** Texts that are the same in both languages on purpose (names, symbols, examples to type). */
const SAME_IN_BOTH = new Set<string>(['{{percent}}%', '{{answered}}/{{total}}', '{{marks}} / {{total}}']);
/** Bangla texts that show ASCII digits on purpose: examples of what to type (phone numbers, IDs), names. */
const ASCII_DIGITS_ALLOWED = new Set<string>([
  'auth:phoneHint',
  'profile:edit.phoneHint',
  'registration:field.phoneHint',
  'registration:field.transactionIdHint',
  'messages:phone.invalid',
  // A receipt's own text begins "v1."; SHA-256 is the name of the hash a receipt proves.
  'verify:receipt.hint',
  'verify:receipt.sha256',
  'verify:receipt.meaning',
  'exam:success.receipts.fileAbout',
  'messages:receipt.invalid',
]);

describe('translations', () => {
  const namespaces = Object.keys(english).filter((ns) => !englishOnly.has(ns));

  it('has a Bangla table for every namespace but the English-only ones, and no other', () => {
    expect(Object.keys(bangla).sort()).toEqual([...namespaces].sort());
  });

  for (const ns of namespaces) {
    it(`${ns}: the same keys and placeholders in English and Bangla`, () => {
      const en = english[ns] ?? {};
      const bn = bangla[ns] ?? {};
      expect(Object.keys(bn).sort(), `keys of ${ns}`).toEqual(Object.keys(en).sort());
      for (const [key, text] of Object.entries(en)) {
        const translated = bn[key] ?? '';
        expect(translated.trim(), `${ns}:${key} is empty`).not.toBe('');
        expect(placeholders(translated), `placeholders of ${ns}:${key}`).toEqual(placeholders(text));
      }
    });

    it(`${ns}: Bangla texts are translated and use Bangla digits`, () => {
      const problems: string[] = [];
      for (const [key, text] of Object.entries(bangla[ns] ?? {})) {
        const id = `${ns}:${key}`;
        const englishText = english[ns]?.[key] ?? '';
        if (text === englishText && /\p{L}/u.test(withoutPlaceholders(text)) && !SAME_IN_BOTH.has(text)) {
          problems.push(`${id} is not translated: ${text}`);
        }
        if (/[0-9]/.test(withoutPlaceholders(text)) && !ASCII_DIGITS_ALLOWED.has(id)) {
          problems.push(`${id} has ASCII digits: ${text}`);
        }
      }
      expect(problems).toEqual([]);
    });
  }
});

// ---------------------------------------------------------------------------------------------

const SRC = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

/** Attributes whose text a user reads or hears. */
const VISIBLE_ATTRIBUTES = new Set([
  'alt',
  'title',
  'placeholder',
  'label',
  'aria-label',
  'aria-description',
  'aria-roledescription',
  'aria-valuetext',
]);

/**
 * Literals allowed in JSX: each language's own name (shown in itself on purpose) and file formats.
 * Text without letters (digits, punctuation, '·', '—', '×') is always allowed.
 */
const ALLOWED_LITERALS = new Set<string>([
  'English',
  'বাংলা',
  // The column header line of the preliminary results CSV (a file format, not a sentence).
  'email,name,category,score,total,qualified',
]);

/** Files whose literals are not checked: tests and test helpers. */
const SKIPPED = [/\.test\.tsx$/, /[/\\]test[/\\]/];

function tsxFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return tsxFiles(file);
    return entry.name.endsWith('.tsx') && !SKIPPED.some((re) => re.test(file)) ? [file] : [];
  });
}

const hasLetters = (text: string) => /\p{L}/u.test(text);

/** The user-visible literals of one file, as 'file:line: text'. */
export function visibleLiterals(fileName: string, source: string): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const report = (node: ts.Node, text: string) => {
    const trimmed = text.replace(/\s+/g, ' ').trim();
    if (!hasLetters(trimmed) || ALLOWED_LITERALS.has(trimmed)) return;
    const { line } = file.getLineAndCharacterOfPosition(node.getStart(file));
    found.push(`${path.relative(SRC, fileName)}:${line + 1}: ${trimmed}`);
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) report(node, node.text);
    else if (ts.isJsxExpression(node) && node.expression && ts.isJsxElement(node.parent)) {
      const expression = node.expression;
      if (ts.isStringLiteral(expression) || ts.isNoSubstitutionTemplateLiteral(expression)) {
        report(expression, expression.text);
      }
    } else if (ts.isJsxAttribute(node) && VISIBLE_ATTRIBUTES.has(node.name.getText(file))) {
      const value = node.initializer;
      if (value && ts.isStringLiteral(value)) report(value, value.text);
      else if (value && ts.isJsxExpression(value) && value.expression) {
        const expression = value.expression;
        if (ts.isStringLiteral(expression) || ts.isNoSubstitutionTemplateLiteral(expression)) {
          report(expression, expression.text);
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

describe('components', () => {
  it('finds literals (the check itself)', () => {
    const sample = `export const A = () => (
      <div title="Hello" aria-label={'Menu'} className="p-2">
        Welcome {'back'} {t('x')} · 10%
        <img alt="" /><b>{name}</b>
      </div>
    );`;
    expect(visibleLiterals(path.join(SRC, 'sample.tsx'), sample)).toEqual([
      'sample.tsx:2: Hello',
      'sample.tsx:2: Menu',
      'sample.tsx:3: Welcome',
      'sample.tsx:3: back',
    ]);
  });

  it('render no user-visible literal: every text comes from a translation key', () => {
    const found = tsxFiles(SRC).flatMap((file) => visibleLiterals(file, readFileSync(file, 'utf8')));
    expect(found).toEqual([]);
  });
});
