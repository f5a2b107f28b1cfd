import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registrations } from '../src/db/schema.ts';
import { fixedClock } from '../src/lib/clock.ts';
import { registeredStudent, signedInAdmin } from './helpers/fixtures.ts';
import { multipart } from './helpers/multipart.ts';
import { type client, createTestApp } from './helpers/test-app.ts';

// The seeded exam of every category: 2025-01-14, 11:00 to 12:00 UTC (17:00 to 18:00 in Dhaka).
const BEFORE = '2025-01-14T05:00:00Z';
const at = (minute: number) => `2025-01-14T11:${String(minute).padStart(2, '0')}:00Z`;
const AFTER = '2025-01-14T12:30:00Z';
const clock = fixedClock(BEFORE);

let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: ReturnType<typeof client>;
type Student = Awaited<ReturnType<typeof registeredStudent>>;

const stats = async () => {
  const response = await admin.get('/api/v1/admin/stats');
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
};

/** Moves a fixture's registration to a division, payment method and time of registering. */
const place = (student: Student, values: Partial<typeof registrations.$inferInsert>) =>
  t.db.update(registrations).set(values).where(eq(registrations.id, student.registrationId));

let photo = 0;
const commitPhoto = async (student: Student, questionId: string) => {
  photo += 1;
  const sha256 = createHash('sha256').update(`photo ${photo}`).digest('hex');
  const response = await student.browser.post('/api/v1/ngso-1/answers', {
    question_id: questionId,
    images: [{ sha256, size: 1000 }],
  });
  expect(response.statusCode).toBe(200);
};

beforeAll(async () => {
  t = await createTestApp({ clock });
  admin = await signedInAdmin(t);
});
afterAll(() => t.close());

