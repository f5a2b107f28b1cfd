import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, marks, questions, secondMarks } from '../src/db/schema.ts';
import { fixedClock } from '../src/lib/clock.ts';
import { inSample, nearCutoffStudents } from '../src/modules/grading/second-marking.service.ts';
import { registeredStudent, signedInAdmin, signedInGrader } from './helpers/fixtures.ts';
import { waitForMedia } from './helpers/media.ts';
import { multipart } from './helpers/multipart.ts';
import { type client, createTestApp } from './helpers/test-app.ts';

const DURING = '2025-01-14T11:10:00Z'; // the seeded exam is open
const AFTER = '2025-01-14T12:30:00Z'; // grading is open
const clock = fixedClock(DURING);
type Browser = ReturnType<typeof client>;
let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: Browser;
let first: Browser;
let second: Browser;
let third: Browser;
let questionId: string;
let maxMarks: number;
/** Students 0-4 are first-marked by `first`, 5-9 by `second`. */
const students: string[] = [];

const settings = (who: Browser, body: Record<string, number>) =>
  who.put(`/api/v1/admin/questions/${questionId}/second-marking`, {
    sample_percent: 0,
    tolerance: 1,
    near_cutoff: 0,
    ...body,
  });
const due = async () =>
  (await admin.get(`/api/v1/admin/questions/${questionId}/second-marking`)).json().data.due as number;
const claimSecond = (who: Browser) =>
  who.post('/api/v1/admin/grading/second/claim', { question_id: questionId });
const saveSecond = (who: Browser, userId: string, given: number) =>
  who.put('/api/v1/admin/grading/second/marks', { question_id: questionId, user_id: userId, marks: given });
const firstMarkOf = (index: number) => index % 3; // 0, 1 or 2

beforeAll(async () => {
  t = await createTestApp({ clock, startMailWorker: false });
  admin = await signedInAdmin(t);
  first = await signedInGrader(t, 'first.marker@example.com', clock.now());
  second = await signedInGrader(t, 'second.marker@example.com', clock.now());
  third = await signedInGrader(t, 'third.marker@example.com', clock.now());
  const photo = await sharp({ create: { width: 120, height: 120, channels: 3, background: '#cba' } })
    .jpeg()
    .toBuffer();
  for (let i = 0; i < 10; i += 1) {
    const s = await registeredStudent(t, 'approved', 'senior');
    const list = (await s.browser.get('/api/v1/ngso-1/questions?category=senior')).json().data as Array<{
      id: string;
    }>;
    questionId = list[0]?.id as string;
    const body = multipart([{ name: 'a.jpg', data: photo }]);
    const { url } = (await s.browser.request({ method: 'POST', url: '/api/v1/upload', ...body })).json();
    await waitForMedia(t.db, url);
    const saved = await s.browser.post('/api/v1/ngso-1/answers', {
      question_id: questionId,
      image_urls: [url],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    students.push(s.user.id as string);
  }
  const [question] = await t.db.select().from(questions).where(eq(questions.id, questionId));
  maxMarks = question?.marks ?? 0;
  expect(maxMarks).toBeGreaterThanOrEqual(5);
  clock.set(AFTER);
  for (const [index, userId] of students.entries()) {
    const grader = index < 5 ? first : second;
    const saved = await grader.put(`/api/v1/admin/submissions/${userId}/marks`, {
      question_id: questionId,
      marks: firstMarkOf(index),
    });
    expect(saved.statusCode, saved.body).toBe(200);
  }
});
afterAll(() => t.close());

describe('second marking: settings', () => {
  it('lets organisers set a question’s sample, tolerance and margin (audited); graders get 403', async () => {
    expect((await settings(first, { sample_percent: 50 })).statusCode).toBe(403);
    expect((await first.get(`/api/v1/admin/questions/${questionId}/second-marking`)).statusCode).toBe(403);
    expect((await settings(admin, { sample_percent: 101 })).statusCode).toBe(422);
    expect(
      (
        await admin.put('/api/v1/admin/questions/not-a-question/second-marking', {
          sample_percent: 10,
          tolerance: 1,
          near_cutoff: 0,
        })
      ).statusCode,
    ).toBe(404);
    const fresh = (await admin.get(`/api/v1/admin/questions/${questionId}/second-marking`)).json().data;
    expect(fresh).toMatchObject({ sample_percent: 0, tolerance: 1, near_cutoff: 0, due: 0 });
    const set = await settings(admin, { sample_percent: 10, tolerance: 2 });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data).toMatchObject({ sample_percent: 10, tolerance: 2, near_cutoff: 0 });
    const audited = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'second_marking.change'), eq(auditLog.targetId, questionId)));
    expect(audited).toHaveLength(1);
  });
});

