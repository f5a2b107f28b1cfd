import { describe, expect, it } from 'vitest';
import {
  FormulaError,
  renderQuestionText,
  sanitizeQuestionHtml,
  storedQuestionHtml,
} from './question-text.ts';

/** The MathML of the one formula in a one-paragraph question. */
const math = (source: string) => {
  const html = renderQuestionText(source);
  const found = html.match(/<math[^>]*>.*<\/math>/s);
  if (!found) throw new Error(`no formula in ${html}`);
  return found[0];
};

const refusal = (source: string) => {
  try {
    renderQuestionText(source);
  } catch (error) {
    if (error instanceof FormulaError) return { position: error.position, reason: error.reason };
    throw error;
  }
  throw new Error('not refused');
};

describe('formulas: TeX to MathML, once, on the server', () => {
  it('writes sub- and superscripts, fractions, roots and vectors as MathML elements', () => {
    expect(math('$x_1^2 + y_{n}$')).toContain('<msubsup><mi>x</mi><mn>1</mn><mn>2</mn></msubsup>');
    expect(math('$y_{n}$')).toBe('<math><msub><mi>y</mi><mi>n</mi></msub></math>');
    expect(math('$\\frac{1}{2}mv^2$')).toContain('<mfrac><mn>1</mn><mn>2</mn></mfrac>');
    expect(math('$\\sqrt{2gh}$')).toContain('<msqrt>');
    expect(math('$\\sqrt[3]{V}$')).toContain('<mroot>');
    expect(math('$\\vec{F} = m\\vec{a}$')).toMatch(/<mover><mi>F<\/mi><mo[^>]*>→<\/mo><\/mover>/);
  });

  it('keeps units upright: 6.02 × 10²³ mol⁻¹', () => {
    const html = math('$6.02 \\times 10^{23}\\,\\mathrm{mol^{-1}}$');
    expect(html).toContain('<mo>×</mo><msup><mn>10</mn><mn>23</mn></msup>');
    expect(html).toContain('<mi mathvariant="normal">m</mi>');
    expect(html).toContain('<mo form="prefix" stretchy="false" lspace="0em" rspace="0em">−</mo><mn>1</mn>');
  });

  it('writes chemical formulas through mhchem: \\ce{H2SO4}', () => {
    const html = math('$\\ce{H2SO4}$');
    expect(html).toContain('<mi mathvariant="normal">H</mi>');
    expect(html).toContain('<msub><mrow></mrow><mn>2</mn></msub>');
    expect(html).toContain('<mi>SO</mi>');
    expect(html).toContain('<msub><mrow></mrow><mn>4</mn></msub>');
  });

  it('keeps Bangla words and digits inside a formula whole, as text', () => {
    expect(math('$v = ১২\\,\\mathrm{m/s}$')).toContain('<mtext>১২</mtext>');
    expect(math('$\\text{বেগ} = \\frac{\\text{দূরত্ব}}{\\text{সময়}}$')).toContain(
      '<mfrac><mtext>দূরত্ব</mtext><mtext>সময়</mtext></mfrac>',
    );
    // Written without \text{}: still one run, the vowel sign with its consonant.
    expect(math('$বেগ = ৫$')).toContain('<mtext>বেগ</mtext>');
    expect(math('$g = ৯.৮\\,\\mathrm{m\\,s^{-2}}$')).toContain('<mtext>৯.৮</mtext>');
  });

  it('draws $$...$$ as a display formula and $...$ inline, in the paragraph', () => {
    const html = renderQuestionText('Energy: $E$.\n\n$$E = mc^2$$');
    expect(html).toMatch(/^<p>Energy: <math><mi>E<\/mi><\/math>\.<\/p>/);
    expect(html).toContain('<math display="block">');
  });

  it('takes \\$ as a dollar sign, not a formula', () => {
    expect(renderQuestionText('A pen costs \\$2 and $x$ pens')).toBe(
      '<p>A pen costs $2 and <math><mi>x</mi></math> pens</p>',
    );
  });

  it('refuses a formula that does not parse, with the character of the field where it went wrong', () => {
    const broken = refusal('Find $\\frac{1}{$ now.');
    expect(broken.position).toBe(16); // the closing $, where the argument is missing
    expect(broken.reason).toContain("expected '}'");
    const unknown = refusal('Then $$\\foo x$$');
    expect(unknown).toEqual({ position: 8, reason: 'Unsupported function name: \\foo' });
    expect(refusal('It costs $5')).toEqual({
      position: 10,
      reason: 'the formula opened here with $ is not closed',
    });
    expect(refusal('$ $')).toEqual({ position: 1, reason: 'the formula is empty' });
    // Links and raw HTML from TeX are not trusted.
    expect(refusal('$\\href{javascript:alert(1)}{x}$').reason).toContain('\\href');
  });

  it('refuses a Bangla field the same way, counting characters (not bytes)', () => {
    expect(refusal('বল $F = \\frac{m}$').position).toBe(17);
  });
});

