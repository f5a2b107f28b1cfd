// How large an answer photo must stay for graders to read small writing and formulas (docs/performance.md,
// "Answer photo size and legibility"). Draws an A4 answer page as a 12-megapixel phone photo (3000 x 4000,
// the page filling the frame, a slight lens blur and sensor grain) with lines of formulas at 2.2 mm and
// 1.5 mm letter height, scales it as the page's compression does to several longest sides and JPEG
// qualities, prints each size in KB, and writes a contact sheet of the same three lines from each, shown at
// the size of a 2000 px page, to look at.
// Usage: node scripts/photo-legibility.mjs [sheet.png]
import sharp from 'sharp';

const WIDTH = 3000;
const HEIGHT = 4000;
const SIDES = [2000, 1600, 1400, 1200];
const QUALITIES = [85, 75];
const ROWS = [
  'Given: m = 2.5 kg, u = 3 m/s, a = 1.2 m/s², t = 4 s',
  'v = u + at = 3 + 1.2 × 4 = 7.8 m/s',
  's = ut + ½at² = 12 + 9.6 = 21.6 m',
  'H₂SO₄ + 2NaOH → Na₂SO₄ + 2H₂O',
  'x² − 5x + 6 = 0 ⇒ x = 2 or x = 3',
  'λ = 6.63×10⁻³⁴ / (9.1×10⁻³¹ × 2×10⁶)',
  'R = ρl/A = 1.7×10⁻⁸ × 10 / 2×10⁻⁶ = 0.085 Ω',
  'sin 30° = 0.5, cos 60° = 0.5, tan 45° = 1',
];

function pageSvg() {
  const pxPerMm = HEIGHT / 297;
  const parts = [];
  for (let i = 0; i < 40; i++) {
    const y = 300 + i * 9 * pxPerMm;
    // Every other line in small writing: 1.5 mm letters, subscripts and exponents smaller still.
    const letterMm = i % 2 === 0 ? 2.2 : 1.5;
    parts.push(`<line x1="0" y1="${y}" x2="${WIDTH}" y2="${y}" stroke="#9fc3e6" stroke-width="3"/>`);
    parts.push(
      `<text x="${0.12 * WIDTH}" y="${y - 4}" font-family="DejaVu Sans" font-style="oblique" font-size="${letterMm * pxPerMm * 1.4}" fill="#1b2a6b">${ROWS[i % ROWS.length]}</text>`,
    );
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}"><rect width="100%" height="100%" fill="#eeebe4"/>${parts.join('')}</svg>`;
}

const { data, info } = await sharp(Buffer.from(pageSvg()))
  .blur(1.2)
  .raw()
  .toBuffer({ resolveWithObject: true });
// Sensor grain, the same every run: a phone's JPEG spends most of its bytes on it.
let seed = 7;
const random = () => {
  seed = (seed * 16807) % 2147483647;
  return seed / 2147483647;
};
for (let p = 0; p < data.length; p += info.channels) {
  const grain = (random() + random() + random() - 1.5) * 10;
  for (let c = 0; c < 3; c++) data[p + c] = Math.max(0, Math.min(255, data[p + c] + grain));
}

const tiles = [];
for (const side of SIDES) {
  for (const quality of QUALITIES) {
    const jpeg = await sharp(data, { raw: info }).resize({ height: side }).jpeg({ quality }).toBuffer();
    console.log(`${side} px, quality ${quality}: ${(jpeg.length / 1024).toFixed(0)} KB`);
    const asShown = await sharp(jpeg).resize({ height: 2000 }).png().toBuffer();
    const lines = await sharp(asShown)
      .extract({ left: 330, top: 180, width: 400, height: 164 })
      .png()
      .toBuffer();
    const label = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="246"><text x="470" y="240" font-size="18" fill="red">${side} q${quality}</text></svg>`;
    tiles.push(
      await sharp(lines)
        .resize({ width: 600 })
        .composite([{ input: Buffer.from(label), top: 0, left: 0 }])
        .png()
        .toBuffer(),
    );
  }
}
const sheet = process.argv[2] ?? 'photo-legibility.png';
await sharp({ create: { width: 600, height: 250 * tiles.length, channels: 3, background: '#ffffff' } })
  .composite(tiles.map((input, i) => ({ input, top: i * 250, left: 0 })))
  .png()
  .toFile(sheet);
console.log(`contact sheet: ${sheet}`);
