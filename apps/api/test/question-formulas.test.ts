import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../src/lib/clock.ts';
import { registeredStudent, signedInAdmin } from './helpers/fixtures.ts';
import { type client, createTestApp } from './helpers/test-app.ts';

// Questions with formulas and rich text (docs/decisions/038-questions-with-formulas-and-diagrams.md).
// The seeded exams: 2025-01-14 11:00 to 12:00 UTC.
const clock = fixedClock('2025-01-14T10:00:00Z');
let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: ReturnType<typeof client>;

beforeAll(async () => {
  t = await createTestApp({ clock });
  admin = await signedInAdmin(t);
});
afterAll(() => t.close());

const question = {
  category: 'junior',
  marks: 10,
  position: 7,
  questionEnglish: 'A car starts from rest. Show that $v^2 = u^2 + 2as$.\n\n$$\\ce{H2SO4}$$',
  questionBangla:
    'একটি গাড়ি স্থির অবস্থা থেকে চলে। দেখাও যে $v^2 = u^2 + 2as$, যেখানে $a = ২\\,\\mathrm{m\\,s^{-2}}$।',
};

describe('saving a question renders it once', () => {
  it('stores the source and the HTML, and gives both to the editor', async () => {
    const created = await admin.post('/api/v1/admin/questions', question);
    expect(created.statusCode).toBe(201);
    const saved = created.json().data;
    expect(saved.questionEnglish).toBe(question.questionEnglish);
    expect(saved.questionEnglishHtml).toContain('<msup><mi>v</mi><mn>2</mn></msup>');
    expect(saved.questionEnglishHtml).toContain('<math display="block">');
    expect(saved.questionBanglaHtml).toMatch(/^<p>একটি গাড়ি/);
    expect(saved.questionBanglaHtml).toContain('<mtext>২</mtext>');
    expect(saved.images).toEqual([]);
    const list = (await admin.get('/api/v1/admin/questions?category=junior')).json().data;
    expect(list.find((q: { id: string }) => q.id === saved.id)).toEqual(saved);
    expect((await admin.delete(`/api/v1/admin/questions/${saved.id}`)).statusCode).toBe(200);
  });

  it('refuses a formula that does not parse: 422 naming the field and the character, nothing stored', async () => {
    const before = (await admin.get('/api/v1/admin/questions?category=junior')).json().data.length;
    const refused = await admin.post('/api/v1/admin/questions', {
      ...question,
      questionEnglish: 'Find $\\frac{1}{$.',
      questionBangla: 'বের করো $\\sqrt{x$।',
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({
      status: 'error',
      message: 'Some fields are not valid. Please correct them and try again.',
      errors: {
        questionEnglish: [
          "The formula at character 16 cannot be read: Unexpected end of input in a macro argument, expected '}'.",
        ],
        questionBangla: [expect.stringMatching(/^The formula at character \d+ cannot be read: /)],
      },
    });
    const inBangla = await admin.post(
      '/api/v1/admin/questions',
      { ...question, questionEnglish: 'It costs $5.' },
      { 'accept-language': 'bn' },
    );
    expect(inBangla.statusCode).toBe(422);
    expect(inBangla.json().errors).toEqual({
      questionEnglish: ['১০ নম্বর অক্ষরের সূত্রটি পড়া যাচ্ছে না: the formula opened here with $ is not closed।'],
    });
    expect((await admin.get('/api/v1/admin/questions?category=junior')).json().data).toHaveLength(before);
  });

  it('refuses an edit with a broken formula and keeps the question as it was', async () => {
    const [first] = (await admin.get('/api/v1/admin/questions?category=senior')).json().data;
    const refused = await admin.put(`/api/v1/admin/questions/${first.id}`, {
      ...first,
      questionBangla: '$\\unknown$',
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.questionBangla).toEqual([
      'The formula at character 2 cannot be read: Unsupported function name: \\unknown.',
    ]);
    const [after] = (await admin.get('/api/v1/admin/questions?category=senior')).json().data;
    expect(after).toEqual(first);
  });

  it('keeps nothing that runs from hostile text in either language', async () => {
    const attack =
      '<script>alert(1)</script><img src=x onerror=alert(1)> <a href="javascript:alert(1)">x</a> [y](javascript:alert(2))';
    const created = await admin.post('/api/v1/admin/questions', {
      ...question,
      questionEnglish: attack,
      questionBangla: `প্রশ্ন ${attack}`,
    });
    expect(created.statusCode).toBe(201);
    const saved = created.json().data;
    for (const html of [saved.questionEnglishHtml, saved.questionBanglaHtml]) {
      expect(html).not.toMatch(/<(script|img|a)\b/);
      expect(html).toContain('&lt;script&gt;');
    }
    expect((await admin.delete(`/api/v1/admin/questions/${saved.id}`)).statusCode).toBe(200);
  });
});

describe("the editor's preview", () => {
  it('renders both texts with the same renderer, stores nothing, and refuses a broken formula the same way', async () => {
    const preview = await admin.post('/api/v1/admin/questions/preview', {
      questionEnglish: '**Bold** $\\sqrt{2}$',
      questionBangla: '',
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.json().data).toEqual({
      questionEnglishHtml: '<p><strong>Bold</strong> <math><msqrt><mn>2</mn></msqrt></math></p>',
      questionBanglaHtml: '',
    });
    const broken = await admin.post('/api/v1/admin/questions/preview', {
      questionEnglish: 'ok',
      questionBangla: '$x^$',
    });
    expect(broken.statusCode).toBe(422);
    expect(Object.keys(broken.json().errors)).toEqual(['questionBangla']);
  });

  it('is for admins only', async () => {
    const { browser } = await registeredStudent(t, 'approved');
    const body = { questionEnglish: 'x', questionBangla: 'y' };
    expect((await browser.post('/api/v1/admin/questions/preview', body)).statusCode).toBe(403);
  });
});

describe('students', () => {
  it('get the rendered HTML with the questions during the window, also for questions stored before', async () => {
    const created = await admin.post('/api/v1/admin/questions', { ...question, category: 'senior' });
    expect(created.statusCode).toBe(201);
    const { browser } = await registeredStudent(t, 'approved', 'senior');
    clock.set('2025-01-14T11:01:00Z');
    const response = await browser.get('/api/v1/ngso-1/questions?category=senior');
    expect(response.statusCode).toBe(200);
    const questions = response.json().data as Array<Record<string, unknown>>;
    const mine = questions.find((q) => q.id === created.json().data.id);
    expect(mine).toMatchObject({
      questionEnglishHtml: created.json().data.questionEnglishHtml,
      questionBanglaHtml: created.json().data.questionBanglaHtml,
      images: [],
    });
    // A seeded question (written by a migration, no HTML stored) is rendered when read.
    for (const q of questions) expect(q.questionEnglishHtml).toMatch(/^<p>/);
    clock.set('2025-01-14T10:00:00Z');
  });
});
