import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/lib/clock.ts';
import { signedInAdmin } from '../helpers/fixtures.ts';
import { sendFiles } from '../helpers/multipart.ts';
import { pdfText, poppler } from '../helpers/poppler.ts';
import { type client, createTestApp } from '../helpers/test-app.ts';

// The printed paper through its route, with a question's diagram as the editor stores it (decisions 040, 041).
const clock = fixedClock('2025-01-14T10:00:00Z');
let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: ReturnType<typeof client>;

beforeAll(async () => {
  t = await createTestApp({ clock });
  admin = await signedInAdmin(t);
});
afterAll(() => t.close());

describe('the printed paper of a category with a diagram', () => {
  it('prints the diagram at its zoom size with both descriptions', async () => {
    const drawing = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer();
    const uploaded = (
      await sendFiles(admin, '/api/v1/admin/question-images', [{ name: 'graph.png', data: drawing }])
    ).json().data;
    const saved = await admin.post('/api/v1/admin/questions', {
      category: 'junior',
      marks: 10,
      position: 7,
      questionEnglish: 'Read the graph.\n\n[[diagram 1]]\n\nFind the slope.',
      questionBangla: 'লেখচিত্রটি পড়ো।\n\n[[চিত্র ১]]\n\nঢাল বের করো।',
      images: [{ id: uploaded.id, alt_en: 'A straight line graph', alt_bn: 'একটি সরলরেখার লেখচিত্র' }],
    });
    expect(saved.statusCode).toBe(201);

    const response = await admin.get('/api/v1/admin/exams/junior/paper.pdf?competition=ngso-1');
    expect(response.statusCode).toBe(200);
    const pdf = response.rawPayload;
    const text = (await pdfText(pdf)).replace(/\s+/g, ' ');
    expect(text).toContain('Diagram 1 · চিত্র ১: A straight line graph · একটি সরলরেখার লেখচিত্র');
    const dir = await mkdtemp(path.join(os.tmpdir(), 'paper-'));
    try {
      await writeFile(path.join(dir, 'paper.pdf'), pdf);
      const { stdout } = await poppler('pdfimages', ['-list', path.join(dir, 'paper.pdf')]);
      const sizes = stdout
        .toString('utf8')
        .split('\n')
        .slice(2)
        .filter((line) => line.trim())
        .map((line) => line.trim().split(/\s+/).slice(3, 5).join('x'));
      expect(sizes).toEqual(['2000x1000']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
