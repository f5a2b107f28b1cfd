import type { Category } from '@ngso/shared/constants';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { competitions, marks, resultPublications } from '../src/db/schema.ts';
import { fixedClock } from '../src/lib/clock.ts';
import { listMails } from '../src/mail/outbox.repo.ts';
import { registeredStudent, signedInAdmin, signedInGrader } from './helpers/fixtures.ts';
import { multipart } from './helpers/multipart.ts';
import { type client, createTestApp } from './helpers/test-app.ts';

const DURING = '2025-01-14T11:10:00Z'; // 17:10 in Dhaka: the seeded exam is open
/** 18:30 in Dhaka: the exam and its grace have ended for everyone, so graders may grade. */
const AFTER = '2025-01-14T12:30:00Z';
const clock = fixedClock(DURING);
let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: ReturnType<typeof client>;
let grader: ReturnType<typeof client>;
let photo: Buffer;

beforeAll(async () => {
  t = await createTestApp({ clock, startMailWorker: false });
  admin = await signedInAdmin(t);
  grader = await signedInGrader(t, 'grader@example.com', clock.now());
  photo = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#abc' } })
    .jpeg()
    .toBuffer();
});
afterAll(() => t.close());

/** An approved senior (or `category`) who answers the given questions (by position) with one image each. */
async function candidate(answerPositions: number[], category: Category = 'senior') {
  clock.set(DURING);
  const s = await registeredStudent(t, 'approved', category);
  const questions = (await s.browser.get(`/api/v1/ngso-1/questions?category=${category}`)).json()
    .data as Array<{
    id: string;
  }>;
  for (const position of answerPositions) {
    const body = multipart([{ name: 'a.jpg', data: photo }]);
    const { url } = (await s.browser.request({ method: 'POST', url: '/api/v1/upload', ...body })).json();
    const saved = await s.browser.post('/api/v1/ngso-1/answers', {
      question_id: questions[position - 1]?.id,
      image_urls: [url],
    });
    expect(saved.statusCode).toBe(200);
  }
  return { ...s, questions };
}

