import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { competitions, examAttempts } from '../src/db/schema.ts';
import { fixedClock } from '../src/lib/clock.ts';
import { recordSubmissions } from '../src/modules/exam/exam.repo.ts';
import { registeredStudent, signedInAdmin } from './helpers/fixtures.ts';
import { multipart } from './helpers/multipart.ts';
import { type client, createTestApp } from './helpers/test-app.ts';

// The seeded exam: 2025-01-14 17:00 to 18:00 Asia/Dhaka (11:00 to 12:00 UTC).
const START = '2025-01-14T11:00:00Z';
const END = '2025-01-14T12:00:00Z';
const clock = fixedClock('2025-01-14T10:00:00Z');
let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: ReturnType<typeof client>;
let photos = 0;

beforeAll(async () => {
  t = await createTestApp({ clock });
  admin = await signedInAdmin(t);
});

/** A photo of a page: each one different (a photo is named by the hash of its bytes). */
const newPhoto = () => {
  photos += 1;
  return sharp({
    create: {
      width: 300,
      height: 200,
      channels: 3,
      background: { r: (photos * 40) % 256, g: (photos * 90) % 256, b: 85 },
    },
  })
    .jpeg()
    .toBuffer();
};
afterAll(() => t.close());

const at = (iso: string) => clock.set(iso);
const later = (iso: string, seconds: number) => new Date(Date.parse(iso) + seconds * 1000).toISOString();

async function uploadImage(browser: ReturnType<typeof client>) {
  const body = multipart([{ name: 'page.jpg', data: await newPhoto() }]);
  const response = await browser.request({ method: 'POST', url: '/api/v1/upload', ...body });
  expect(response.statusCode).toBe(200);
  return response.json().url as string;
}

async function questionIds(browser: ReturnType<typeof client>, category = 'junior') {
  const response = await browser.get(`/api/v1/ngso-1/questions?category=${category}`);
  expect(response.statusCode).toBe(200);
  return (response.json().data as Array<{ id: string }>).map((q) => q.id);
}

describe('the exam window, decided on the server', () => {
  it('moves through BEFORE, DURING and AFTER (end exclusive), in Dhaka time', async () => {
    const { browser } = await registeredStudent(t, 'approved');
    at(later(START, -1));
    const before = (await browser.get('/api/v1/ngso-1/exam')).json().data;
    expect(before).toEqual({
      category: 'junior',
      starts_at: '2025-01-14T17:00:00+06:00',
      ends_at: '2025-01-14T18:00:00+06:00',
      duration_minutes: 60,
      total_questions: 6,
      total_marks: 60,
      phase: 'BEFORE_EXAM',
      submitted_at: null,
      delivery_ends_at: '2025-01-14T19:00:00+06:00',
      paper_from: '2025-01-14T16:45:00+06:00',
    });
    at(START);
    expect((await browser.get('/api/v1/ngso-1/exam')).json().data.phase).toBe('DURING_EXAM');
    at(later(END, -1));
    expect((await browser.get('/api/v1/ngso-1/exam')).json().data.phase).toBe('DURING_EXAM');
    at(END);
    expect((await browser.get('/api/v1/ngso-1/exam')).json().data.phase).toBe('AFTER_EXAM');
    expect((await browser.get('/api/v1/time')).json().now).toBe('2025-01-14T18:00:00+06:00');
  });

  it('refuses students who are not approved', async () => {
    const { browser } = await registeredStudent(t, 'pending');
    const response = await browser.get('/api/v1/ngso-1/exam');
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(
      'The final exam is open to students whose final-round registration is approved.',
    );
  });
});

describe('questions', () => {
  it('are visible only during the window, to approved students of that category', async () => {
    const junior = await registeredStudent(t, 'approved', 'junior');
    const pending = await registeredStudent(t, 'pending', 'junior');
    at(later(START, -60));
    const early = await junior.browser.get('/api/v1/ngso-1/questions?category=junior');
    expect(early.statusCode).toBe(403);
    expect(early.body).not.toContain('spoon');
    at(later(START, 60));
    const during = await junior.browser.get('/api/v1/ngso-1/questions?category=junior');
    expect(during.statusCode).toBe(200);
    const questions = during.json().data;
    expect(questions).toHaveLength(6);
    expect(questions[0]).toEqual({
      id: expect.any(String),
      marks: 10,
      questionEnglish: expect.stringContaining('spoon'),
      questionBangla: expect.stringContaining('চামচ'),
      // Seeded before formulas: rendered when read (question-text.ts).
      questionEnglishHtml: expect.stringMatching(/^<p>.*spoon/),
      questionBanglaHtml: expect.stringMatching(/^<p>.*চামচ/),
      images: [],
    });
    expect((await junior.browser.get('/api/v1/ngso-1/questions?category=senior')).statusCode).toBe(403);
    expect((await pending.browser.get('/api/v1/ngso-1/questions?category=junior')).statusCode).toBe(403);
    at(END);
    expect((await junior.browser.get('/api/v1/ngso-1/questions?category=junior')).statusCode).toBe(403);
  });
});

