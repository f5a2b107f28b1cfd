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

type LoadedFont = { font: hb.Font; upem: number; paths: Map<number, string> };
const fonts = new Map<Weight, LoadedFont>();

function loadFont(weight: Weight): LoadedFont {
  let loaded = fonts.get(weight);
  if (!loaded) {
    const face = new hb.Face(new hb.Blob(readFileSync(FONT_FILES[weight])));
    loaded = { font: new hb.Font(face), upem: face.upem, paths: new Map() };
    fonts.set(weight, loaded);
  }
  return loaded;
}

/** A glyph placed in font units, relative to the start of the line's baseline (y up). */
type PlacedGlyph = { id: number; x: number; y: number };
type ShapedLine = { glyphs: PlacedGlyph[]; width: number; upem: number };

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

/** Splits text into runs of one script each, so each run is shaped with the right script's rules. */
function scriptRuns(text: string): { text: string; bengali: boolean }[] {
  const chars = [...text];
  const kinds = chars.map((ch) => {
    const cp = ch.codePointAt(0) ?? 0;
    return isNeutral(cp) ? undefined : isBengali(cp);
  });
  // A neutral character takes the script before it, or after it at the start of the text.
  const firstStrong = kinds.find((kind) => kind !== undefined) ?? false;
  const runs: { text: string; bengali: boolean }[] = [];
  let previous = firstStrong;
  chars.forEach((ch, i) => {
    const bengali = kinds[i] ?? previous;
    previous = bengali;
    const last = runs.at(-1);
    if (last && last.bengali === bengali) last.text += ch;
    else runs.push({ text: ch, bengali });
  });
  return runs;
}

function shapeLine(text: string, weight: Weight, shaping: boolean): ShapedLine {
  const { font, upem } = loadFont(weight);
  const glyphs: PlacedGlyph[] = [];
  let penX = 0;
  for (const run of scriptRuns(text)) {
    if (!shaping) {
      // Tests only: one nominal glyph per character, as a shaper that knows nothing of Bangla would draw.
      for (const ch of run.text) {
        const id = font.glyph(ch.codePointAt(0) ?? 0) ?? 0;
        glyphs.push({ id, x: penX, y: 0 });
        penX += font.glyphHAdvance(id);
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
      glyphs.push({ id: g.codepoint, x: penX + (g.xOffset ?? 0), y: g.yOffset ?? 0 });
      penX += g.xAdvance ?? 0;
    }
  }
  return { glyphs, width: penX, upem };
}

function glyphPath(weight: Weight, id: number): string {
  const loaded = loadFont(weight);
  let path = loaded.paths.get(id);
  if (path === undefined) {
    path = loaded.font.glyphToPath(id);
    loaded.paths.set(id, path);
  }
  return path;
}

export type TextStyle = { size: number; weight: Weight };

/** Measures, wraps and draws text; `shaping: false` exists only so tests can show what broken shaping looks like. */
export function createTypesetter(options: { shaping?: boolean } = {}) {
  const shaping = options.shaping ?? true;

  const width = (text: string, style: TextStyle) => {
    const line = shapeLine(text, style.weight, shaping);
    return (line.width * style.size) / line.upem;
  };

  /** Draws one line with its baseline at `baselineY` (pdfkit's y-down page coordinates); returns its width. */
  const draw = (canvas: PathCanvas, text: string, x: number, baselineY: number, style: TextStyle) => {
    const line = shapeLine(text, style.weight, shaping);
    const scale = style.size / line.upem;
    canvas.save();
    for (const glyph of line.glyphs) {
      const path = glyphPath(style.weight, glyph.id);
      if (!path) continue;
      canvas.save();
      // Font units are y-up; the page is y-down: scale, flip and move the glyph to its pen position.
      canvas.transform(scale, 0, 0, -scale, x + glyph.x * scale, baselineY - glyph.y * scale);
      canvas.path(path);
      canvas.fill('black');
      canvas.restore();
    }
    canvas.restore();
    return line.width * scale;
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
