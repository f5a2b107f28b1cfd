import { createRequire } from 'node:module';
import * as hb from 'harfbuzzjs';
import { describe, expect, it, vi } from 'vitest';
import { createTypesetter, FONT_FILES } from './shape-text.ts';

const require = createRequire(import.meta.url);
const DEJAVU = {
  regular: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
  bold: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
};

describe('the typesetter with a second font family', () => {
  it("asks a font for a character's glyph once, however often the character is measured or drawn", () => {
    const typesetter = createTypesetter({ fonts: { bengali: FONT_FILES, other: DEJAVU } });
    const text = 'H₂SO₄ ও √২ বিক্রিয়া, x² + y²';
    const style = { size: 12, weight: 'regular' } as const;
    const first = typesetter.width(text, style);
    const glyph = vi.spyOn(hb.Font.prototype, 'glyph');
    try {
      expect(typesetter.width(text, style)).toBe(first);
      expect(typesetter.wrap(`${text} ${text}`, style, 10_000)).toEqual([`${text} ${text}`]);
      expect(glyph).not.toHaveBeenCalled();
    } finally {
      glyph.mockRestore();
    }
  });
});
