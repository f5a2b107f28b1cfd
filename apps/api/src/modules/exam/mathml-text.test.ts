import { describe, expect, it } from 'vitest';
import { mathmlToText } from './mathml-text.ts';
import { renderQuestionText } from './question-text.ts';

/** A formula as the server stores it (Temml's MathML), then as the printed paper writes it. */
const printed = (tex: string) => mathmlToText(renderQuestionText(`$${tex}$`));

describe('formulas as one line of text for print', () => {
  it('writes subscripts as Unicode subscripts when every character has one', () => {
    expect(printed('\\ce{H2SO4}')).toBe('H₂SO₄');
    expect(printed('x_{i+1}')).toBe('xᵢ₊₁');
    expect(printed('v_0')).toBe('v₀');
  });

  it('falls back to _(…) when one character has no subscript form', () => {
    expect(printed('F_{\\text{net}}')).toBe('Fₙₑₜ');
    expect(printed('F_{\\text{grav}}')).toBe('F_(grav)');
    expect(printed('x_{\\alpha}')).toBe('x_(α)');
  });

  it('writes superscripts as Unicode superscripts, including a unit’s minus', () => {
    expect(printed('6.02 \\times 10^{23}\\,\\mathrm{mol^{-1}}')).toBe('6.02 × 10²³ mol⁻¹');
    expect(printed('E = mc^2')).toBe('E = mc²');
    expect(printed('x_i^2')).toBe('xᵢ²');
  });

  it('falls back to ^(…) for a superscript that Unicode cannot write small', () => {
    expect(printed('e^{\\pi}')).toBe('e^(π)');
    expect(printed('2^{x/2}')).toBe('2^(x/2)');
  });

  it('spaces relations and binary operators as a person types them', () => {
    expect(printed('v = u + at')).toBe('v = u + at');
    expect(printed('a - b \\le c')).toBe('a − b ≤ c');
  });

  it('writes a fraction as a/b, with parentheses around a side of more than one token', () => {
    expect(printed('\\frac{1}{2}')).toBe('1/2');
    expect(printed('\\frac{a+b}{2}')).toBe('(a + b)/2');
    expect(printed('\\frac{v - u}{t}')).toBe('(v − u)/t');
    expect(printed('\\frac{x^2}{2m}')).toBe('x²/2m');
  });

  it('writes square roots and other roots with the radical sign', () => {
    expect(printed('v = \\sqrt{2gh}')).toBe('v = √(2gh)');
    expect(printed('\\sqrt[3]{x}')).toBe('∛(x)');
    expect(printed('\\sqrt[n]{x}')).toBe('ⁿ√(x)');
  });

  it('writes a vector as its letter with a combining arrow above', () => {
    expect(printed('\\vec{F} = m\\vec{a}')).toBe('F\u20d7 = ma\u20d7');
  });

  it('reads mtext, mi, mn and mo as their text, Bangla included', () => {
    expect(printed('\\text{speed} = ৯.৮ t')).toBe('speed = ৯.৮t');
    expect(printed('\\alpha + \\beta')).toBe('α + β');
  });

  it('writes a chemical equation with its arrow spaced', () => {
    expect(printed('\\ce{CO2 + H2O -> H2CO3}')).toBe('CO₂ + H₂O → H₂CO₃');
  });

  it('writes a table (a matrix, aligned lines) row by row', () => {
    expect(printed('\\begin{pmatrix}1&2\\\\3&4\\end{pmatrix}')).toBe('(1 2; 3 4)');
    expect(printed('\\begin{aligned}x&=1\\\\y&=2\\end{aligned}')).toBe('x = 1; y = 2');
  });

  it('reads every formula of a paragraph in order and nothing else', () => {
    expect(mathmlToText(renderQuestionText('Acid $\\ce{H2SO4}$ and $v = u + at$.'))).toBe('H₂SO₄ v = u + at');
    expect(mathmlToText('<p>no formula</p>')).toBe('');
  });
});