describe('saving answers', () => {
  it("replaces a question's images, idempotently, and reloads them", async () => {
    const { browser } = await registeredStudent(t, 'approved');
    at(later(START, 120));
    const [q1] = await questionIds(browser);
    const a = await uploadImage(browser);
    const b = await uploadImage(browser);
    const first = await browser.post('/api/v1/ngso-1/answers', { question_id: q1, image_urls: [a] });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({ question_id: q1, image_urls: [a], version: 1 });
    const second = (
      await browser.post('/api/v1/ngso-1/answers', { question_id: q1, image_urls: [a, b] })
    ).json().data;
    expect(second).toMatchObject({ image_urls: [a, b], version: 2 });
    const repeat = (
      await browser.post('/api/v1/ngso-1/answers', { question_id: q1, image_urls: [a, b] })
    ).json().data;
    expect(repeat.version).toBe(2);
    const list = (await browser.get('/api/v1/ngso-1/answers')).json();
    expect(list).toEqual({ status: 'success', data: { data: [second], late_photos: [] } });
  });

  it('refuses an image the student did not upload, and a question of another exam', async () => {
    const owner = await registeredStudent(t, 'approved');
    const thief = await registeredStudent(t, 'approved');
    at(later(START, 120));
    const url = await uploadImage(owner.browser);
    const [q1] = await questionIds(thief.browser);
    const stolen = await thief.browser.post('/api/v1/ngso-1/answers', { question_id: q1, image_urls: [url] });
    expect(stolen.statusCode).toBe(403);
    expect(stolen.json().message).toBe('Only images you uploaded can be part of your answer.');
    const outside = await thief.browser.post('/api/v1/ngso-1/answers', {
      question_id: q1,
      image_urls: ['https://evil.example/x.jpg'],
    });
    expect(outside.statusCode).toBe(403);
    const [seniorQuestion] = await questionIds(
      (await registeredStudent(t, 'approved', 'senior')).browser,
      'senior',
    );
    const other = await owner.browser.post('/api/v1/ngso-1/answers', {
      question_id: seniorQuestion,
      image_urls: [url],
    });
    expect(other.statusCode).toBe(404);
    const eleven = await owner.browser.post('/api/v1/ngso-1/answers', {
      question_id: q1,
      image_urls: Array(11).fill(url),
    });
    expect(eleven.statusCode).toBe(422);
  });

  it('accepts saves in the grace period after the end, and refuses them after', async () => {
    const { browser } = await registeredStudent(t, 'approved');
    at(later(START, 60));
    const [q1] = await questionIds(browser);
    const url = await uploadImage(browser);
    at(later(END, 59));
    expect(
      (await browser.post('/api/v1/ngso-1/answers', { question_id: q1, image_urls: [url] })).statusCode,
    ).toBe(200);
    at(later(END, 60));
    const late = await browser.post('/api/v1/ngso-1/answers', { question_id: q1, image_urls: [] });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('The exam has ended, so answers can no longer be saved.');
  });

  it("lets no concurrent writer drop another's images silently", async () => {
    const { browser } = await registeredStudent(t, 'approved');
    at(later(START, 60));
    const [q1] = await questionIds(browser);
    const [a, b, c] = [await uploadImage(browser), await uploadImage(browser), await uploadImage(browser)];
    await browser.post('/api/v1/ngso-1/answers', { question_id: q1, image_urls: [a], version: 0 });
    // Two tabs read version 1 and each add an image.
    const [tab1, tab2] = await Promise.all([
      browser.post('/api/v1/ngso-1/answers', { question_id: q1, image_urls: [a, b], version: 1 }),
      browser.post('/api/v1/ngso-1/answers', { question_id: q1, image_urls: [a, c], version: 1 }),
    ]);
    expect([tab1.statusCode, tab2.statusCode].sort()).toEqual([200, 409]);
    const loser = tab1.statusCode === 409 ? tab1 : tab2;
    expect(loser.json().message).toBe(
      'This answer was changed in another tab or device. It has been reloaded; please try again.',
    );
    // The losing tab reloads, merges and saves: nothing is lost.
    const current = (await browser.get('/api/v1/ngso-1/answers')).json().data.data[0];
    const merged = [...new Set([...current.image_urls, b, c])];
    const saved = await browser.post('/api/v1/ngso-1/answers', {
      question_id: q1,
      image_urls: merged,
      version: current.version,
    });
    expect(saved.json().data.image_urls.sort()).toEqual([a, b, c].sort());
  });
});