describe('the dashboard charts', () => {
  let examinees: Student[] = [];

  it('counts registrations per Dhaka day by status, approved entrants per division, and payments', async () => {
    const pendingA = await registeredStudent(t, 'pending', 'junior');
    const pendingB = await registeredStudent(t, 'pending', 'senior');
    const rejected = await registeredStudent(t, 'rejected', 'senior');
    examinees = [];
    for (let i = 0; i < 5; i++) examinees.push(await registeredStudent(t, 'approved', 'junior'));
    // 20:00 UTC on 1 January is 02:00 on 2 January in Dhaka.
    await place(pendingA, { registeredAt: new Date('2025-01-01T20:00:00Z'), paymentMethod: 'bkash' });
    await place(pendingB, { registeredAt: new Date('2025-01-02T05:00:00Z'), division: 'Sylhet' });
    await place(rejected, { registeredAt: new Date('2025-01-01T05:00:00Z'), paymentMethod: 'bkash' });
    for (const [i, student] of examinees.entries()) {
      await place(student, {
        registeredAt: new Date(i < 2 ? '2025-01-01T10:00:00Z' : '2025-01-03T10:00:00Z'),
        division: i === 0 ? 'Rajshahi' : 'Dhaka',
        paymentMethod: i === 4 ? 'rocket' : 'nagad',
      });
    }
    // A statement matches pendingA's payment (bKash, 299 Taka from the fixture's sender).
    const [row] = await t.db
      .select()
      .from(registrations)
      .where(eq(registrations.id, pendingA.registrationId));
    const csv = `TrxID,Sender,Amount\n${row?.transactionId},01711111111,299\n`;
    const reconciled = await admin.request({
      method: 'POST',
      url: '/api/v1/admin/registrations/reconcile',
      ...multipart([{ name: 'statement.csv', data: Buffer.from(csv), type: 'text/csv' }]),
    });
    expect(reconciled.json().data.matched).toHaveLength(1);

    const data = await stats();
    expect(data.registrations.per_day).toEqual([
      { date: '2025-01-01', pending: 0, approved: 2, rejected: 1 },
      { date: '2025-01-02', pending: 2, approved: 0, rejected: 0 },
      { date: '2025-01-03', pending: 0, approved: 3, rejected: 0 },
    ]);
    expect(data.registrations.approved_by_division).toEqual({ Dhaka: 4, Rajshahi: 1 });
    expect(data.registrations.by_division).toEqual({ Dhaka: 6, Rajshahi: 1, Sylhet: 1 });
    // Expected: the fee for every pending or approved registration (not the rejected one).
    expect(data.payments).toEqual({
      fee_bdt: 299,
      registrations: 7,
      expected_bdt: 7 * 299,
      matched: 1,
      matched_bdt: 299,
      by_method: [
        { method: 'bkash', registrations: 1, expected_bdt: 299, matched: 1, matched_bdt: 299 },
        { method: 'nagad', registrations: 5, expected_bdt: 5 * 299, matched: 0, matched_bdt: 0 },
        { method: 'rocket', registrations: 1, expected_bdt: 299, matched: 0, matched_bdt: 0 },
      ],
    });
    // No exam has started: no window, no timeline; no one has a total yet.
    expect(data.exam).toMatchObject({ window: null, timeline: [] });
    expect(data.scores.junior).toMatchObject({ participants: 0, totals: [], cutoffs: { gold: null } });
    // The fields the dashboard had before stay.
    expect(data.registrations.by_status).toEqual({ pending: 2, approved: 5, rejected: 1 });
    expect(data.exam).toMatchObject({ answered: 0, submitted: 0, active_last_minute: 0 });
  });

  it('draws the open window in two-minute buckets of photos committed and exams submitted', async () => {
    clock.set(at(3));
    const questions = (await examinees[0]?.browser.get('/api/v1/ngso-1/questions?category=junior'))?.json()
      .data as Array<{ id: string }>;
    const first = questions[0]?.id as string;
    await commitPhoto(examinees[0] as Student, first);
    await commitPhoto(examinees[1] as Student, first);
    clock.set(at(5));
    await commitPhoto(examinees[2] as Student, first);
    for (const student of examinees.slice(2)) {
      expect((await student.browser.post('/api/v1/ngso-1/exam/submit', {})).statusCode).toBe(200);
    }
    clock.set(at(10));
    const data = await stats();
    // Every category starts at the same time: one window.
    expect(data.exam.window).toEqual({
      categories: expect.arrayContaining(['junior', 'senior', 'secondary']),
      starts_at: '2025-01-14T17:00:00+06:00',
      ends_at: '2025-01-14T18:00:00+06:00',
      open: true,
    });
    expect(data.exam.window.categories).toHaveLength(3);
    expect(data.exam.bucket_minutes).toBe(2);
    expect(data.exam.timeline).toEqual([
      { at: '2025-01-14T17:00:00+06:00', photos: 0, submissions: 0 },
      { at: '2025-01-14T17:02:00+06:00', photos: 2, submissions: 0 },
      { at: '2025-01-14T17:04:00+06:00', photos: 1, submissions: 3 },
      { at: '2025-01-14T17:06:00+06:00', photos: 0, submissions: 0 },
      { at: '2025-01-14T17:08:00+06:00', photos: 0, submissions: 0 },
    ]);
    expect(data.exam).toMatchObject({ answered: 3, submitted: 3 });
  });

  it('gives each category its totals and the award cut-offs of the standings', async () => {
    clock.set(AFTER);
    const data0 = await stats();
    // After the end, the window is the last one, closed, drawn to its end (30 buckets of two minutes).
    expect(data0.exam.window.open).toBe(false);
    expect(data0.exam.timeline).toHaveLength(30);
    const questions = (await admin.get('/api/v1/admin/questions?category=junior')).json().data as Array<{
      id: string;
      marks: number;
    }>;
    const totals = [10, 8, 8, 3, 0];
    for (const [i, student] of examinees.entries()) {
      const marked = await admin.put(`/api/v1/admin/submissions/${student.user.id}/marks`, {
        question_id: questions[0]?.id,
        marks: totals[i],
      });
      expect(marked.statusCode).toBe(200);
    }
    const competition = (await admin.get('/api/v1/admin/competitions')).json().data[0];
    const bands = { gold_up_to: 1, silver_up_to: 2, bronze_up_to: 3, prize_up_to: 4 };
    expect(
      (await admin.put('/api/v1/admin/competitions/ngso-1', { ...competition, award_bands: bands }))
        .statusCode,
    ).toBe(200);

    const data = await stats();
    expect(data.scores.junior).toEqual({
      max_marks: questions.reduce((sum, q) => sum + q.marks, 0),
      participants: 5,
      totals: [
        { total: 0, count: 1 },
        { total: 3, count: 1 },
        { total: 8, count: 2 },
        { total: 10, count: 1 },
      ],
      // Ranks 1, 2, 2, 4, 5: nobody is third, so no bronze; the fourth wins a prize.
      cutoffs: { gold: 10, silver: 8, bronze: null, prize: 3 },
    });
    expect(data.scores.senior).toMatchObject({ participants: 0, totals: [] });
    // The same awards as the standings.
    const standings = (await admin.get('/api/v1/admin/results/junior')).json().data.standings as Array<{
      total: number;
      award: string | null;
    }>;
    for (const award of ['gold', 'silver', 'prize'] as const) {
      const lowest = Math.min(...standings.filter((s) => s.award === award).map((s) => s.total));
      expect(data.scores.junior.cutoffs[award]).toBe(lowest);
    }
    expect(data.grading.junior).toEqual({ answers: 3, graded: 3 });
  });

  it('is for admins only, and answers an unknown competition with 404', async () => {
    const student = await registeredStudent(t, 'pending');
    expect((await student.browser.get('/api/v1/admin/stats')).statusCode).toBe(403);
    const unknown = await admin.get('/api/v1/admin/stats?competition=nope-9');
    expect(unknown.statusCode).toBe(404);
  });
});