describe('grading and results', () => {
  it('grades, refuses out-of-range marks, ranks with ties, and publishes to each student alone', async () => {
    const first = await candidate([1, 2]);
    const second = await candidate([1]);
    const third = await candidate([1]);
    const [q1, q2] = first.questions;
    clock.set(AFTER);

    expect((await first.browser.get('/api/v1/ngso-1/result')).json()).toMatchObject({
      message: 'Results are not out yet. We will e-mail you when they are published.',
      data: { published: false, total: null, rank: null, questions: [] },
    });

    const mark = (
      who: ReturnType<typeof client>,
      userId: string,
      questionId: string | undefined,
      marks: number,
      comment?: string,
    ) => who.put(`/api/v1/admin/submissions/${userId}/marks`, { question_id: questionId, marks, comment });

    const above = await mark(grader, first.user.id, q1?.id, 11);
    expect(above.statusCode).toBe(422);
    expect(above.json().errors.marks).toEqual(['Marks must be a whole number from 0 to 10.']);
    expect((await mark(grader, first.user.id, q1?.id, -1)).statusCode).toBe(422);
    expect((await mark(first.browser, first.user.id, q1?.id, 5)).statusCode).toBe(403);

    expect((await mark(grader, first.user.id, q1?.id, 8, 'Good diagram.')).statusCode).toBe(200);
    await mark(grader, first.user.id, q2?.id, 4);
    await mark(grader, second.user.id, q1?.id, 9);

    const blocked = await admin.post('/api/v1/admin/results/senior/publish', {});
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().message).toBe(
      'Answers not graded yet: 1. Grade them first, or publish with the override.',
    );
    await mark(grader, third.user.id, q1?.id, 12 - 3);

    // An admin reviews a grader's marks: the override counts, and both are kept.
    const override = await mark(admin, second.user.id, q1?.id, 10, 'Full marks on review.');
    expect(override.json().data).toEqual({ grader_marks: 9, override_marks: 10 });
    const audit = (await admin.get('/api/v1/admin/audit?action=marks.override')).json().data[0];
    expect(audit).toMatchObject({ before: { graderMarks: 9 }, after: { graderMarks: 9, overrideMarks: 10 } });

    const standings = (await admin.get('/api/v1/admin/results/senior')).json().data;
    expect(standings.ungraded).toBe(0);
    const rankOf = (id: string) => standings.standings.find((s: { user_id: string }) => s.user_id === id);
    expect(rankOf(first.user.id)).toMatchObject({ total: 12, rank: 1, award: 'gold' });
    expect(rankOf(second.user.id)).toMatchObject({ total: 10, rank: 2, award: 'silver' });
    expect(rankOf(third.user.id)).toMatchObject({ total: 9, rank: 3, award: 'bronze' });

    // Award bands are the competition's to configure: two golds, no silver, then back to the default.
    const competition = (await admin.get('/api/v1/admin/competitions')).json().data[0];
    const bands = (award_bands: Record<string, number>) =>
      admin.put('/api/v1/admin/competitions/ngso-1', { ...competition, award_bands });
    const twoGolds = await bands({ gold_up_to: 2, silver_up_to: 2, bronze_up_to: 3, prize_up_to: 3 });
    expect(twoGolds.statusCode).toBe(200);
    const regraded = (await admin.get('/api/v1/admin/results/senior')).json().data.standings;
    expect(regraded.map((s: { award: string }) => s.award)).toEqual(['gold', 'gold', 'bronze']);
    // A category's own bands come before the competition's, for that category only.
    const seniorOwn = { gold_up_to: 1, silver_up_to: 1, bronze_up_to: 1, prize_up_to: 2 };
    const own = await admin.put('/api/v1/admin/competitions/ngso-1', {
      ...competition,
      category_award_bands: { senior: seniorOwn },
    });
    expect(own.statusCode).toBe(200);
    expect(own.json().data.category_award_bands).toEqual({ senior: seniorOwn });
    const ownAwards = (await admin.get('/api/v1/admin/results/senior')).json().data.standings;
    expect(ownAwards.map((s: { award: string | null }) => s.award)).toEqual(['gold', 'prize', null]);
    const backToDefault = await admin.put('/api/v1/admin/competitions/ngso-1', {
      ...competition,
      category_award_bands: {},
    });
    expect(backToDefault.json().data.category_award_bands).toEqual({});
    expect((await bands(competition.award_bands)).statusCode).toBe(200);

    const csv = await admin.get('/api/v1/admin/results/senior/export.csv');
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = csv.rawPayload.toString('utf8').split('\r\n');
    expect(lines[0]).toBe('\uFEFFrank,roll_number,name,total,award');
    expect(lines[1]).toMatch(/^1,[^,]*,[^,]+,12,gold$/);
    expect((await grader.get('/api/v1/admin/results/senior/export.csv')).statusCode).toBe(403);

    const published = await admin.post('/api/v1/admin/results/senior/publish', {});
    expect(published.statusCode).toBe(200);
    expect(published.json().data.participants).toBe(3);
    expect((await admin.post('/api/v1/admin/results/senior/publish', {})).statusCode).toBe(409);
    const lateBands = await bands({ gold_up_to: 3, silver_up_to: 3, bronze_up_to: 3, prize_up_to: 50 });
    expect(lateBands.statusCode).toBe(409);
    expect(lateBands.json().message).toBe(
      'The results of a category these award bands apply to are already published, so they can no longer change.',
    );
    // A category still to publish may get bands of its own; the published one may not.
    const juniorOwn = { gold_up_to: 5, silver_up_to: 10, bronze_up_to: 15, prize_up_to: 20 };
    const junior = await admin.put('/api/v1/admin/competitions/ngso-1', {
      ...competition,
      category_award_bands: { junior: juniorOwn },
    });
    expect(junior.statusCode).toBe(200);
    const seniorLate = await admin.put('/api/v1/admin/competitions/ngso-1', {
      ...competition,
      category_award_bands: { junior: juniorOwn, senior: juniorOwn },
    });
    expect(seniorLate.statusCode).toBe(409);
    // Left out, the categories' own bands stay as they are.
    const kept = await admin.put('/api/v1/admin/competitions/ngso-1', {
      name: competition.name,
      fee_bdt: competition.fee_bdt,
      categories: competition.categories,
      award_bands: competition.award_bands,
    });
    expect(kept.json().data.category_award_bands).toEqual({ junior: juniorOwn });
    // The same bands, written in another key order, are no change: the name can still be edited.
    const renamed = await admin.put('/api/v1/admin/competitions/ngso-1', {
      ...competition,
      name: `${competition.name} (renamed)`,
      award_bands: { prize_up_to: 50, bronze_up_to: 3, silver_up_to: 2, gold_up_to: 1 },
    });
    expect(renamed.statusCode).toBe(200);
    const mails = (await listMails(t.db)).filter((m) => m.subject === 'Your final-round result is published');
    expect(mails.map((m) => m.to).sort()).toEqual(
      [first.user.email, second.user.email, third.user.email].sort(),
    );

    const result = (await first.browser.get('/api/v1/ngso-1/result')).json().data;
    expect(result).toMatchObject({
      published: true,
      category: 'senior',
      total: 12,
      total_marks: 60,
      rank: 1,
      participants: 3,
      award: 'gold',
    });
    expect(result.questions[0]).toMatchObject({
      position: 1,
      marks: 10,
      marks_awarded: 8,
      comment: 'Good diagram.',
    });
    expect(result.questions[2]).toMatchObject({ marks_awarded: null });
    const secondResult = (await second.browser.get('/api/v1/ngso-1/result')).json().data;
    expect(secondResult.questions[0]).toMatchObject({ marks_awarded: 10, comment: 'Full marks on review.' });
    expect(JSON.stringify(secondResult)).not.toContain(first.user.id);
  });

  it('lets graders read submissions and marks, but only admins publish', async () => {
    clock.set(AFTER);
    const list = await grader.get('/api/v1/admin/submissions?category=senior');
    expect(list.statusCode).toBe(200);
    expect(list.json().data[0]).toMatchObject({ user_id: expect.any(String), answers: expect.any(Array) });
    expect((await grader.post('/api/v1/admin/results/junior/publish', {})).statusCode).toBe(403);
    const student = await registeredStudent(t, 'approved', 'junior');
    expect((await student.browser.get('/api/v1/admin/submissions?category=junior')).statusCode).toBe(403);
  });

  it('publishes with the override while answers are ungraded', async () => {
    await candidate([3]);
    const s = await registeredStudent(t, 'approved', 'secondary');
    const questions = (await s.browser.get('/api/v1/ngso-1/questions?category=secondary')).json().data;
    const body = multipart([{ name: 'a.jpg', data: photo }]);
    const { url } = (await s.browser.request({ method: 'POST', url: '/api/v1/upload', ...body })).json();
    await s.browser.post('/api/v1/ngso-1/answers', { question_id: questions[0].id, image_urls: [url] });
    expect((await admin.post('/api/v1/admin/results/secondary/publish', {})).statusCode).toBe(409);
    expect((await admin.post('/api/v1/admin/results/secondary/publish', { override: true })).statusCode).toBe(
      200,
    );
    expect((await s.browser.get('/api/v1/ngso-1/result')).json().data).toMatchObject({
      published: true,
      total: 0,
      rank: 1,
    });
  });

  it('builds a published sheet once for every page, and shows changed marks on a re-publication or a change', async () => {
    const student = await candidate([1], 'junior');
    const [q1] = student.questions;
    clock.set(AFTER);
    const give = (value: number) =>
      admin.put(`/api/v1/admin/submissions/${student.user.id}/marks`, { question_id: q1?.id, marks: value });
    const shown = async () => {
      const result = (await student.browser.get('/api/v1/ngso-1/result')).json().data;
      return { total: result.total, marks: result.questions[0]?.marks_awarded };
    };
    expect((await give(5)).statusCode).toBe(200);
    const [competition] = await t.db.select().from(competitions).where(eq(competitions.code, 'ngso-1'));
    expect((await admin.post('/api/v1/admin/results/junior/publish', { override: true })).statusCode).toBe(
      200,
    );
    expect(await shown()).toEqual({ total: 5, marks: 5 });

    // Marks changed where this process does not see it (another process, by hand): the page keeps its sheet.
    const mine = and(eq(marks.userId, student.user.id), eq(marks.questionId, q1?.id as string));
    await t.db.update(marks).set({ graderMarks: 7 }).where(mine);
    expect(await shown()).toEqual({ total: 5, marks: 5 });

    // Taken back and published again: the new marks.
    await t.db
      .delete(resultPublications)
      .where(
        and(
          eq(resultPublications.competitionId, competition?.id as string),
          eq(resultPublications.category, 'junior'),
        ),
      );
    expect((await shown()).total).toBeNull();
    await t.db.update(marks).set({ graderMarks: 6 }).where(mine);
    expect((await admin.post('/api/v1/admin/results/junior/publish', { override: true })).statusCode).toBe(
      200,
    );
    expect(await shown()).toEqual({ total: 6, marks: 6 });

    // Changed by an organiser after publication: at once.
    expect((await give(9)).statusCode).toBe(200);
    expect(await shown()).toEqual({ total: 9, marks: 9 });
  });
});