describe('second marking: selection', () => {
  it('draws the same answers every time from a hash of the answer', async () => {
    await settings(admin, { sample_percent: 40 });
    const expected = students.filter((id) => inSample(id, questionId, 40)).length;
    expect(await due()).toBe(expected);
    expect(await due()).toBe(expected);
    await settings(admin, { sample_percent: 100 });
    expect(await due()).toBe(10);
    await settings(admin, { sample_percent: 0 });
    expect(await due()).toBe(0);
  });

  it('draws every answer of a student within the margin of an award cut-off on the current standings', async () => {
    await settings(admin, { sample_percent: 0, near_cutoff: 1 });
    const standings = (await admin.get('/api/v1/admin/results/senior')).json().data.standings as Array<{
      user_id: string;
      total: number;
      award: string | null;
    }>;
    const near = nearCutoffStudents(
      standings.map((s) => ({ userId: s.user_id, total: s.total, award: s.award })),
      1,
    );
    expect(near.size).toBeGreaterThan(0);
    expect(await due()).toBe(students.filter((id) => near.has(id)).length);
    await settings(admin, { sample_percent: 0, near_cutoff: 0 });
    expect(await due()).toBe(0);
  });

  it('finds the cut-off as the lowest total earning each band', () => {
    const near = nearCutoffStudents(
      [
        { userId: 'a', total: 20, award: 'gold' },
        { userId: 'b', total: 15, award: 'silver' },
        { userId: 'c', total: 13, award: null },
        { userId: 'd', total: 10, award: null },
      ],
      2,
    );
    // Cut-offs at 20 (gold) and 15 (silver): 13 is within 2 of 15, 10 is not.
    expect([...near].sort()).toEqual(['a', 'b', 'c']);
    expect(nearCutoffStudents([{ userId: 'a', total: 20, award: 'gold' }], 0).size).toBe(0);
  });
});

describe('second marking: holds', () => {
  it('keeps a second-mark hold while its grader sends heartbeats, and gives it back on release', async () => {
    await settings(admin, { sample_percent: 100, tolerance: 1 });
    const holdOf = async (userId: string) =>
      (
        await t.db
          .select()
          .from(secondMarks)
          .where(and(eq(secondMarks.userId, userId), eq(secondMarks.questionId, questionId)))
      )[0];
    const answer = (await claimSecond(third)).json().data.answer;
    const key = { question_id: questionId, user_id: answer.user_id };
    // 4 minutes, a heartbeat, 4 more: still held (5 minutes without one would let it run out).
    clock.advance(4 * 60_000);
    const beat = await third.post('/api/v1/admin/grading/second/heartbeat', key);
    expect(beat.statusCode, beat.body).toBe(200);
    clock.advance(4 * 60_000);
    expect((await holdOf(answer.user_id))?.claimedUntil.getTime()).toBeGreaterThan(clock.now().getTime());
    // Only the holder renews; a release gives it back, and then there is nothing to renew.
    expect((await second.post('/api/v1/admin/grading/second/heartbeat', key)).statusCode).toBe(409);
    expect((await second.post('/api/v1/admin/grading/second/release', key)).statusCode).toBe(200);
    expect(await holdOf(answer.user_id)).toBeDefined();
    expect((await third.post('/api/v1/admin/grading/second/release', key)).statusCode).toBe(200);
    expect(await holdOf(answer.user_id)).toBeUndefined();
    expect((await third.post('/api/v1/admin/grading/second/heartbeat', key)).statusCode).toBe(409);
    expect(await due()).toBe(students.length);
    clock.set(AFTER);
  });
});

