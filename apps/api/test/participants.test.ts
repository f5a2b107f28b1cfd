import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../src/lib/clock.ts';
import { registeredStudent, signedInAdmin } from './helpers/fixtures.ts';
import { type client, createTestApp } from './helpers/test-app.ts';

// The seeded exam of every category: 2025-01-14, 11:00 to 12:00 UTC (17:00 to 18:00 in Dhaka).
const DURING = '2025-01-14T11:10:00Z';
const AFTER = '2025-01-14T12:30:00Z';
const clock = fixedClock(DURING);

let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: ReturnType<typeof client>;
type Student = Awaited<ReturnType<typeof registeredStudent>>;

beforeAll(async () => {
  t = await createTestApp({ clock, startMailWorker: false });
  admin = await signedInAdmin(t);
});
afterAll(() => t.close());

/** A photo named by the answer only: its bytes never arrive (it stays pending). */
const pendingPhoto = (label: string) => ({
  sha256: createHash('sha256').update(label).digest('hex'),
  size: 1000,
});

const answer = async (
  student: Student,
  questionId: string,
  images: Array<{ sha256: string; size: number }>,
) => {
  const saved = await student.browser.post('/api/v1/ngso-1/answers', { question_id: questionId, images });
  expect(saved.statusCode, saved.body).toBe(200);
};

describe('who is a participant', () => {
  it('is the same for the standings and the dashboard, at the edges of the rule', async () => {
    const junior = async () => registeredStudent(t, 'approved', 'junior');
    const [questionId] = (
      (await admin.get('/api/v1/admin/questions?category=junior')).json().data as Array<{ id: string }>
    ).map((q) => q.id);
    if (!questionId) throw new Error('the seeded junior exam has questions');

    // In: a submission with nothing answered; an answer whose only photo is still on its way.
    const submittedEmpty = await junior();
    expect((await submittedEmpty.browser.post('/api/v1/ngso-1/exam/submit', {})).statusCode).toBe(200);
    const photoPending = await junior();
    await answer(photoPending, questionId, [pendingPhoto('pending')]);
    // Out: an attempt with extra minutes and no answer; an answer whose photos were all taken out; no
    // activity at all; a pending registration that submitted; an approved senior (another category).
    const attemptOnly = await junior();
    const extended = await admin.post('/api/v1/admin/exams/junior/extensions', {
      user_id: attemptOnly.user.id,
      minutes: 10,
    });
    expect(extended.statusCode, extended.body).toBe(200);
    const emptied = await junior();
    await answer(emptied, questionId, [pendingPhoto('taken out')]);
    await answer(emptied, questionId, []);
    await junior();
    const pending = await registeredStudent(t, 'pending', 'junior');
    await pending.browser.post('/api/v1/ngso-1/exam/submit', {});
    const senior = await registeredStudent(t, 'approved', 'senior');
    expect((await senior.browser.post('/api/v1/ngso-1/exam/submit', {})).statusCode).toBe(200);

    clock.set(AFTER);
    const standings = (await admin.get('/api/v1/admin/results/junior')).json().data.standings as Array<{
      user_id: string;
    }>;
    expect(standings.map((s) => s.user_id).sort()).toEqual(
      [submittedEmpty.user.id, photoPending.user.id].sort(),
    );
    const stats = (await admin.get('/api/v1/admin/stats')).json().data;
    expect(stats.scores.junior.participants).toBe(standings.length);
    expect(stats.scores.junior.totals).toEqual([{ total: 0, count: 2 }]);
  });
});
