import sharp from 'sharp';

/** A small seeded random generator (mulberry32), so every page is the same on every run. */
export function seeded(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WIDTH = 500;
const HEIGHT = 700;
const LINE_GAP = 21;

/** How one student writes and photographs: the pen, the slant, the room's light and the table. */
export type Hand = { seed: number };

/**
 * A page of handwriting-like strokes on ruled paper, as a phone photographs it: a word is a run of loops
 * and hooks along a line, lines are filled to random lengths with paragraph breaks; the page is slightly
 * turned and sheared on a table, lit from one side, with sensor noise, saved as a JPEG. The same `hand`
 * gives the same pen, slant, light and table (one student's pages); `page` gives what is written.
 */
export async function handwrittenPage(hand: Hand, page: number): Promise<Buffer> {
  const style = seeded(hand.seed * 7919 + 17);
  const pen = 1.1 + style();
  const slant = (style() - 0.5) * 0.5;
  const ink = style() < 0.5 ? '#1d2a6b' : '#222222';
  const letter = 4.5 + style() * 2.5;
  const margin = 35 + style() * 20;
  const angle = (style() - 0.5) * 6;
  const shear = (style() - 0.5) * 0.08;
  const lightX = style();
  const lightY = style();
  const table = { r: 60 + Math.floor(style() * 60), g: 45 + Math.floor(style() * 50), b: 40 };

  const random = seeded(hand.seed * 104_729 + page * 1_299_709 + 3);
  const strokes: string[] = [];
  const lines = Math.floor((HEIGHT - 80) / LINE_GAP);
  for (let line = 0; line < lines; line++) {
    if (random() < 0.12) continue; // a blank line between paragraphs
    const baseline = 75 + line * LINE_GAP;
    let x = margin + (random() < 0.2 ? 20 : 0);
    const end = WIDTH - 30 - random() * (random() < 0.3 ? 300 : 60);
    while (x < end) {
      const letters = 2 + Math.floor(random() * 7);
      let d = `M${x.toFixed(1)},${baseline.toFixed(1)}`;
      for (let i = 0; i < letters; i++) {
        const tall = random() < 0.25 ? 2.2 : 1;
        const top = baseline - letter * tall * (0.8 + random() * 0.5);
        const w = letter * (0.7 + random() * 0.6);
        const lean = slant * (baseline - top);
        d += ` C${(x + w * 0.1 + lean).toFixed(1)},${top.toFixed(1)} ${(x + w * 0.9 + lean).toFixed(1)},${top.toFixed(1)} ${(x + w * 0.5).toFixed(1)},${(baseline - 2 + random() * 4).toFixed(1)}`;
        d += ` S${(x + w * 1.1).toFixed(1)},${(baseline + (random() < 0.15 ? letter : 2)).toFixed(1)} ${(x + w).toFixed(1)},${baseline.toFixed(1)}`;
        x += w;
      }
      strokes.push(`<path d="${d}"/>`);
      x += letter * (1 + random() * 1.5);
    }
  }
  const ruled = Array.from(
    { length: lines + 1 },
    (_, i) => `<line x1="0" x2="${WIDTH}" y1="${75 + i * LINE_GAP + 2}" y2="${75 + i * LINE_GAP + 2}"/>`,
  ).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
    <rect width="100%" height="100%" fill="#f8f6ef"/>
    <g stroke="#9cb8d9" stroke-width="1">${ruled}</g>
    <line x1="${margin - 8}" x2="${margin - 8}" y1="0" y2="${HEIGHT}" stroke="#e29a9a" stroke-width="1"/>
    <g fill="none" stroke="${ink}" stroke-width="${pen.toFixed(2)}" stroke-linecap="round">${strokes.join('')}</g>
  </svg>`;

  // On the table, turned and sheared a little (a phone never held quite square).
  const sheared = await sharp(Buffer.from(svg))
    .affine(
      [
        [1, shear],
        [shear / 2, 1],
      ],
      { background: table },
    )
    .png()
    .toBuffer();
  const placed = await sharp(await sharp(sheared).rotate(angle, { background: table }).png().toBuffer())
    .extend({ top: 20, bottom: 20, left: 20, right: 20, background: table })
    .png()
    .toBuffer({ resolveWithObject: true });
  const { width, height } = placed.info;

  // Light from one side: brighter near a point, darker away from it.
  const light = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><radialGradient id="l" cx="${lightX}" cy="${lightY}" r="1.1">
      <stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="#8c8c8c"/>
    </radialGradient></defs><rect width="100%" height="100%" fill="url(#l)"/></svg>`;
  const noise = await sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 18 },
    },
  })
    .png()
    .toBuffer();
  const lit = await sharp(placed.data)
    .composite([
      { input: Buffer.from(light), blend: 'multiply' },
      { input: noise, blend: 'soft-light' },
    ])
    .png()
    .toBuffer();
  return sharp(lit).resize({ width: 600 }).jpeg({ quality: 85 }).toBuffer();
}

/**
 * The same page as it comes back after a messaging app: re-encoded at quality 40, scaled to 60 %, cropped
 * by 5 % (from the left and top edges) and brightened.
 */
export async function forwarded(photo: Buffer): Promise<Buffer> {
  const { width = 0, height = 0 } = await sharp(photo).metadata();
  const left = Math.round(width * 0.05);
  const top = Math.round(height * 0.05);
  const cropped = await sharp(photo)
    .extract({ left, top, width: width - left, height: height - top })
    .toBuffer();
  return sharp(cropped)
    .resize({ width: Math.round(width * 0.95 * 0.6) })
    .modulate({ brightness: 1.2 })
    .jpeg({ quality: 40 })
    .toBuffer();
}