describe('second marking: by the rubric', () => {
  it('computes a second mark from the items ticked, regrades it when their points change, and keeps them', async () => {
    await settings(admin, { sample_percent: 100, tolerance: 1 });
    const add = async (text: string, points: number) =>
      (await admin.post(`/api/v1/admin/questions/${questionId}/rubric`, { text, points })).json().data as {
        id: string;
      };
    const formula = await add('Correct formula', 3);
    const units = await add('Units given', 2);
    const answer = (
      await third.post('/api/v1/admin/grading/second/claim', { question_id: questionId })
    ).json().data.answer;
    const byRubric = (rubric_items: string[], extra: Record<string, unknown> = {}) =>
      third.put('/api/v1/admin/grading/second/marks', {
        question_id: questionId,
        user_id: answer.user_id,
        marks: 0,
        rubric_items,
        ...extra,
      });
    const noComment = await byRubric([formula.id], { adjustment: -1 });
    expect(noComment.statusCode).toBe(422);
    expect(noComment.json().errors.comment).toEqual(['Say in the comment why you adjusted the marks.']);
    expect((await byRubric(['00000000-0000-4000-8000-000000000000'])).statusCode).toBe(422);
    const saved = await byRubric([formula.id, units.id, units.id]);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.marks).toBe(5);
    const markOf = async () =>
      (
        await t.db
          .select()
          .from(secondMarks)
          .where(and(eq(secondMarks.userId, answer.user_id), eq(secondMarks.questionId, questionId)))
      )[0];
    expect(await markOf()).toMatchObject({
      marks: 5,
      rubric: { items: [formula.id, units.id], adjustment: 0 },
    });

    // New points regrade the second mark as they do first marks; an item it ticked cannot be removed.
    const changed = await admin.put(`/api/v1/admin/rubric/${units.id}`, { text: 'Units given', points: 1 });
    expect(changed.json().data).toMatchObject({ points: 1, regraded: 1 });
    expect((await markOf())?.marks).toBe(4);
    expect((await admin.delete(`/api/v1/admin/rubric/${units.id}`)).statusCode).toBe(409);

    // Left as the other tests expect: no second mark, no rubric.
    await t.db
      .delete(secondMarks)
      .where(and(eq(secondMarks.userId, answer.user_id), eq(secondMarks.questionId, questionId)));
    for (const item of [formula, units]) {
      expect((await admin.delete(`/api/v1/admin/rubric/${item.id}`)).statusCode).toBe(200);
    }
  });
});

describe('second marking: blind second grades', () => {
  it('never gives a grader an answer they marked first, and never shows the first mark or grader', async () => {
    await settings(admin, { sample_percent: 100, tolerance: 1 });
    const seen: string[] = [];
    for (let round = 0; round < 7; round += 1) {
      const taken = await claimSecond(second);
      expect(taken.statusCode, taken.body).toBe(200);
      const answer = taken.json().data.answer;
      if (!answer) break;
      expect(Object.keys(answer).sort()).toEqual(['expires_at', 'images', 'roll_number', 'user_id']);
      expect(taken.body).not.toContain('first.marker');
      const index = students.indexOf(answer.user_id);
      expect(index).toBeGreaterThanOrEqual(0);
      expect(index).toBeLessThan(5); // first-marked by the other grader
      // Student 0 gets a second mark 3 away from the first (0): beyond the tolerance of 1.
      const given = index === 0 ? firstMarkOf(0) + 3 : firstMarkOf(index) + (index % 2);
      const saved = await saveSecond(second, answer.user_id, given);
      expect(saved.statusCode, saved.body).toBe(200);
      seen.push(answer.user_id);
    }
    expect(seen.sort()).toEqual(students.slice(0, 5).sort());
    // A save without the hold is refused; the first mark was never replaced.
    expect((await saveSecond(third, students[1] as string, 1)).statusCode).toBe(409);
    const [kept] = await t.db
      .select()
      .from(marks)
      .where(and(eq(marks.userId, students[0] as string), eq(marks.questionId, questionId)));
    expect(kept?.graderMarks).toBe(0);
    // The first grader second-marks the other grader's answers, agreeing.
    for (let round = 0; round < 6; round += 1) {
      const answer = (await claimSecond(first)).json().data.answer;
      if (!answer) break;
      const index = students.indexOf(answer.user_id);
      expect(index).toBeGreaterThanOrEqual(5);
      expect((await saveSecond(first, answer.user_id, firstMarkOf(index))).statusCode).toBe(200);
    }
    expect(await due()).toBe(0);
    expect((await claimSecond(third)).json().data).toMatchObject({ answer: null, due: 0 });
  });
});

