import sharp from 'sharp';

/** The side of the square the page is reduced to before its ink is found. */
const SIDE = 128;
/** The ink map's side: the DCT's input. */
const GRID = 32;
/** The low frequencies kept: 8 × 8 = 64 bits. */
const KEEP = 8;
/** Dark marks thinner than twice this (in SIDE pixels) are ink; wider dark areas (the table) are not. */
const STROKE_RADIUS = 5;
/** How much darker than the paper around it a point must be to count as ink (faint ruled lines do not). */
const INK_THRESHOLD = 0.05;
/** Paper is at least this share of the brightest paper (the light falls off; the table is darker). */
const PAPER_SHARE = 0.47;
/** The share of the ink left outside the writing's box on each side (stray marks, the page's edge). */
const BOX_TAIL = 0.01;

/**
 * A 64-bit perceptual fingerprint of a photographed page of writing, as 16 hex digits.
 *
 * The page in grey is reduced to 128 × 128 (so size and aspect do not matter). Its ink is what is darker
 * than the paper around it: the paper's brightness at each point is the image closed by a small square (a
 * dilation then an erosion: thin dark strokes vanish, the edge of the table stays), so uneven light and a
 * brighter copy do not matter, nor does the table around the page. The box that holds the writing (its
 * ink's 1st to 99th percentile across and down) is resampled to 32 × 32, so a crop of the margins or a
 * shifted frame does not matter; the fingerprint is the signs of that map's 8 × 8 lowest DCT frequencies
 * against their median (pHash, Zauner 2010, on the ink rather than on the grey). Re-encoding, scaling, a
 * crop of a few per cent and brightening move few bits; another page of writing moves about half.
 * docs/decisions/065-answers-that-look-alike.md.
 */
