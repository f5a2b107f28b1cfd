// Generates the site's neutral placeholder artwork (no photographs, no third-party logos) as small SVG
// files under public/images/. Deterministic: the same run gives the same files. Organisers replace
// them with real pictures by pointing the content files (src/content/) at other files.
//   node apps/web/scripts/generate-artwork.mjs
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const publicDir = fileURLToPath(new URL('../public/images/', import.meta.url));
/** The tutorials are data organisers set; these are the thumbnails the server seeds them with. */
const tutorialSeedDir = fileURLToPath(new URL('../../api/src/modules/tutorials/seed/', import.meta.url));

/** A small seeded pseudo-random generator (mulberry32), so the artwork is stable between runs. */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PALETTES = [
  ['#0c4a6e', '#0ea5e9', '#bae6fd'],
  ['#1e1b4b', '#6366f1', '#c7d2fe'],
  ['#064e3b', '#10b981', '#a7f3d0'],
  ['#7c2d12', '#f97316', '#fed7aa'],
  ['#4a044e', '#d946ef', '#f5d0fe'],
  ['#134e4a', '#14b8a6', '#99f6e4'],
  ['#713f12', '#eab308', '#fef08a'],
  ['#1e293b', '#64748b', '#e2e8f0'],
];

const r1 = (n) => Math.round(n * 10) / 10;

function write(relative, svg, dir = publicDir) {
  const file = path.join(dir, relative);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${svg.replace(/\n\s*/g, '')}\n`);
}

/** An abstract "photo": a gradient sky, a few molecule-like clusters and a ground line. */
function activity(index) {
  const rand = random(1000 + index);
  const [dark, mid, light] = PALETTES[index % PALETTES.length];
  const w = 480;
  const h = 320;
  let shapes = '';
  const clusters = 2 + Math.floor(rand() * 3);
  for (let c = 0; c < clusters; c++) {
    const cx = r1(60 + rand() * (w - 120));
    const cy = r1(60 + rand() * (h - 140));
    const rr = r1(14 + rand() * 22);
    const atoms = 2 + Math.floor(rand() * 3);
    for (let a = 0; a < atoms; a++) {
      const angle = (a / atoms) * Math.PI * 2 + rand();
      const ax = r1(cx + Math.cos(angle) * rr * 2.2);
      const ay = r1(cy + Math.sin(angle) * rr * 2.2);
      shapes += `<line x1="${cx}" y1="${cy}" x2="${ax}" y2="${ay}" stroke="${light}" stroke-width="4"/>`;
      shapes += `<circle cx="${ax}" cy="${ay}" r="${r1(rr * 0.55)}" fill="${light}"/>`;
    }
    shapes += `<circle cx="${cx}" cy="${cy}" r="${rr}" fill="${mid}" stroke="${light}" stroke-width="3"/>`;
  }
  const ground = r1(h - 50 - rand() * 30);
  write(
    `activities/activity-${String(index + 1).padStart(2, '0')}.svg`,
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}">
      <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${dark}"/><stop offset="1" stop-color="${mid}"/></linearGradient></defs>
      <rect width="${w}" height="${h}" fill="url(#g)"/>${shapes}
      <path d="M0 ${ground} Q${w / 2} ${r1(ground - 40)} ${w} ${ground} V${h} H0Z" fill="${dark}" opacity=".6"/>
    </svg>`,
  );
}

/** A neutral emblem for a partner: a shape and a monogram, never anyone's real logo. */
function partner(index, monogram) {
  const [, mid, light] = PALETTES[index % PALETTES.length];
  const shape = [
    `<circle cx="40" cy="40" r="30" fill="${mid}"/>`,
    `<rect x="12" y="12" width="56" height="56" rx="12" fill="${mid}"/>`,
    `<path d="M40 8 68 24v32L40 72 12 56V24Z" fill="${mid}"/>`,
    `<path d="M40 8 72 68H8Z" fill="${mid}"/>`,
  ][index % 4];
  write(
    `partners/partner-${String(index + 1).padStart(2, '0')}.svg`,
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 80 80" width="80" height="80">
      <rect width="80" height="80" rx="16" fill="${light}"/>${shape}
      <text x="40" y="${index % 4 === 3 ? 58 : 48}" font-family="system-ui,sans-serif" font-size="20" font-weight="700" text-anchor="middle" fill="#fff">${monogram}</text>
    </svg>`,
  );
}

/** A video thumbnail: a coloured panel with a play button. */
function tutorial(index) {
  const [dark, mid, light] = PALETTES[(index * 3) % PALETTES.length];
  write(
    `tutorial-${index + 1}.svg`,
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 480 270" width="480" height="270">
      <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${dark}"/><stop offset="1" stop-color="${mid}"/></linearGradient></defs>
      <rect width="480" height="270" fill="url(#g)"/>
      <circle cx="400" cy="60" r="90" fill="${light}" opacity=".15"/>
      <circle cx="60" cy="240" r="70" fill="${light}" opacity=".12"/>
      <circle cx="240" cy="135" r="44" fill="#fff" opacity=".92"/>
      <path d="M226 113v44l36-22Z" fill="${dark}"/>
    </svg>`,
    tutorialSeedDir,
  );
}

/** The festival poster: an abstract composition; its words are in the page, not the picture. */
function poster() {
  const rand = random(7);
  let stars = '';
  for (let i = 0; i < 40; i++) {
    stars += `<circle cx="${r1(rand() * 600)}" cy="${r1(rand() * 420)}" r="${r1(1 + rand() * 2.5)}" fill="#fff" opacity="${r1(0.3 + rand() * 0.6)}"/>`;
  }
  write(
    'poster.svg',
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 750" width="600" height="750">
      <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#0b1026"/><stop offset=".6" stop-color="#312e81"/><stop offset="1" stop-color="#0369a1"/></linearGradient></defs>
      <rect width="600" height="750" fill="url(#g)"/>${stars}
      <circle cx="300" cy="330" r="70" fill="#38bdf8"/>
      <g fill="none" stroke="#bae6fd" stroke-width="6">
        <ellipse cx="300" cy="330" rx="190" ry="62"/>
        <ellipse cx="300" cy="330" rx="190" ry="62" transform="rotate(60 300 330)"/>
        <ellipse cx="300" cy="330" rx="190" ry="62" transform="rotate(-60 300 330)"/>
      </g>
      <circle cx="490" cy="330" r="14" fill="#fde68a"/>
      <circle cx="205" cy="166" r="14" fill="#fde68a"/>
      <circle cx="205" cy="494" r="14" fill="#fde68a"/>
      <path d="M0 640 Q150 580 300 630 T600 610 V750 H0Z" fill="#0c4a6e"/>
      <rect x="150" y="665" width="300" height="14" rx="7" fill="#7dd3fc"/>
      <rect x="210" y="695" width="180" height="10" rx="5" fill="#bae6fd" opacity=".7"/>
    </svg>`,
  );
}

const MONOGRAMS = ['PS', 'GH', 'MC', 'UN', 'SE', 'YF', 'LF', 'RS', 'CA', 'DF'];
for (let i = 0; i < 70; i++) activity(i);
for (const [i, monogram] of MONOGRAMS.entries()) partner(i, monogram);
for (let i = 0; i < 8; i++) tutorial(i);
poster();
console.log(`artwork written to ${publicDir}`);
