import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../src/lib/clock.ts';
import { registeredStudent, signedInAdmin, signedInGrader } from './helpers/fixtures.ts';
import { waitForMedia } from './helpers/media.ts';
import { multipart } from './helpers/multipart.ts';
import { type client, createTestApp } from './helpers/test-app.ts';

const DURING = '2025-01-14T11:10:00Z'; // the seeded exam is open
const AFTER = '2025-01-14T12:30:00Z'; // the exam and its grace have ended: grading is open
const clock = fixedClock(DURING);
type Browser = ReturnType<typeof client>;
let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: Browser;
let first: Browser;
let second: Browser;
let photo: Buffer;
let questionId: string;
const students: string[] = [];
let lastAnswered = '';

const claim = (who: Browser, body: Record<string, unknown> = {}) =>
  who.post('/api/v1/admin/grading/claim', { question_id: questionId, ...body });
const save = (who: Browser, userId: string, marks: number, claimed = true) =>
  who.put(`/api/v1/admin/submissions/${userId}/marks`, { question_id: questionId, marks, claimed });
const minutes = (n: number) => n * 60_000;

/** An approved senior who answers question 1 (or another) with one photo, processed. */
async function answeringStudent(position = 1) {
  clock.set(DURING);
  const s = await registeredStudent(t, 'approved', 'senior');
  const questions = (await s.browser.get('/api/v1/ngso-1/questions?category=senior')).json().data as Array<{
    id: string;
  }>;
  if (position === 1) questionId = questions[0]?.id as string;
  const answered = questions[position - 1]?.id as string;
  lastAnswered = answered;
  const body = multipart([{ name: 'a.jpg', data: photo }]);
  const { url } = (await s.browser.request({ method: 'POST', url: '/api/v1/upload', ...body })).json();
  await waitForMedia(t.db, url);
  const saved = await s.browser.post('/api/v1/ngso-1/answers', { question_id: answered, image_urls: [url] });
  expect(saved.statusCode, saved.body).toBe(200);
  return s.user.id as string;
}

beforeAll(async () => {
  t = await createTestApp({ clock, startMailWorker: false });
  admin = await signedInAdmin(t);
  first = await signedInGrader(t, 'first.grader@example.com', clock.now());
  second = await signedInGrader(t, 'second.grader@example.com', clock.now());
  photo = await sharp({ create: { width: 120, height: 120, channels: 3, background: '#abc' } })
    .jpeg()
    .toBuffer();
  for (let i = 0; i < 6; i += 1) students.push(await answeringStudent());
  clock.set(AFTER);
});
afterAll(() => t.close());