describe('rich text: a small Markdown, sanitised', () => {
  it('keeps paragraphs, bold, italics, lists and a table', () => {
    const html = renderQuestionText(
      'First.\n\nA **bold** and *italic* word.\n\n1. one\n2. two\n\n- a\n- b\n\n| t (s) | v (m/s) |\n|---|--:|\n| 1 | 9.8 |',
    );
    expect(html).toContain('<p>First.</p>');
    expect(html).toContain('<strong>bold</strong> and <em>italic</em>');
    expect(html).toContain('<ol>\n<li>one</li>');
    expect(html).toContain('<ul>\n<li>a</li>');
    expect(html).toContain('<th style="text-align:right">v (m/s)</th>');
    expect(html).toContain('<td style="text-align:right">9.8</td>');
  });

  it('keeps a line break inside a paragraph', () => {
    expect(renderQuestionText('line one\nline two')).toBe('<p>line one<br />\nline two</p>');
  });

  const HOSTILE = [
    '<script>alert(1)</script>',
    '<img src=x onerror="alert(1)">',
    '<a href="javascript:alert(1)">tap</a>',
    '[tap](javascript:alert(1))',
    '<svg onload=alert(1)>',
    '<iframe src="javascript:alert(1)"></iframe>',
    '<math><maction actiontype="statusline" xlink:href="javascript:alert(1)">x</maction></math>',
  ];

  for (const [language, prefix] of [
    ['English', 'Find the speed. '],
    ['Bangla', 'বেগ নির্ণয় করো। '],
  ] as const) {
    it(`leaves nothing that runs from hostile input in a ${language} question`, () => {
      for (const attack of HOSTILE) {
        const html = renderQuestionText(`${prefix}${attack} and $x$`);
        // Every element and attribute left is from the allow-list; the attack survives only as text.
        for (const [, tag, attributes] of html.matchAll(/<([a-z]+)([^>]*)>/gi)) {
          expect(['p', 'math', 'mi']).toContain(tag);
          expect(attributes).toBe('');
        }
        expect(html).toContain('<math><mi>x</mi></math>');
      }
    });
  }

  it('the allow-list alone strips what Markdown would never write', () => {
    expect(
      sanitizeQuestionHtml(
        '<p onclick="x()" style="color:red" class="c">a<a href="javascript:x()">b</a><script>y()</script></p>' +
          '<math display="block" onmouseover="x()"><mi href="javascript:x()">c</mi></math><td style="position:fixed">d</td>',
      ),
    ).toBe('<p>ab</p><math display="block"><mi>c</mi></math><td>d</td>');
  });
});

describe('questions stored before formulas', () => {
  it('are rendered when read, and a text that no longer parses is shown as plain text', () => {
    expect(storedQuestionHtml(null, 'Name three states of matter.')).toBe(
      '<p>Name three states of matter.</p>',
    );
    expect(storedQuestionHtml(null, 'It costs $5 <b>now</b>\nor later')).toBe(
      '<p>It costs $5 &lt;b&gt;now&lt;/b&gt;<br>or later</p>',
    );
    expect(storedQuestionHtml('<p>stored</p>', 'ignored')).toBe('<p>stored</p>');
  });
});

describe("the practice exam's questions (site content in the web app)", () => {
  it('carry exactly the HTML the renderer writes for their source', async () => {
    const { PRACTICE_QUESTIONS } = await import('../../../../web/src/features/exam/practice-content.ts');
    for (const question of PRACTICE_QUESTIONS) {
      expect(question.questionEnglishHtml).toBe(renderQuestionText(question.questionEnglish));
      expect(question.questionBanglaHtml).toBe(renderQuestionText(question.questionBangla));
    }
  });
});
