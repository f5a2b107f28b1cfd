import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as hb from 'harfbuzzjs';

/**
 * Text for the admit card, Latin and Bangla alike: HarfBuzz shapes the string (conjuncts, reordered vowel
 * signs, reph, below-base forms) and each shaped glyph's outline is drawn as a vector path. fontkit, which
 * pdfkit would use for text, gets Bangla conjuncts wrong (docs/decisions/007-admit-card-pdf.md).
 *
 * Font: Noto Sans Bengali (SIL Open Font License 1.1) from @expo-google-fonts/noto-sans-bengali, the only
 * npm package found that ships it as TTF; it also covers Latin, digits and punctuation.
 */
export type Weight = 'regular' | 'bold';

const require = createRequire(import.meta.url);
export const FONT_FILES: Record<Weight, string> = {
  regular: require.resolve('@expo-google-fonts/noto-sans-bengali/400Regular/NotoSansBengali_400Regular.ttf'),
  bold: require.resolve('@expo-google-fonts/noto-sans-bengali/700Bold/NotoSansBengali_700Bold.ttf'),
};

/** The font files of one family, by weight. */
export type FontFamily = Record<Weight, string>;

/**
 * Which family draws which script: Bangla letters with `bengali`, everything else with `other`; a character
 * the chosen family has no glyph for is drawn with the other one (the question paper's `H₂SO₄` and `√` in a
 * Bangla sentence). The admit card and the certificate use Noto Sans Bengali for both.
 */
export type FontChoice = { bengali: FontFamily; other: FontFamily };
const NOTO_ONLY: FontChoice = { bengali: FONT_FILES, other: FONT_FILES };

/** A font with what was asked of it: glyph outlines by id, and whether it has a glyph, by code point. */
type LoadedFont = { font: hb.Font; upem: number; paths: Map<number, string>; has: Map<number, boolean> };
const fonts = new Map<string, LoadedFont>();

function loadFont(file: string): LoadedFont {
  let loaded = fonts.get(file);
  if (!loaded) {
    const face = new hb.Face(new hb.Blob(readFileSync(file)));
    loaded = { font: new hb.Font(face), upem: face.upem, paths: new Map(), has: new Map() };
    fonts.set(file, loaded);
  }
  return loaded;
}

/**
 * Whether the font has a glyph for a character, asked of the font once per character: with a second family
 * set, every character of every line measured or drawn asks (a call into the shaper's WebAssembly).
 */
function hasGlyph(file: string, cp: number) {
  const loaded = loadFont(file);
  let has = loaded.has.get(cp);
  if (has === undefined) {
    has = Boolean(loaded.font.glyph(cp));
    loaded.has.set(cp, has);
  }
  return has;
}

/** A glyph placed in font units, relative to the start of the line's baseline (y up). */
type PlacedGlyph = { id: number; x: number; y: number; file: string; scale: number };
type ShapedLine = { glyphs: PlacedGlyph[]; width: number };

/** The part of pdfkit's document this module draws with. */
export type PathCanvas = {
  save(): unknown;
  restore(): unknown;
  transform(a: number, b: number, c: number, d: number, e: number, f: number): unknown;
  path(svgPath: string): unknown;
  fill(color?: string): unknown;
};

const isBengali = (cp: number) => cp >= 0x0980 && cp <= 0x09ff;
// Spaces, punctuation, ASCII digits, joiners and dandas belong to whichever script surrounds them.
const isNeutral = (cp: number) =>
  cp === 0x200c ||
  cp === 0x200d ||
  cp === 0x25cc ||
  cp === 0x0964 ||
  cp === 0x0965 ||
  /[\s\p{P}\p{S}0-9]/u.test(String.fromCodePoint(cp));

type Run = { text: string; bengali: boolean; file: string };

/**
 * Splits text into runs of one script and one font each, so each run is shaped with the right script's rules
 * by a font that has its characters.
 */
function scriptRuns(text: string, weight: Weight, choice: FontChoice): Run[] {
  const chars = [...text];
  const kinds = chars.map((ch) => {
    const cp = ch.codePointAt(0) ?? 0;
    return isNeutral(cp) ? undefined : isBengali(cp);
  });
  // A neutral character takes the script before it, or after it at the start of the text.
  const firstStrong = kinds.find((kind) => kind !== undefined) ?? false;
  const runs: Run[] = [];
  let previous = firstStrong;
  chars.forEach((ch, i) => {
    const bengali = kinds[i] ?? previous;
    previous = bengali;
    const preferred = (bengali ? choice.bengali : choice.other)[weight];
    const second = (bengali ? choice.other : choice.bengali)[weight];
    const cp = ch.codePointAt(0) ?? 0;
    // A combining mark stays in its letter's run (its font draws it over the letter, or not at all).
    const mark = /\p{M}/u.test(ch);
    const last = runs.at(-1);
    const file =
      preferred === second
        ? preferred
        : mark && last
          ? last.file
          : hasGlyph(preferred, cp) || !hasGlyph(second, cp)
            ? preferred
            : second;
    if (last && last.bengali === bengali && last.file === file) last.text += ch;
    else runs.push({ text: ch, bengali, file });
  });
  return runs;
}