describe('grading as a team: holds on answers', () => {
  it('refuses a student, and a grader before grading opens', async () => {
    clock.set(DURING);
    const early = await claim(first);
    expect(early.statusCode).toBe(403);
    clock.set(AFTER);
    const student = await registeredStudent(t, 'approved', 'senior');
    expect((await claim(student.browser)).statusCode).toBe(403);
    expect((await claim(first, { question_id: 'not-a-question' })).statusCode).toBe(404);
  });

  it('hands out each answer once when four members of staff take the next answer at the same moment', async () => {
    const third = await signedInGrader(t, 'third.grader@example.com', clock.now());
    const staff = [first, second, third, admin];
    const results = await Promise.all(staff.map((who) => claim(who)));
    const ids = results.map((result) => {
      expect(result.statusCode, result.body).toBe(200);
      return result.json().data.answer.user_id as string;
    });
    expect(new Set(ids).size).toBe(4);
    // Admins see the name; graders never do.
    expect(results[3]?.json().data.answer.name).toEqual(expect.any(String));
    // Answers waiting for photos are counted only when none is free (null here).
    expect(results[2]?.json().data.progress).toMatchObject({ total: 6, graded: 0, waiting: null });
    expect((await claim(first)).json().data.progress.claimed).toBe(4);
    // The page fetches the next answer's photo ahead.
    expect(results[0]?.json().data.prefetch).toHaveLength(1);
    // Each gives it back on leaving.
    for (const [i, who] of staff.entries()) {
      const back = await who.post('/api/v1/admin/grading/release', {
        question_id: questionId,
        user_id: ids[i],
      });
      expect(back.statusCode).toBe(200);
    }
    // first's claim above took a fifth answer; give that back too.
    const mine = (await claim(first)).json().data.answer.user_id;
    await first.post('/api/v1/admin/grading/release', { question_id: questionId, user_id: mine });
    expect((await claim(admin, { user_id: ids[0] })).json().data.progress.claimed).toBe(1);
    await admin.post('/api/v1/admin/grading/release', { question_id: questionId, user_id: ids[0] });
  });

  it('gives two graders racing for answers different answers, every time, and the progress counts them', async () => {
    const taken = new Set<string>();
    for (let round = 0; round < 3; round += 1) {
      const [a, b] = await Promise.all([claim(first), claim(second)]);
      expect(a.statusCode, a.body).toBe(200);
      expect(b.statusCode, b.body).toBe(200);
      const aId = a.json().data.answer.user_id as string;
      const bId = b.json().data.answer.user_id as string;
      expect(aId).not.toBe(bId);
      expect(taken.has(aId) || taken.has(bId)).toBe(false);
      // Graders see the roll number, never the name; the photo is there to grade.
      expect(a.json().data.answer).toMatchObject({ name: null, marks: null });
      expect(a.json().data.answer.images[0].state).toBe('ready');
      // Both saves race too: each lands on its own hold.
      const [sa, sb] = await Promise.all([save(first, aId, 5), save(second, bId, 6)]);
      expect(sa.statusCode, sa.body).toBe(200);
      expect(sb.statusCode, sb.body).toBe(200);
      taken.add(aId);
      taken.add(bId);
    }
    expect([...taken].sort()).toEqual([...students].sort());
    const done = (await claim(first)).json().data;
    expect(done).toEqual({
      answer: null,
      progress: { total: 6, graded: 6, claimed: 0, waiting: 0 },
      prefetch: [],
      rubric: [],
    });
  });

  it("refuses a save on another grader's hold (409), and a stale save after the hold passed on", async () => {
    const held = (await claim(first, { user_id: students[0] })).json().data.answer;
    expect(held.user_id).toBe(students[0]);
    // Another grader can neither take it nor save on it.
    const taken = await claim(second, { user_id: students[0] });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(
      'Another grader is grading this answer right now. Take the next answer instead.',
    );
    const blocked = await save(second, students[0] as string, 1, false);
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().message).toBe(
      'Another grader is grading this answer right now. Take the next answer instead.',
    );

    // The heartbeat keeps it: 4 minutes, a heartbeat, 4 more minutes, and it is still held.
    clock.advance(minutes(4));
    const beat = await first.post('/api/v1/admin/grading/heartbeat', {
      question_id: questionId,
      user_id: students[0],
    });
    expect(beat.statusCode, beat.body).toBe(200);
    clock.advance(minutes(4));
    expect((await claim(second, { user_id: students[0] })).statusCode).toBe(409);
    // Only the holder renews.
    const otherBeat = await second.post('/api/v1/admin/grading/heartbeat', {
      question_id: questionId,
      user_id: students[0],
    });
    expect(otherBeat.statusCode).toBe(409);

    // Without a heartbeat for 5 minutes the hold runs out, and another grader takes it.
    clock.advance(minutes(6));
    const takeover = await claim(second, { user_id: students[0] });
    expect(takeover.statusCode, takeover.body).toBe(200);
    const stale = await save(first, students[0] as string, 9);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(
      'Your hold on this answer ran out and it went to another grader, so your marks were not saved. Take the next answer.',
    );
    expect(
      (await first.post('/api/v1/admin/grading/heartbeat', { question_id: questionId, user_id: students[0] }))
        .statusCode,
    ).toBe(409);
    const kept = await save(second, students[0] as string, 3);
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().data.grader_marks).toBe(3);
  });

  it('gives an answer back on release, and an expired hold to the next grader who asks', async () => {
    const held = (await claim(first, { user_id: students[1] })).json().data.answer;
    expect((await claim(second, { user_id: held.user_id })).statusCode).toBe(409);
    const released = await first.post('/api/v1/admin/grading/release', {
      question_id: questionId,
      user_id: held.user_id,
    });
    expect(released.statusCode).toBe(200);
    expect((await claim(second, { user_id: held.user_id })).statusCode).toBe(200);
    // Releasing someone else's hold does nothing.
    await first.post('/api/v1/admin/grading/release', { question_id: questionId, user_id: held.user_id });
    expect((await claim(first, { user_id: held.user_id })).statusCode).toBe(409);
  });
});