describe('second marking: first marks stay unseen', () => {
  it("shows a grader neither another grader's marks in the submissions nor their answer to look again", async () => {
    const answerOf = (
      list: Array<{ user_id: string; answers: Array<Record<string, unknown>> }>,
      userId: string,
    ) =>
      list.find((row) => row.user_id === userId)?.answers.find((answer) => answer.question_id === questionId);
    const seenBySecond = (await second.get('/api/v1/admin/submissions?category=senior')).json().data;
    expect(answerOf(seenBySecond, students[1] as string)).toMatchObject({
      marks: null,
      comment: null,
      grader_marks: null,
      override_marks: null,
    });
    expect(answerOf(seenBySecond, students[5] as string)).toMatchObject({ grader_marks: firstMarkOf(5) });
    const again = await second.post('/api/v1/admin/grading/claim', {
      question_id: questionId,
      user_id: students[1],
    });
    expect(again.statusCode).toBe(403);
    expect(again.json().message).toBe(
      'Another grader marked this answer. Its marks stay with them; take the next answer instead.',
    );
    expect(again.body).not.toContain('first.marker');
    // Their own answer they may look at again; admins see every mark.
    const own = await second.post('/api/v1/admin/grading/claim', {
      question_id: questionId,
      user_id: students[5],
    });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().data.answer.marks).toBe(firstMarkOf(5));
    await second.post('/api/v1/admin/grading/release', { question_id: questionId, user_id: students[5] });
    // With second marking off for the question, another grader's answer may be looked at again.
    await settings(admin, { sample_percent: 0, near_cutoff: 0 });
    const open = await second.post('/api/v1/admin/grading/claim', {
      question_id: questionId,
      user_id: students[1],
    });
    expect(open.statusCode, open.body).toBe(200);
    await second.post('/api/v1/admin/grading/release', { question_id: questionId, user_id: students[1] });
    await settings(admin, { sample_percent: 100, tolerance: 1 });
    const seenByAdmin = (await admin.get('/api/v1/admin/submissions?category=senior')).json().data;
    expect(answerOf(seenByAdmin, students[1] as string)).toMatchObject({ grader_marks: firstMarkOf(1) });
  });
});

describe('second marking: disagreements', () => {
  it('lists a disagreement beyond tolerance for admins; settling writes the override and an audit entry', async () => {
    expect((await first.get('/api/v1/admin/grading/disagreements/senior')).statusCode).toBe(403);
    const listed = await admin.get('/api/v1/admin/grading/disagreements/senior');
    expect(listed.statusCode, listed.body).toBe(200);
    const { disagreements } = listed.json().data;
    expect(disagreements).toHaveLength(1);
    expect(disagreements[0]).toMatchObject({
      user_id: students[0],
      first_marks: 0,
      second_marks: 3,
      tolerance: 1,
    });
    // Publishing warns while a disagreement is not settled.
    const warned = await admin.post('/api/v1/admin/results/senior/publish', {});
    expect(warned.statusCode).toBe(409);
    expect(warned.json().message).toMatch(/disagreements not settled: 1/);

    const body = {
      question_id: questionId,
      user_id: students[0],
      marks: 2,
      comment: 'Read both; 2 is fair.',
    };
    expect((await first.post('/api/v1/admin/grading/disagreements/settle', body)).statusCode).toBe(403);
    expect(
      (await admin.post('/api/v1/admin/grading/disagreements/settle', { ...body, user_id: students[1] }))
        .statusCode,
    ).toBe(409);
    const settled = await admin.post('/api/v1/admin/grading/disagreements/settle', body);
    expect(settled.statusCode, settled.body).toBe(200);
    const [mark] = await t.db
      .select()
      .from(marks)
      .where(and(eq(marks.userId, students[0] as string), eq(marks.questionId, questionId)));
    expect(mark).toMatchObject({ graderMarks: 0, overrideMarks: 2 });
    const target = `${students[0]}/${questionId}`;
    const actions = (await t.db.select().from(auditLog).where(eq(auditLog.targetId, target))).map(
      (row) => row.action,
    );
    expect(actions).toEqual(expect.arrayContaining(['marks.second', 'marks.override', 'marks.settle']));
    expect((await admin.get('/api/v1/admin/grading/disagreements/senior')).json().data.disagreements).toEqual(
      [],
    );
    expect((await admin.post('/api/v1/admin/grading/disagreements/settle', body)).statusCode).toBe(409);
  });

  it('shows each grader’s agreement with the others beside their pace, for admins', async () => {
    const graders = (await admin.get('/api/v1/admin/grading/progress/senior')).json().data.graders as Array<{
      name: string;
      graded: number;
      compared: number;
      agreed: number;
      per_hour: number;
    }>;
    const compared = graders.filter((g) => g.compared > 0);
    expect(compared).toHaveLength(2);
    for (const grader of compared) expect(grader).toMatchObject({ graded: 5, compared: 10, agreed: 9 });
  });
});