function shapeLine(text: string, weight: Weight, shaping: boolean, choice: FontChoice): ShapedLine {
  const glyphs: PlacedGlyph[] = [];
  // Pen position in points of a 1-point font: each run's font has its own units per em.
  let penX = 0;
  for (const run of scriptRuns(text, weight, choice)) {
    const { font, upem } = loadFont(run.file);
    const scale = 1 / upem;
    if (!shaping) {
      // Tests only: one nominal glyph per character, as a shaper that knows nothing of Bangla would draw.
      for (const ch of run.text) {
        const id = font.glyph(ch.codePointAt(0) ?? 0) ?? 0;
        glyphs.push({ id, x: penX, y: 0, file: run.file, scale });
        penX += font.glyphHAdvance(id) * scale;
      }
      continue;
    }
    const buffer = new hb.Buffer();
    buffer.addText(run.text);
    buffer.setDirection(hb.Direction.LTR);
    buffer.setScript(run.bengali ? 'Beng' : 'Latn');
    buffer.setLanguage(run.bengali ? 'bn' : 'en');
    hb.shape(font, buffer);
    for (const g of buffer.getGlyphInfosAndPositions()) {
      glyphs.push({
        id: g.codepoint,
        x: penX + (g.xOffset ?? 0) * scale,
        y: (g.yOffset ?? 0) * scale,
        file: run.file,
        scale,
      });
      penX += (g.xAdvance ?? 0) * scale;
    }
  }
  return { glyphs, width: penX };
}

function glyphPath(file: string, id: number): string {
  const loaded = loadFont(file);
  let path = loaded.paths.get(id);
  if (path === undefined) {
    path = loaded.font.glyphToPath(id);
    loaded.paths.set(id, path);
  }
  return path;
}

/** `italic` slants the outlines (no Bangla font has an italic face, so every script is slanted alike). */
export type TextStyle = { size: number; weight: Weight; italic?: boolean };

const ITALIC_SLANT = Math.tan((12 * Math.PI) / 180);

/** Measures, wraps and draws text; `shaping: false` exists only so tests can show what broken shaping looks like. */
export function createTypesetter(options: { shaping?: boolean; fonts?: FontChoice } = {}) {
  const shaping = options.shaping ?? true;
  const choice = options.fonts ?? NOTO_ONLY;

  const width = (text: string, style: TextStyle) =>
    shapeLine(text, style.weight, shaping, choice).width * style.size;

  /** Draws one line with its baseline at `baselineY` (pdfkit's y-down page coordinates); returns its width. */
  const draw = (canvas: PathCanvas, text: string, x: number, baselineY: number, style: TextStyle) => {
    const line = shapeLine(text, style.weight, shaping, choice);
    const slant = style.italic ? ITALIC_SLANT : 0;
    canvas.save();
    for (const glyph of line.glyphs) {
      const path = glyphPath(glyph.file, glyph.id);
      if (!path) continue;
      const scale = style.size * glyph.scale;
      canvas.save();
      // Font units are y-up; the page is y-down: scale, flip (and slant) and move the glyph to its pen position.
      canvas.transform(
        scale,
        0,
        slant * scale,
        -scale,
        x + glyph.x * style.size,
        baselineY - glyph.y * style.size,
      );
      canvas.path(path);
      canvas.fill('black');
      canvas.restore();
    }
    canvas.restore();
    return line.width * style.size;
  };

  /** Greedy word wrap; a single word wider than the line is kept whole on its own line. */
  const wrap = (text: string, style: TextStyle, maxWidth: number): string[] => {
    const lines: string[] = [];
    let current = '';
    for (const word of text.split(/\s+/).filter(Boolean)) {
      const candidate = current ? `${current} ${word}` : word;
      if (current && width(candidate, style) > maxWidth) {
        lines.push(current);
        current = word;
      } else current = candidate;
    }
    if (current) lines.push(current);
    return lines;
  };

  return { width, draw, wrap };
}

export type Typesetter = ReturnType<typeof createTypesetter>;