describe('submitting', () => {
  it('records the server time once, counts answers, and ends the attempt', async () => {
    const { browser } = await registeredStudent(t, 'approved');
    at(later(START, 60));
    const [q1, q2] = await questionIds(browser);
    await browser.post('/api/v1/ngso-1/answers', {
      question_id: q1,
      image_urls: [await uploadImage(browser)],
    });
    await browser.post('/api/v1/ngso-1/answers', { question_id: q2, image_urls: [] });
    at(later(START, 1800));
    const submitted = await browser.post('/api/v1/ngso-1/exam/submit');
    expect(submitted.json()).toEqual({
      status: 'success',
      data: { submitted_at: '2025-01-14T17:30:00+06:00', answered: 1, total: 6 },
    });
    at(later(START, 1900));
    const again = (await browser.post('/api/v1/ngso-1/exam/submit')).json();
    expect(again.data.submitted_at).toBe('2025-01-14T17:30:00+06:00');
    expect((await browser.get('/api/v1/ngso-1/exam')).json().data.submitted_at).toBe(
      '2025-01-14T17:30:00+06:00',
    );
    const blocked = await browser.post('/api/v1/ngso-1/answers', { question_id: q1, image_urls: [] });
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().message).toBe(
      'You have already submitted the exam, so answers can no longer be changed.',
    );
  });

  it('answers each of many students submitting at the same moment with their own time and count', async () => {
    at(later(START, 600));
    const students = await Promise.all(Array.from({ length: 6 }, () => registeredStudent(t, 'approved')));
    const questions = await questionIds(students[0]?.browser as ReturnType<typeof client>);
    for (const [i, { browser }] of students.entries()) {
      for (const questionId of questions.slice(0, i % 3)) {
        await browser.post('/api/v1/ngso-1/answers', {
          question_id: questionId,
          image_urls: [await uploadImage(browser)],
        });
      }
    }
    at(END); // the automatic submissions at 0: every page in the same second
    const submitted = await Promise.all(
      students.map(({ browser }) => browser.post('/api/v1/ngso-1/exam/submit')),
    );
    expect(submitted.map((response) => response.json())).toEqual(
      students.map((_, i) => ({
        status: 'success',
        data: { submitted_at: '2025-01-14T18:00:00+06:00', answered: i % 3, total: 6 },
      })),
    );
  });

  it('records a student submitting twice in the same moment once, with the first time', async () => {
    const one = await registeredStudent(t, 'approved');
    const other = await registeredStudent(t, 'approved');
    const [competition] = await t.db.select().from(competitions).where(eq(competitions.code, 'ngso-1'));
    const submission = (userId: string, iso: string) => ({
      competitionId: competition?.id as string,
      userId,
      at: new Date(iso),
      questionIds: [],
    });
    const recorded = await recordSubmissions(t.db, [
      submission(one.user.id, later(START, 100)),
      submission(other.user.id, later(START, 200)),
      submission(one.user.id, later(START, 300)), // a second tab: after the first, in its own statement
    ]);
    expect(recorded.map((row) => row.submittedAt.toISOString())).toEqual([
      later(START, 100),
      later(START, 200),
      later(START, 100),
    ]);
    expect(await t.db.$count(examAttempts, eq(examAttempts.userId, one.user.id))).toBe(1);
  });

  it('cannot happen before the start', async () => {
    const { browser } = await registeredStudent(t, 'approved');
    at(later(START, -5));
    expect((await browser.post('/api/v1/ngso-1/exam/submit')).statusCode).toBe(409);
  });
});

