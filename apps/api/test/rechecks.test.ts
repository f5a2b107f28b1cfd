import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../src/lib/clock.ts';
import { listMails } from '../src/mail/outbox.repo.ts';
import { registeredStudent, signedInAdmin, signedInGrader } from './helpers/fixtures.ts';
import { waitForMedia } from './helpers/media.ts';
import { multipart } from './helpers/multipart.ts';
import { type client, createTestApp } from './helpers/test-app.ts';

const DURING = '2025-01-14T11:10:00Z'; // the seeded exam is open
const AFTER = '2025-01-14T12:30:00Z'; // the exam and its grace have ended: grading is open
/** Within the staff's 12-hour sessions of the morning. */
const PUBLISHED_AT = '2025-01-14T13:00:00Z';
const clock = fixedClock(DURING);
let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: ReturnType<typeof client>;
let grader: ReturnType<typeof client>;
let secondGrader: ReturnType<typeof client>;
let photo: Buffer;

type Candidate = Awaited<ReturnType<typeof registeredStudent>> & { questions: Array<{ id: string }> };

beforeAll(async () => {
  t = await createTestApp({ clock, startMailWorker: false });
  admin = await signedInAdmin(t);
  grader = await signedInGrader(t, 'first.grader@example.com', clock.now());
  secondGrader = await signedInGrader(t, 'second.grader@example.com', clock.now());
  photo = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#abc' } })
    .jpeg()
    .toBuffer();
});
afterAll(() => t.close());

/** An approved junior who answers the given questions (by position) with one photo each. */
async function candidate(answerPositions: number[]): Promise<Candidate> {
  clock.set(DURING);
  const s = await registeredStudent(t, 'approved', 'junior');
  const questions = (await s.browser.get('/api/v1/ngso-1/questions?category=junior')).json().data;
  for (const position of answerPositions) {
    const body = multipart([{ name: 'a.jpg', data: photo }]);
    const { url } = (await s.browser.request({ method: 'POST', url: '/api/v1/upload', ...body })).json();
    // The grader's view links a photo once its image job has made it; on a busy machine that takes a while.
    await waitForMedia(t.db, url);
    const saved = await s.browser.post('/api/v1/ngso-1/answers', {
      question_id: questions[position - 1]?.id,
      image_urls: [url],
    });
    expect(saved.statusCode).toBe(200);
  }
  return { ...s, questions };
}

const userIdOf = async (who: ReturnType<typeof client>) => (await who.get('/api/v1/user')).json().user.id;
const nameOf = async (who: ReturnType<typeof client>) => (await who.get('/api/v1/user')).json().user.name;

let first: Candidate;
let second: Candidate;

