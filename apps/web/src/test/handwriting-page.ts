import sharp from 'sharp';

/**
 * Test pictures that behave like phone photos of a handwritten answer page (decision 061): ruled paper
 * under uneven light, lines of pen strokes and a formula, sensor noise; then what goes wrong with a
 * phone camera: too little light, a shaken or unfocused lens, an image made too small. Generated in the
 * test (no fixture files), the same every run. Node only (sharp).
 */
export type PageOptions = {
  /** The picture's size as the phone's compression leaves it (portrait, 3:4). */
  width?: number;
  height?: number;
  /** How many lines hold writing (a short answer fills few). */
  lines?: number;
  /** The exposure: 1 is a well-lit page, 0.1 a nearly black one. */
  exposure?: number;
  /** Gaussian blur (sigma, in px of this picture), as a shaken or unfocused camera makes. */
  blur?: number;
  /** The sensor's noise (standard deviation, 0 to 255). */
  noise?: number;
  seed?: number;
};

/** A small deterministic random source (mulberry32), so every run draws the same page. */
function randomFrom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One handwritten-looking word: a run of loops and hooks as a cursive pen draws them. */
function word(
  random: () => number,
  x: number,
  baseline: number,
  size: number,
): { path: string; end: number } {
  const letters = 2 + Math.floor(random() * 6);
  let cursor = x;
  let path = `M${cursor.toFixed(1)} ${baseline.toFixed(1)}`;
  for (let i = 0; i < letters; i++) {
    const w = size * (0.45 + random() * 0.35);
    const h = size * (random() < 0.25 ? 1.4 : 0.75) * (0.8 + random() * 0.3);
    path += ` c${(w * 0.1).toFixed(1)} ${(-h).toFixed(1)} ${(w * 0.9).toFixed(1)} ${(-h).toFixed(1)} ${(w * 0.5).toFixed(1)} 0`;
    path += ` s${(w * 0.3).toFixed(1)} ${(h * 0.2).toFixed(1)} ${(w * 0.5).toFixed(1)} 0`;
    cursor += w;
  }
  return { path, end: cursor };
}

const FORMULAS = ['v = u + at', 'x² − 5x + 6 = 0', 'F = ma = 12 N', 'H₂O → 2H₂ + O₂', 's = ut + ½at²'];

/** The page as SVG: ruled lines, a margin, lines of cursive strokes and a formula every few lines. */
export function pageSvg({ width = 1500, height = 2000, lines = 22, seed = 1 }: PageOptions = {}): string {
  const random = randomFrom(seed);
  const spacing = height / 28;
  const top = spacing * 3;
  const margin = width * 0.12;
  const size = spacing * 0.55;
  const pen = '#1b2a6b';
  const parts: string[] = [];
  for (let line = 0; line < 26; line++) {
    const y = top + line * spacing;
    parts.push(`<line x1="0" y1="${y}" x2="${width}" y2="${y}" stroke="#9fc3e6" stroke-width="2"/>`);
  }
  parts.push(`<line x1="${margin}" y1="0" x2="${margin}" y2="${height}" stroke="#e8a0a0" stroke-width="2"/>`);
  for (let line = 0; line < Math.min(lines, 25); line++) {
    const baseline = top + (line + 1) * spacing - spacing * 0.15;
    if (line % 5 === 2) {
      const formula = FORMULAS[line % FORMULAS.length] ?? '';
      parts.push(
        `<text x="${margin + 20}" y="${baseline}" font-family="DejaVu Sans" font-style="oblique" font-size="${size * 1.3}" fill="${pen}">${formula}</text>`,
      );
      continue;
    }
    let x = margin + 15 + random() * 30;
    const right = width - 40 - random() * width * 0.25;
    while (x < right) {
      const drawn = word(random, x, baseline, size);
      parts.push(
        `<path d="${drawn.path}" fill="none" stroke="${pen}" stroke-width="3" stroke-linecap="round"/>`,
      );
      x = drawn.end + size * (0.5 + random() * 0.6);
    }
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<defs><radialGradient id="light" cx="35%" cy="30%" r="90%"><stop offset="0" stop-color="#f6f3ec"/><stop offset="1" stop-color="#cfcac0"/></radialGradient></defs>
<rect width="100%" height="100%" fill="url(#light)"/>
${parts.join('\n')}
</svg>`;
}

export type RawPage = { data: Buffer; width: number; height: number };

/** The page as a phone delivers it: RGBA pixels after the light, the lens and the sensor. */
export async function photographPage(options: PageOptions = {}): Promise<RawPage> {
  const { exposure = 1, blur = 0, noise = 3, seed = 1 } = options;
  let image = sharp(Buffer.from(pageSvg(options)));
  if (blur > 0) image = image.blur(blur);
  const { data, info } = await image.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const random = randomFrom(seed * 7919);
  // Box-Muller from the seeded source: a normal noise of the given deviation.
  const gaussian = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  for (let p = 0; p < data.length; p += 4) {
    const grain = noise * gaussian();
    for (let c = 0; c < 3; c++)
      data[p + c] = Math.max(0, Math.min(255, (data[p + c] ?? 0) * exposure + grain));
  }
  return { data, width: info.width, height: info.height };
}

/** The page scaled down to `longSide` px, as the page prepares a photo, or as a messaging app leaves it. */
export async function shrink(page: RawPage, longSide: number): Promise<RawPage> {
  const { data, info } = await sharp(page.data, {
    raw: { width: page.width, height: page.height, channels: 4 },
  })
    .resize({ width: longSide, height: longSide, fit: 'inside' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** The page as a JPEG file's bytes (what a file input gives the browser). */
export function jpegOf(page: RawPage, quality = 90): Promise<Buffer> {
  return sharp(page.data, { raw: { width: page.width, height: page.height, channels: 4 } })
    .jpeg({ quality })
    .toBuffer();
}