describe('organisers', () => {
  it("move a category's window, and give one student extra minutes", async () => {
    at('2025-02-01T03:00:00Z'); // staff sessions last 12 hours: sign in near the new window
    admin = await signedInAdmin(t);
    const one = await registeredStudent(t, 'approved', 'secondary');
    const other = await registeredStudent(t, 'approved', 'secondary');
    const moved = await admin.put('/api/v1/admin/exams/secondary', {
      starts_at: '2025-02-01T10:00:00+06:00',
      ends_at: '2025-02-01T11:00:00+06:00',
    });
    expect(moved.json().data).toEqual({
      category: 'secondary',
      starts_at: '2025-02-01T10:00:00+06:00',
      ends_at: '2025-02-01T11:00:00+06:00',
      duration_minutes: 60,
    });
    expect(
      (await admin.post('/api/v1/admin/exams/secondary/extensions', { user_id: one.user.id, minutes: 15 }))
        .statusCode,
    ).toBe(200);
    at('2025-02-01T05:05:00Z'); // 11:05 in Dhaka: after the common end
    expect((await one.browser.get('/api/v1/ngso-1/exam')).json().data).toMatchObject({
      phase: 'DURING_EXAM',
      ends_at: '2025-02-01T11:15:00+06:00',
      duration_minutes: 75,
    });
    expect((await other.browser.get('/api/v1/ngso-1/exam')).json().data.phase).toBe('AFTER_EXAM');
    const backwards = await admin.put('/api/v1/admin/exams/secondary', {
      starts_at: '2025-02-01T11:00:00+06:00',
      ends_at: '2025-02-01T10:00:00+06:00',
    });
    expect(backwards.statusCode).toBe(422);
    expect(
      (
        await one.browser.put('/api/v1/admin/exams/secondary', {
          starts_at: '2025-02-01T10:00:00+06:00',
          ends_at: '2025-02-01T11:00:00+06:00',
        })
      ).statusCode,
    ).toBe(403);
  });

  it('add, edit and remove questions, with the marks checked', async () => {
    admin = await signedInAdmin(t);
    const created = await admin.post('/api/v1/admin/questions', {
      category: 'senior',
      marks: 5,
      questionEnglish: 'Name three states of matter.',
      questionBangla: 'পদার্থের তিনটি অবস্থার নাম লেখো।',
      position: 7,
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id;
    const list = (await admin.get('/api/v1/admin/questions?category=senior')).json().data;
    expect(list.at(-1)).toMatchObject({ id, position: 7, marks: 5 });
    const bad = await admin.put(`/api/v1/admin/questions/${id}`, { ...created.json().data, marks: 0 });
    expect(bad.statusCode).toBe(422);
    expect((await admin.request({ method: 'DELETE', url: `/api/v1/admin/questions/${id}` })).statusCode).toBe(
      200,
    );
    expect((await admin.request({ method: 'DELETE', url: `/api/v1/admin/questions/${id}` })).statusCode).toBe(
      404,
    );
  });

  it("reach the students at once, though a process keeps each category's window and questions (exam-cache.ts)", async () => {
    at('2025-03-01T03:00:00Z'); // 09:00 in Dhaka
    admin = await signedInAdmin(t);
    const { browser } = await registeredStudent(t, 'approved', 'senior');
    await admin.put('/api/v1/admin/exams/senior', {
      starts_at: '2025-03-01T08:00:00+06:00',
      ends_at: '2025-03-01T10:00:00+06:00',
    });
    const exam = async () => (await browser.get('/api/v1/ngso-1/exam')).json().data;
    const before = await exam();
    expect(before).toMatchObject({ phase: 'DURING_EXAM', ends_at: '2025-03-01T10:00:00+06:00' });
    const input = {
      category: 'senior',
      marks: 4,
      questionEnglish: 'What is a lever?',
      questionBangla: 'লিভার কী?',
      position: 9,
    };
    const id = (await admin.post('/api/v1/admin/questions', input)).json().data.id as string;
    expect(await exam()).toMatchObject({
      total_questions: before.total_questions + 1,
      total_marks: before.total_marks + 4,
    });
    expect(await questionIds(browser, 'senior')).toContain(id);
    await admin.put(`/api/v1/admin/questions/${id}`, { ...input, marks: 6 });
    expect((await exam()).total_marks).toBe(before.total_marks + 6);
    await admin.request({ method: 'DELETE', url: `/api/v1/admin/questions/${id}` });
    expect(await questionIds(browser, 'senior')).not.toContain(id);
    await admin.put('/api/v1/admin/exams/senior', {
      starts_at: '2025-03-01T08:00:00+06:00',
      ends_at: '2025-03-01T08:30:00+06:00',
    });
    expect(await exam()).toMatchObject({ phase: 'AFTER_EXAM', ends_at: '2025-03-01T08:30:00+06:00' });
  });
});