describe('re-checks after results', () => {
  it('opens only with the published result, and takes answered questions of the student, each once, up to the number set', async () => {
    first = await candidate([1, 2]);
    second = await candidate([1]);
    const [q1, q2, q3] = first.questions;
    clock.set(AFTER);
    const mark = (userId: string, questionId: string | undefined, marks: number) =>
      grader.put(`/api/v1/admin/submissions/${userId}/marks`, { question_id: questionId, marks });
    expect((await mark(first.user.id, q1?.id, 3)).statusCode).toBe(200);
    expect((await mark(first.user.id, q2?.id, 5)).statusCode).toBe(200);
    expect((await mark(second.user.id, q1?.id, 9)).statusCode).toBe(200);

    const ask = (
      who: Candidate,
      questionIds: Array<string | undefined>,
      reason = 'আমার উত্তরের চিত্রটি ঠিক ছিল।',
    ) => who.browser.post('/api/v1/ngso-1/rechecks', { question_ids: questionIds, reason });

    const before = (await first.browser.get('/api/v1/ngso-1/rechecks')).json().data;
    expect(before).toEqual({ open: false, closes_at: null, max_questions: 2, fee_bdt: 0, requests: [] });
    const tooEarly = await ask(first, [q1?.id]);
    expect(tooEarly.statusCode).toBe(409);
    expect(tooEarly.json().message).toBe('Re-checks are not open for your result now.');

    clock.set(PUBLISHED_AT);
    expect((await admin.post('/api/v1/admin/results/junior/publish', {})).statusCode).toBe(200);
    expect((await first.browser.get('/api/v1/ngso-1/result')).json().data).toMatchObject({
      total: 8,
      rank: 2,
    });

    const asked = await ask(first, [q1?.id]);
    expect(asked.statusCode).toBe(201);
    expect(asked.json().message).toBe('Your re-check request is received. We will e-mail you the outcome.');
    expect(asked.json().data).toMatchObject({
      open: true,
      closes_at: '2025-01-21T19:00:00+06:00',
      requests: [
        {
          question_id: q1?.id,
          question_position: 1,
          reason: 'আমার উত্তরের চিত্রটি ঠিক ছিল।',
          status: 'requested',
          marks_before: 3,
          outcome: null,
        },
      ],
    });

    const again = await ask(first, [q1?.id]);
    expect([again.statusCode, again.json().message]).toEqual([
      409,
      'You have already asked for a re-check of this question.',
    ]);
    const unanswered = await ask(first, [q3?.id]);
    expect([unanswered.statusCode, unanswered.json().message]).toEqual([
      409,
      'You did not answer this question, so there is nothing to re-check.',
    ]);
    const tooMany = await ask(first, [q2?.id, q3?.id]);
    expect([tooMany.statusCode, tooMany.json().message]).toEqual([
      409,
      'You can ask for re-checks of at most 2 questions.',
    ]);
    const noReason = await first.browser.post('/api/v1/ngso-1/rechecks', {
      question_ids: [q2?.id],
      reason: '',
    });
    expect(noReason.statusCode).toBe(422);
    const foreign = await ask(first, ['00000000-0000-4000-8000-000000000000']);
    expect([foreign.statusCode, foreign.json().message]).toEqual([
      422,
      'This question is not one of your exam.',
    ]);

    // Each student sees their own requests only.
    expect((await second.browser.get('/api/v1/ngso-1/rechecks')).json().data.requests).toEqual([]);
    const pending = await registeredStudent(t, 'pending', 'junior');
    expect((await pending.browser.get('/api/v1/ngso-1/rechecks')).statusCode).toBe(403);
  });

  it('goes to a second grader, blind to the first mark, whose changed mark moves the total and rank, and is mailed', async () => {
    const [q1] = first.questions;
    const queue = (await admin.get('/api/v1/admin/rechecks')).json().data;
    expect(queue).toHaveLength(1);
    const recheck = queue[0];
    expect(recheck).toMatchObject({
      roll_number: expect.any(String),
      category: 'junior',
      question_position: 1,
      status: 'requested',
      marks_before: 3,
      first_grader: await nameOf(grader),
      grader: null,
    });

    const staff = (await admin.get('/api/v1/admin/rechecks/graders')).json().data;
    expect(staff.map((user: { role: string }) => user.role).sort()).toEqual(['admin', 'grader', 'grader']);
    expect((await grader.get('/api/v1/admin/rechecks/graders')).statusCode).toBe(403);

    const toFirst = await admin.post(`/api/v1/admin/rechecks/${recheck.id}/assign`, {
      grader_id: await userIdOf(grader),
    });
    expect([toFirst.statusCode, toFirst.json().message]).toEqual([
      409,
      'Choose a grader other than the one who marked this answer.',
    ]);
    const toStudent = await admin.post(`/api/v1/admin/rechecks/${recheck.id}/assign`, {
      grader_id: second.user.id,
    });
    expect([toStudent.statusCode, toStudent.json().message]).toEqual([422, 'Choose a grader or an admin.']);
    const assigned = await admin.post(`/api/v1/admin/rechecks/${recheck.id}/assign`, {
      grader_id: await userIdOf(secondGrader),
    });
    expect(assigned.statusCode).toBe(200);
    expect(assigned.json().data).toMatchObject({ status: 'assigned', grader: await nameOf(secondGrader) });

    expect((await grader.get('/api/v1/admin/rechecks/assigned')).json().data).toEqual([]);
    const todo = (await secondGrader.get('/api/v1/admin/rechecks/assigned')).json().data;
    expect(todo).toHaveLength(1);
    expect(Object.keys(todo[0]).sort()).toEqual([
      'category',
      'id',
      'image_urls',
      'question_bangla',
      'question_bangla_html',
      'question_english',
      'question_english_html',
      'question_images',
      'question_marks',
      'question_position',
      'reason',
    ]);
    expect(todo[0].image_urls).toHaveLength(1);
    const image = await secondGrader.get(todo[0].image_urls[0]);
    expect([image.statusCode, image.headers['content-type']]).toEqual([200, 'image/jpeg']);

    const decide = (
      who: ReturnType<typeof client>,
      marks: number,
      note = 'The diagram and the units are right.',
    ) => who.post(`/api/v1/admin/rechecks/${recheck.id}/decision`, { marks, note });
    const notYours = await decide(grader, 9);
    expect([notYours.statusCode, notYours.json().message]).toEqual([
      403,
      'This re-check is assigned to another grader.',
    ]);
    expect((await decide(secondGrader, 11)).statusCode).toBe(422);
    const decided = await decide(secondGrader, 9);
    expect(decided.statusCode).toBe(200);
    expect(decided.json().data).toMatchObject({
      status: 'decided',
      outcome: 'changed',
      marks_before: 3,
      marks_after: 9,
    });
    const twice = await decide(secondGrader, 3);
    expect([twice.statusCode, twice.json().message]).toEqual([409, 'This re-check is already decided.']);

    // The result moves at once: 9 + 5 = 14 passes the other finalist's 9.
    expect((await first.browser.get('/api/v1/ngso-1/result')).json().data).toMatchObject({
      total: 14,
      rank: 1,
      award: 'gold',
    });
    expect((await second.browser.get('/api/v1/ngso-1/result')).json().data).toMatchObject({ rank: 2 });
    expect((await first.browser.get('/api/v1/ngso-1/rechecks')).json().data.requests[0]).toMatchObject({
      status: 'decided',
      outcome: 'changed',
      marks_after: 9,
      outcome_note: 'The diagram and the units are right.',
    });
    const mail = (await listMails(t.db)).find(
      (row) => row.to === first.user.email && row.subject === 'The re-check of question 1',
    );
    expect(mail?.text).toContain('Your mark changed from 3 to 9.');
    expect(mail?.text).toContain("The grader's note: The diagram and the units are right.");

    const actions = (await admin.get('/api/v1/admin/audit?per_page=200'))
      .json()
      .data.map((entry: { action: string }) => entry.action);
    for (const action of ['recheck.request', 'recheck.assign', 'recheck.decide'])
      expect(actions).toContain(action);
    const audit = (await admin.get('/api/v1/admin/audit?action=recheck.decide')).json().data[0];
    expect(audit).toMatchObject({ target_id: `${first.user.id}/${q1?.id}`, before: { marks: 3 } });
  });

  it('closes after the window the organisers set, and asks for the fee when there is one', async () => {
    const settings = (await admin.get('/api/v1/admin/rechecks/settings')).json().data;
    expect(settings).toEqual({ window_days: 7, max_questions: 2, fee_bdt: 0 });
    expect((await grader.put('/api/v1/admin/rechecks/settings', settings)).statusCode).toBe(403);
    const invalid = await admin.put('/api/v1/admin/rechecks/settings', { ...settings, window_days: 100 });
    expect(invalid.statusCode).toBe(422);
    const changed = await admin.put('/api/v1/admin/rechecks/settings', {
      window_days: 3,
      max_questions: 2,
      fee_bdt: 50,
    });
    expect(changed.statusCode).toBe(200);

    const [, q2] = first.questions;
    const unpaid = await first.browser.post('/api/v1/ngso-1/rechecks', {
      question_ids: [q2?.id],
      reason: 'Please look again.',
    });
    expect(unpaid.statusCode).toBe(422);
    expect(unpaid.json().errors.fee_transaction_id).toEqual([
      'Enter the transaction ID of the 50 Taka re-check fee.',
    ]);

    clock.set('2025-01-17T13:00:01Z'); // three days and a second after publication
    const late = await first.browser.post('/api/v1/ngso-1/rechecks', {
      question_ids: [q2?.id],
      reason: 'Please look again.',
      fee_transaction_id: 'BK12345',
    });
    expect([late.statusCode, late.json().message]).toEqual([
      409,
      'Re-checks are not open for your result now.',
    ]);
    expect((await first.browser.get('/api/v1/ngso-1/rechecks')).json().data).toMatchObject({
      open: false,
      closes_at: '2025-01-17T19:00:00+06:00',
      fee_bdt: 50,
    });
  });
});
