import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../src/lib/clock.ts';
import { registeredStudent, signedInAdmin, signedInGrader } from './helpers/fixtures.ts';
import { jpegPhoto } from './helpers/images.ts';
import { waitForMedia } from './helpers/media.ts';
import { multipart } from './helpers/multipart.ts';
import { type client, createTestApp } from './helpers/test-app.ts';

// The seeded exam: 2025-01-14, 17:00 to 18:00 in Dhaka (11:00 to 12:00 UTC), for every category; the
// grace in which answers are still saved is EXAM_GRACE_SECONDS (60 s by default).
const DURING = '2025-01-14T11:10:00Z';
const clock = fixedClock(DURING);
let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: ReturnType<typeof client>;
let grader: ReturnType<typeof client>;
type Browser = ReturnType<typeof client>;

const NOT_OPEN =
  'Grading opens when the exam has ended for every student in this category, extra time included.';

beforeAll(async () => {
  t = await createTestApp({ clock, startMailWorker: false });
  admin = await signedInAdmin(t);
  grader = await signedInGrader(t, 'grader@example.com', clock.now());
});
afterAll(() => t.close());

const upload = (browser: Browser, url: string, data: Buffer) => {
  const body = multipart([{ name: 'photo.jpg', data }]);
  return browser.request({ method: 'POST', url, payload: body.payload, headers: body.headers });
};

