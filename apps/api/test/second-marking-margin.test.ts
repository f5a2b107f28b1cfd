import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../src/lib/clock.ts';
import { registeredStudent, signedInAdmin, signedInGrader } from './helpers/fixtures.ts';
import { type client, createTestApp } from './helpers/test-app.ts';

const DURING = '2025-01-14T11:10:00Z'; // the seeded exam is open
const AFTER = '2025-01-14T12:30:00Z'; // grading is open
const clock = fixedClock(DURING);
type Browser = ReturnType<typeof client>;
let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: Browser;
let firstGrader: Browser;
let secondGrader: Browser;
let questionId: string;
const students: string[] = [];
/** First marks of students 0-5: gold, silver, bronze and prize at 5, 4, 3 and 2; two with nothing. */
const FIRST_MARKS = [5, 4, 3, 2, 0, 0];

const claimSecond = async () => {
  const claimed = await secondGrader.post('/api/v1/admin/grading/second/claim', { question_id: questionId });
  expect(claimed.statusCode, claimed.body).toBe(200);
  return claimed.json().data as { due: number };
};

beforeAll(async () => {
  t = await createTestApp({ clock, startMailWorker: false });
  admin = await signedInAdmin(t);
  firstGrader = await signedInGrader(t, 'first.marker@example.com', clock.now());
  secondGrader = await signedInGrader(t, 'second.marker@example.com', clock.now());
  for (const [index] of FIRST_MARKS.entries()) {
    const s = await registeredStudent(t, 'approved', 'senior');
    const list = (await s.browser.get('/api/v1/ngso-1/questions?category=senior')).json().data as Array<{
      id: string;
    }>;
    questionId = list[0]?.id as string;
    const sha256 = createHash('sha256').update(`margin ${index}`).digest('hex');
    const saved = await s.browser.post('/api/v1/ngso-1/answers', {
      question_id: questionId,
      images: [{ sha256, size: 1000 }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    students.push(s.user.id as string);
  }
  clock.set(AFTER);
  for (const [index, userId] of students.entries()) {
    const saved = await firstGrader.put(`/api/v1/admin/submissions/${userId}/marks`, {
      question_id: questionId,
      marks: FIRST_MARKS[index],
    });
    expect(saved.statusCode, saved.body).toBe(200);
  }
  const competition = (await admin.get('/api/v1/admin/competitions')).json().data[0];
  const bands = { gold_up_to: 1, silver_up_to: 2, bronze_up_to: 3, prize_up_to: 4 };
  const changed = await admin.put('/api/v1/admin/competitions/ngso-1', {
    ...competition,
    award_bands: bands,
  });
  expect(changed.statusCode, changed.body).toBe(200);
});
afterAll(() => t.close());

describe('second marking near the cut-offs', () => {
  it('sees at the next claim a change of marks that moves a student into the margin', async () => {
    const set = await admin.put(`/api/v1/admin/questions/${questionId}/second-marking`, {
      sample_percent: 0,
      tolerance: 1,
      near_cutoff: 1,
    });
    expect(set.statusCode, set.body).toBe(200);
    // Within 1 of a cut-off (5, 4, 3, 2): the four award winners, not the two with 0.
    expect((await claimSecond()).due).toBe(4);
    expect((await claimSecond()).due).toBe(4);
    // The organiser overrides student 4's first mark to 1: within 1 of the prize's cut-off (2).
    const overridden = await admin.put(`/api/v1/admin/submissions/${students[4]}/marks`, {
      question_id: questionId,
      marks: 1,
    });
    expect(overridden.statusCode, overridden.body).toBe(200);
    expect((await claimSecond()).due).toBe(5);
  });
});