describe('rubrics', () => {
  it('lets organisers write items, graders tick them, computes the mark, and regrades on a change of points', async () => {
    const rubricStudents = [await answeringStudent(2), await answeringStudent(2), await answeringStudent(2)];
    clock.set(AFTER);
    const questions = (await admin.get('/api/v1/admin/questions?category=senior')).json().data as Array<{
      id: string;
      marks: number;
    }>;
    const q2 = questions.find((q) => q.id === lastAnswered) as { id: string; marks: number };
    expect(q2.id).not.toBe(questionId);
    expect(q2.marks).toBe(10);
    const add = (who: Browser, text: string, points: number) =>
      who.post(`/api/v1/admin/questions/${q2.id}/rubric`, { text, points });

    // Graders cannot write rubrics.
    expect((await add(first, 'Correct formula', 4)).statusCode).toBe(403);
    const formula = (await add(admin, 'Correct formula', 4)).json().data;
    const units = (await add(admin, 'Units given', 2)).json().data;
    const slip = (await add(admin, 'Arithmetic slip', -1)).json().data;
    const unused = (await add(admin, 'Diagram', 3)).json().data;
    expect(formula).toMatchObject({ position: 1, text: 'Correct formula', points: 4 });
    expect((await add(admin, '', 4)).statusCode).toBe(422);
    expect((await add(admin, 'Too many points', 101)).json().errors.points).toEqual([
      'Points are a whole number from -100 to 100.',
    ]);
    const items = (await first.get(`/api/v1/admin/questions/${q2.id}/rubric`)).json().data;
    expect(items.map((item: { text: string }) => item.text)).toEqual([
      'Correct formula',
      'Units given',
      'Arithmetic slip',
      'Diagram',
    ]);
    expect((await first.put(`/api/v1/admin/rubric/${formula.id}`, { text: 'x', points: 1 })).statusCode).toBe(
      403,
    );
    expect((await first.delete(`/api/v1/admin/rubric/${unused.id}`)).statusCode).toBe(403);

    // The claim carries the rubric; the mark is the sum of the ticked items, from 0 to the question's marks.
    const held = (await first.post('/api/v1/admin/grading/claim', { question_id: q2.id })).json().data;
    expect(held.rubric).toHaveLength(4);
    const byRubric = (userId: string, rubric_items: string[], adjustment?: number, comment?: string) =>
      first.put(`/api/v1/admin/submissions/${userId}/marks`, {
        question_id: q2.id,
        marks: 0,
        rubric_items,
        ...(adjustment === undefined ? {} : { adjustment }),
        ...(comment ? { comment } : {}),
      });
    const [a, b, c] = rubricStudents as [string, string, string];
    expect((await byRubric(a, [formula.id, units.id])).json().data.grader_marks).toBe(6);
    expect((await byRubric(b, [formula.id, slip.id])).json().data.grader_marks).toBe(3);
    expect((await byRubric(b, [slip.id])).json().data.grader_marks).toBe(0); // never below 0
    expect((await byRubric(b, [formula.id, slip.id])).json().data.grader_marks).toBe(3);
    const noComment = await byRubric(c, [formula.id, units.id], 10);
    expect(noComment.statusCode).toBe(422);
    expect(noComment.json().errors.comment).toEqual(['Say in the comment why you adjusted the marks.']);
    expect(
      (await byRubric(c, [formula.id, units.id], 10, 'Excellent extra work.')).json().data.grader_marks,
    ).toBe(10);
    const unknown = await byRubric(a, ['00000000-0000-4000-8000-000000000000']);
    expect(unknown.statusCode).toBe(422);
    // The answer reopened shows what was ticked.
    const reopenedReply = await first.post('/api/v1/admin/grading/claim', { question_id: q2.id, user_id: c });
    expect(reopenedReply.statusCode, reopenedReply.body).toBe(200);
    const reopened = reopenedReply.json().data;
    expect(reopened.answer.rubric).toEqual({ items: [formula.id, units.id], adjustment: 10 });
    await first.post('/api/v1/admin/grading/release', { question_id: q2.id, user_id: c });

    // New points for an item regrade every answer that ticked it, with one audit entry.
    const changed = await admin.put(`/api/v1/admin/rubric/${formula.id}`, {
      text: 'Correct formula',
      points: 5,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toMatchObject({ points: 5, regraded: 3 });
    const marksOf = async (userId: string) => {
      const submissions = (await admin.get('/api/v1/admin/submissions?category=senior')).json()
        .data as Array<{
        user_id: string;
        answers: Array<{ question_id: string; marks: number | null }>;
      }>;
      return submissions.find((s) => s.user_id === userId)?.answers.find((x) => x.question_id === q2.id)
        ?.marks;
    };
    expect(await marksOf(a)).toBe(7);
    expect(await marksOf(b)).toBe(4);
    expect(await marksOf(c)).toBe(10);
    const audit = (await admin.get('/api/v1/admin/audit?action=rubric.change')).json().data;
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      before: { text: 'Correct formula', points: 4 },
      after: { text: 'Correct formula', points: 5, regraded: 3 },
    });
    // A text change alone regrades nothing.
    expect(
      (await admin.put(`/api/v1/admin/rubric/${slip.id}`, { text: 'Arithmetic slips', points: -1 })).json()
        .data.regraded,
    ).toBe(0);

    // An item marks were given with stays; an unused one goes.
    expect((await admin.delete(`/api/v1/admin/rubric/${units.id}`)).statusCode).toBe(409);
    expect((await admin.delete(`/api/v1/admin/rubric/${unused.id}`)).statusCode).toBe(200);
    expect((await admin.get('/api/v1/admin/audit?action=rubric.remove')).json().data).toHaveLength(1);
    expect((await admin.get('/api/v1/admin/audit?action=rubric.add')).json().data).toHaveLength(4);
  });
});