/** An approved student of the category who, during the exam, answers question 1 with one photo. */
async function answeringStudent(category: 'junior' | 'senior' | 'secondary') {
  clock.set(DURING);
  const s = await registeredStudent(t, 'approved', category);
  const questions = (await s.browser.get(`/api/v1/ngso-1/questions?category=${category}`)).json()
    .data as Array<{ id: string }>;
  const uploaded = await upload(s.browser, '/api/v1/upload', await jpegPhoto());
  expect(uploaded.statusCode, uploaded.body).toBe(200);
  const answerUrl = uploaded.json().url as string;
  await waitForMedia(t.db, answerUrl);
  const saved = await s.browser.post('/api/v1/ngso-1/answers', {
    question_id: questions[0]?.id,
    image_urls: [answerUrl],
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return { ...s, questionId: questions[0]?.id as string, answerUrl };
}

const gradingCalls = (category: string) => [
  `/api/v1/admin/questions?category=${category}`,
  `/api/v1/admin/submissions?category=${category}`,
  `/api/v1/admin/results/${category}`,
];

describe('what graders see, and when', () => {
  it('gives a grader the questions and answers only once the exam has ended for every student, extra time included', async () => {
    const student = await answeringStudent('junior');
    const slower = await registeredStudent(t, 'approved', 'junior');
    // One student has 15 extra minutes: their window ends at 12:15 UTC, their grace at 12:16.
    const extended = await admin.post('/api/v1/admin/exams/junior/extensions', {
      user_id: slower.user.id,
      minutes: 15,
    });
    expect(extended.statusCode, extended.body).toBe(200);
    const mark = (who: Browser) =>
      who.put(`/api/v1/admin/submissions/${student.user.id}/marks`, {
        question_id: student.questionId,
        marks: 6,
      });

    for (const at of [DURING, '2025-01-14T12:00:30Z', '2025-01-14T12:15:59Z']) {
      clock.set(at);
      for (const url of gradingCalls('junior')) {
        const refused = await grader.get(url);
        expect(refused.statusCode, `${url} at ${at}`).toBe(403);
        expect(refused.json()).toEqual({ status: 'error', message: NOT_OPEN });
      }
      expect((await mark(grader)).statusCode).toBe(403);
      expect((await grader.get(student.answerUrl)).statusCode).toBe(404);
    }
    // In Bangla for a grader who chose it.
    const bangla = await grader.get('/api/v1/admin/submissions?category=junior', { 'accept-language': 'bn' });
    expect(bangla.json().message).toBe('এই ক্যাটাগরির প্রত্যেক শিক্ষার্থীর পরীক্ষা (বাড়তি সময়সহ) শেষ হলে মূল্যায়ন শুরু হবে।');
    // Admins run the exam: they see everything at any time.
    for (const url of gradingCalls('junior')) expect((await admin.get(url)).statusCode, url).toBe(200);

    clock.set('2025-01-14T12:16:00Z');
    const questions = await grader.get('/api/v1/admin/questions?category=junior');
    expect(questions.statusCode).toBe(200);
    expect(questions.json().data.map((q: { id: string }) => q.id)).toContain(student.questionId);
    const submissions = await grader.get('/api/v1/admin/submissions?category=junior');
    expect(submissions.statusCode).toBe(200);
    const sheet = submissions.json().data.find((s: { user_id: string }) => s.user_id === student.user.id);
    expect(sheet.answers[0]).toMatchObject({ image_urls: [student.answerUrl] });
    expect((await grader.get('/api/v1/admin/results/junior')).statusCode).toBe(200);
    expect((await grader.get(student.answerUrl)).statusCode).toBe(200);
    expect((await mark(grader)).statusCode).toBe(200);
  });

  it('shows graders answer photos and roll numbers, never names or profile photos', async () => {
    const student = await answeringStudent('secondary');
    const profile = await upload(student.browser, '/api/v1/user/profile/photo', await jpegPhoto());
    expect(profile.statusCode, profile.body).toBe(200);
    const profileUrl = profile.json().profile_image as string;

    clock.set('2025-01-14T12:30:00Z');
    const submissions = await grader.get('/api/v1/admin/submissions?category=secondary');
    expect(submissions.statusCode).toBe(200);
    const sheet = submissions.json().data.find((s: { user_id: string }) => s.user_id === student.user.id);
    expect(sheet).toMatchObject({ name: null, roll_number: expect.stringMatching(/^T/) });
    expect(submissions.body).not.toContain(student.user.name);
    expect(submissions.body).not.toContain(student.user.email);
    expect(submissions.body).not.toContain(profileUrl);
    const standings = await grader.get('/api/v1/admin/results/secondary');
    expect(standings.body).not.toContain(student.user.name);
    expect(standings.json().data.standings[0]).toMatchObject({ name: null });

    // The answer photo is served to the grader; the child's profile photo is not (as if it did not exist).
    expect((await grader.get(student.answerUrl)).statusCode).toBe(200);
    const refused = await grader.get(profileUrl);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ status: 'error', message: expect.any(String) });
    // The owner and admins still see it.
    expect((await student.browser.get(profileUrl)).statusCode).toBe(200);
    expect((await admin.get(profileUrl)).statusCode).toBe(200);
    // Admins see the names.
    const adminSheet = (await admin.get('/api/v1/admin/submissions?category=secondary'))
      .json()
      .data.find((s: { user_id: string }) => s.user_id === student.user.id);
    expect(adminSheet.name).toBe(student.user.name);
  });

  it('lets only an admin change marks once results are published, and records it in the audit log', async () => {
    const student = await answeringStudent('senior');
    clock.set('2025-01-14T12:30:00Z');
    const mark = (who: Browser, marks: number) =>
      who.put(`/api/v1/admin/submissions/${student.user.id}/marks`, {
        question_id: student.questionId,
        marks,
        comment: 'Reviewed.',
      });
    expect((await mark(grader, 4)).statusCode).toBe(200);
    const published = await admin.post('/api/v1/admin/results/senior/publish', { override: true });
    expect(published.statusCode, published.body).toBe(200);

    const refused = await mark(grader, 9);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      status: 'error',
      message: 'The results of this category are published, so only an admin can change marks now.',
    });
    expect((await student.browser.get('/api/v1/ngso-1/result')).json().data.total).toBe(4);

    const changed = await mark(admin, 7);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toEqual({ grader_marks: 4, override_marks: 7 });
    expect((await student.browser.get('/api/v1/ngso-1/result')).json().data.total).toBe(7);
    const audit = (await admin.get('/api/v1/admin/audit?action=marks.after_publication')).json().data;
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      target_id: `${student.user.id}/${student.questionId}`,
      before: { graderMarks: 4, overrideMarks: null },
      after: { graderMarks: 4, overrideMarks: 7 },
    });
  });
});
