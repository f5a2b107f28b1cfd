import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderQuestionText } from '../../src/modules/exam/question-text.ts';
import {
  type PaperDiagram,
  type QuestionPaperData,
  renderQuestionPaper,
} from '../../src/modules/exam/render-question-paper.ts';
import { pdfText, poppler } from '../helpers/poppler.ts';

// The printable question paper (docs/decisions/041-printable-question-paper.md), read back with poppler.

const RED = { r: 220, g: 20, b: 20 };
const GREEN = { r: 20, g: 160, b: 20 };
const BLUE = { r: 30, g: 60, b: 220 };

async function diagram(colour: typeof RED, alt: string): Promise<PaperDiagram> {
  const jpeg = await sharp({ create: { width: 640, height: 200, channels: 3, background: colour } })
    .jpeg({ quality: 95 })
    .toBuffer();
  return { jpeg, width: 640, height: 200, altEnglish: alt, altBangla: 'একটি চিত্র' };
}

const ENGLISH =
  'A stone falls from rest. Use $v = u + at$ to find its speed after **2 s**.\n\n' +
  'Sulfuric acid is $\\ce{H2SO4}$; one mole holds $6.02 \\times 10^{23}\\,\\mathrm{mol^{-1}}$ particles.\n\n' +
  '| t (s) | v (m/s) |\n|---|---|\n| 1 | 9.8 |\n\n- *Show* that $v = \\sqrt{2gh}$.';
const BANGLA = 'একটি পাথর স্থির অবস্থা থেকে পড়ে। $v = u + at$ ব্যবহার করে ২ সেকেন্ড পরের বেগ নির্ণয় করো।';

let dir: string;
let pdf: Buffer;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'question-paper-'));
  const paper: QuestionPaperData = {
    competitionName: '1st National General Science Olympiad',
    year: '2025',
    categoryLabel: 'Junior (classes 6-8) · জুনিয়র (৬ষ্ঠ-৮ম শ্রেণি)',
    examDate: 'January 14, 2025',
    examTime: '5:00 PM',
    durationMinutes: 60,
    questions: [
      {
        position: 1,
        marks: 10,
        englishHtml: renderQuestionText(ENGLISH),
        banglaHtml: renderQuestionText(BANGLA),
        diagrams: [await diagram(RED, 'A stone falling')],
      },
      {
        position: 2,
        marks: 5,
        // Diagram 1 where its marker is, between two paragraphs; diagram 2 has no marker.
        englishHtml:
          '<p>Beforethediagram paragraph.</p><figure data-diagram="1"></figure><p>Afterthediagram paragraph.</p>',
        banglaHtml: '<p>চিত্রটি দেখো।</p><figure data-diagram="1"></figure>',
        diagrams: [await diagram(GREEN, 'A circuit'), await diagram(BLUE, 'A graph')],
      },
    ],
  };
  pdf = await renderQuestionPaper(paper);
  await writeFile(path.join(dir, 'paper.pdf'), pdf);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** The words of a page with their boxes (points from the top left), as pdftotext -bbox reads them. */
async function wordBoxes() {
  const { stdout } = await poppler('pdftotext', ['-bbox', '-enc', 'UTF-8', path.join(dir, 'paper.pdf'), '-']);
  const pages = stdout.toString('utf8').split('<page ').slice(1);
  return pages.map((page) =>
    [...page.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)"[^>]*>([^<]*)<\/word>/g)].map((m) => ({
      x: Number(m[1]),
      y: Number(m[2]),
      text: m[3] ?? '',
    })),
  );
}

/** The rows of a page (rendered at 72 dpi: one pixel per point) whose middle pixel has the colour. */
async function rowsOfColour(page: number, colour: typeof RED) {
  const prefix = path.join(dir, `page-${page}`);
  await poppler('pdftoppm', [
    '-r',
    '72',
    '-f',
    String(page),
    '-l',
    String(page),
    '-png',
    '-singlefile',
    path.join(dir, 'paper.pdf'),
    prefix,
  ]);
  const { data, info } = await sharp(await readFile(`${prefix}.png`))
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const rows: number[] = [];
  const x = Math.round(info.width / 2);
  for (let y = 0; y < info.height; y += 1) {
    const i = (y * info.width + x) * 3;
    const near = (a: number | undefined, b: number) => Math.abs((a ?? 0) - b) < 40;
    if (near(data[i], colour.r) && near(data[i + 1], colour.g) && near(data[i + 2], colour.b)) rows.push(y);
  }
  return rows;
}

describe('the printed question paper', () => {
  it('carries formulas as readable text and the Bangla text as typed', async () => {
    const text = (await pdfText(pdf)).replace(/\s+/g, ' ');
    expect(text).toContain('H₂SO₄');
    expect(text).toContain('v = u + at');
    expect(text).toContain('6.02 × 10²³ mol⁻¹');
    expect(text).toContain('v = √(2gh)');
    expect(text).toContain('একটি পাথর স্থির অবস্থা থেকে পড়ে।');
    expect(text).toContain('Question 1 · প্রশ্ন ১');
    expect(text).toContain('10 marks · ১০ নম্বর');
    expect(text).toContain('9.8');
    // Markup never reaches the page.
    expect(text).not.toMatch(/<|\$|\\ce|mrow/);
  });

  it('draws every diagram as an image, each once', async () => {
    const { stdout } = await poppler('pdfimages', ['-list', path.join(dir, 'paper.pdf')]);
    const images = stdout
      .toString('utf8')
      .split('\n')
      .slice(2)
      .filter((line) => line.trim())
      .map((line) => line.trim().split(/\s+/));
    expect(images).toHaveLength(3);
    for (const image of images) {
      expect(image[2]).toBe('image');
      expect([image[3], image[4]]).toEqual(['640', '200']);
    }
  });

  it('places a diagram at its marker, and one without a marker below the text', async () => {
    const boxes = await wordBoxes();
    const pageOf = (word: string) => boxes.findIndex((page) => page.some((box) => box.text === word));
    const page = pageOf('Beforethediagram');
    expect(page).toBeGreaterThanOrEqual(0);
    expect(pageOf('Afterthediagram')).toBe(page);
    const yOf = (word: string) => boxes[page]?.find((box) => box.text === word)?.y ?? Number.NaN;
    const green = await rowsOfColour(page + 1, GREEN);
    expect(green.length).toBeGreaterThan(100); // scaled to the text's width: 200 × 495/640 points tall
    expect(Math.min(...green)).toBeGreaterThan(yOf('Beforethediagram'));
    expect(Math.max(...green)).toBeLessThan(yOf('Afterthediagram'));
    // Diagram 2 (blue) had no marker: it is below the Bangla text, the last of the question (on this page
    // or, without room, at the top of the next).
    const afterY = yOf('Afterthediagram');
    const sameTwo = await rowsOfColour(page + 1, BLUE);
    if (sameTwo.length > 0) expect(Math.min(...sameTwo)).toBeGreaterThan(afterY);
    else expect((await rowsOfColour(page + 2, BLUE)).length).toBeGreaterThan(100);
  });
});