describe('progress', () => {
  it('counts per question graded, held, left and the minutes left at the last hour’s pace; per grader for admins', async () => {
    // Two more answers to question 2, not graded yet; one of them held by the first grader.
    await answeringStudent(2);
    await answeringStudent(2);
    const q2 = lastAnswered;
    clock.set(AFTER);
    await first.post('/api/v1/admin/grading/claim', { question_id: q2 });
    const progress = (await admin.get('/api/v1/admin/grading/progress/senior')).json().data;
    const of = (id: string) => progress.questions.find((q: { question_id: string }) => q.question_id === id);
    expect(of(questionId)).toMatchObject({ total: 6, graded: 6, claimed: 0, left: 0, minutes_left: 0 });
    // Three answers graded in the last hour, two left: 40 minutes at that pace.
    expect(of(q2)).toMatchObject({ total: 5, graded: 3, claimed: 1, left: 2, per_hour: 3, minutes_left: 40 });
    // A question nobody answered has nothing left.
    expect(progress.questions.length).toBeGreaterThan(2);
    const graders = progress.graders as Array<{
      name: string;
      graded: number;
      claimed: number;
      per_hour: number;
    }>;
    expect(graders.reduce((sum, g) => sum + g.graded, 0)).toBe(9);
    const firstGrader = graders.find((g) => g.claimed === 1);
    expect(firstGrader?.graded).toBeGreaterThanOrEqual(3);
    // Graders see the questions' progress but not each grader's.
    const seen = await first.get('/api/v1/admin/grading/progress/senior');
    expect(seen.statusCode).toBe(200);
    expect(seen.json().data.graders).toEqual([]);
    expect((await first.get('/api/v1/admin/grading/progress/nursery')).statusCode).toBe(422);
  });
});