export async function pageFingerprint(image: Buffer): Promise<string> {
  const { data } = await sharp(image)
    .greyscale()
    .resize(SIDE, SIDE, { fit: 'fill' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const ink = inkOf(data);
  return signsOfLowFrequencies(resampled(ink, writingBox(ink)));
}

/** 0 (paper) to 1 (black) at each point, the paper's own brightness taken out. */
function inkOf(grey: Buffer): Float64Array {
  const paper = slide(slide(Float64Array.from(grey), Math.max), Math.min);
  // The page is the bright surface (the light falls off across it; a table is darker), less a border as
  // wide as a stroke, along the page's edge and the frame's: a strip of table is no ink.
  const brightest = paper.reduce((max, value) => Math.max(max, value), 1);
  const onPage = slide(
    paper.map((value) => (value >= brightest * PAPER_SHARE ? 1 : 0)),
    Math.min,
    0,
  );
  const ink = new Float64Array(SIDE * SIDE);
  for (let i = 0; i < ink.length; i++) {
    if (!onPage[i]) continue;
    ink[i] = Math.max(0, 1 - (grey[i] ?? 0) / (paper[i] ?? 1) - INK_THRESHOLD);
  }
  return ink;
}

/**
 * The largest (or smallest) value in the square of STROKE_RADIUS around each point, rows then columns;
 * beyond the frame, `outside` (or the nearest point's value when not given).
 */
function slide(values: Float64Array, pick: (a: number, b: number) => number, outside?: number): Float64Array {
  const across = new Float64Array(values.length);
  const out = new Float64Array(values.length);
  const at = (v: Float64Array, x: number, y: number) => {
    const inside = x >= 0 && y >= 0 && x < SIDE && y < SIDE;
    if (!inside && outside !== undefined) return outside;
    return v[Math.min(SIDE - 1, Math.max(0, y)) * SIDE + Math.min(SIDE - 1, Math.max(0, x))] ?? 0;
  };
  for (let y = 0; y < SIDE; y++) {
    for (let x = 0; x < SIDE; x++) {
      let best = at(values, x, y);
      for (let d = 1; d <= STROKE_RADIUS; d++)
        best = pick(best, pick(at(values, x - d, y), at(values, x + d, y)));
      across[y * SIDE + x] = best;
    }
  }
  for (let y = 0; y < SIDE; y++) {
    for (let x = 0; x < SIDE; x++) {
      let best = at(across, x, y);
      for (let d = 1; d <= STROKE_RADIUS; d++)
        best = pick(best, pick(at(across, x, y - d), at(across, x, y + d)));
      out[y * SIDE + x] = best;
    }
  }
  return out;
}

type Box = { left: number; top: number; right: number; bottom: number };

/** Where the writing is: the span holding all but BOX_TAIL of the ink on each side, across and down. */
function writingBox(ink: Float64Array): Box {
  const columns = new Float64Array(SIDE);
  const rows = new Float64Array(SIDE);
  for (let y = 0; y < SIDE; y++) {
    for (let x = 0; x < SIDE; x++) {
      const value = ink[y * SIDE + x] ?? 0;
      columns[x] = (columns[x] ?? 0) + value;
      rows[y] = (rows[y] ?? 0) + value;
    }
  }
  const [left, right] = span(columns);
  const [top, bottom] = span(rows);
  return { left, top, right, bottom };
}

function span(mass: Float64Array): [number, number] {
  const total = mass.reduce((sum, value) => sum + value, 0);
  if (total === 0) return [0, SIDE];
  let start = 0;
  let end = SIDE;
  let seen = 0;
  for (let i = 0; i < SIDE; i++) {
    seen += mass[i] ?? 0;
    if (seen >= total * BOX_TAIL) {
      start = i;
      break;
    }
  }
  seen = 0;
  for (let i = SIDE - 1; i >= 0; i--) {
    seen += mass[i] ?? 0;
    if (seen >= total * BOX_TAIL) {
      end = i + 1;
      break;
    }
  }
  return end - start < 4 ? [0, SIDE] : [start, end];
}

/** The box's ink averaged into GRID × GRID cells (each cell the mean of the points it covers). */
function resampled(ink: Float64Array, box: Box): Float64Array {
  const out = new Float64Array(GRID * GRID);
  const cellWidth = (box.right - box.left) / GRID;
  const cellHeight = (box.bottom - box.top) / GRID;
  for (let gy = 0; gy < GRID; gy++) {
    for (let gx = 0; gx < GRID; gx++) {
      const x0 = box.left + gx * cellWidth;
      const y0 = box.top + gy * cellHeight;
      let sum = 0;
      let count = 0;
      // Four samples a side, bilinear: a cell may be smaller or larger than a point.
      for (let sy = 0; sy < 4; sy++) {
        for (let sx = 0; sx < 4; sx++) {
          sum += bilinear(
            ink,
            x0 + ((sx + 0.5) * cellWidth) / 4 - 0.5,
            y0 + ((sy + 0.5) * cellHeight) / 4 - 0.5,
          );
          count++;
        }
      }
      out[gy * GRID + gx] = sum / count;
    }
  }
  return out;
}

function bilinear(values: Float64Array, x: number, y: number): number {
  const cx = Math.min(SIDE - 1, Math.max(0, x));
  const cy = Math.min(SIDE - 1, Math.max(0, y));
  const x0 = Math.floor(cx);
  const y0 = Math.floor(cy);
  const x1 = Math.min(SIDE - 1, x0 + 1);
  const y1 = Math.min(SIDE - 1, y0 + 1);
  const fx = cx - x0;
  const fy = cy - y0;
  const v = (xx: number, yy: number) => values[yy * SIDE + xx] ?? 0;
  return (
    v(x0, y0) * (1 - fx) * (1 - fy) +
    v(x1, y0) * fx * (1 - fy) +
    v(x0, y1) * (1 - fx) * fy +
    v(x1, y1) * fx * fy
  );
}

const COSINES = (() => {
  const table = new Float64Array(KEEP * GRID);
  for (let u = 0; u < KEEP; u++) {
    for (let x = 0; x < GRID; x++) table[u * GRID + x] = Math.cos(((2 * x + 1) * u * Math.PI) / (2 * GRID));
  }
  return table;
})();

/** The 64 bits: each low DCT coefficient of the map above (1) or not above (0) their median. */
function signsOfLowFrequencies(map: Float64Array): string {
  const coefficients: number[] = [];
  for (let v = 0; v < KEEP; v++) {
    for (let u = 0; u < KEEP; u++) {
      let sum = 0;
      for (let y = 0; y < GRID; y++) {
        const cy = COSINES[v * GRID + y] ?? 0;
        for (let x = 0; x < GRID; x++) sum += (map[y * GRID + x] ?? 0) * cy * (COSINES[u * GRID + x] ?? 0);
      }
      coefficients.push(sum);
    }
  }
  // The DC term (the page's total ink) is left out of the median, as in pHash.
  const sorted = coefficients.slice(1).sort((a, b) => a - b);
  const median = ((sorted[31] ?? 0) + (sorted[32] ?? 0)) / 2;
  let hex = '';
  for (let nibble = 0; nibble < 16; nibble++) {
    let value = 0;
    for (let bit = 0; bit < 4; bit++) {
      value = (value << 1) | ((coefficients[nibble * 4 + bit] ?? 0) > median ? 1 : 0);
    }
    hex += value.toString(16);
  }
  return hex;
}
