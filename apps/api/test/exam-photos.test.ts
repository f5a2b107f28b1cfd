import { createHash, randomBytes } from 'node:crypto';
import { UPLOAD_QUOTA_FILES } from '@ngso/shared/constants';
import { MAX_IMAGES_PER_ANSWER } from '@ngso/shared/schemas/exam';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerPhotos, auditLog, exams, media, resultPublications, users } from '../src/db/schema.ts';
import { fixedClock } from '../src/lib/clock.ts';
import { recordDeliveries } from '../src/modules/exam/answer-photos.repo.ts';
import { type AnswerSaveInput, saveAnswers } from '../src/modules/exam/exam.repo.ts';
import { forgetExamDefinition } from '../src/modules/exam/exam-cache.ts';
import type { NewMediaRow } from '../src/modules/media/media.repo.ts';
import { registeredStudent, signedInAdmin } from './helpers/fixtures.ts';
import { client, createTestApp } from './helpers/test-app.ts';

// Commit before the deadline, deliver after (docs/decisions/016-exam-photo-commitments.md).
// The seeded junior exam: 2025-01-14 11:00 to 12:00 UTC; grace 60 s; delivery until 13:00 UTC.
const START = '2025-01-14T11:00:00Z';
const END = '2025-01-14T12:00:00Z';
const clock = fixedClock('2025-01-14T10:00:00Z');
let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: ReturnType<typeof client>;
let made = 0;

beforeAll(async () => {
  t = await createTestApp({ clock });
  admin = await signedInAdmin(t);
});
afterAll(() => t.close());

const at = (iso: string) => clock.set(iso);
const later = (iso: string, seconds: number) => new Date(Date.parse(iso) + seconds * 1000).toISOString();

/** A photo as the page sends it: the bytes, and the commitment (hash and size) that names them. */
async function newPhoto() {
  made += 1;
  const bytes = await sharp({
    create: { width: 320, height: 240, channels: 3, background: { r: (made * 53) % 256, g: 90, b: 40 } },
  })
    .jpeg()
    .toBuffer();
  return { bytes, sha256: createHash('sha256').update(bytes).digest('hex'), size: bytes.length };
}

type Photo = Awaited<ReturnType<typeof newPhoto>>;
const commitment = (photo: Photo) => ({ sha256: photo.sha256, size: photo.size });

const deliver = (browser: ReturnType<typeof client>, sha256: string, bytes: Buffer) =>
  browser.request({
    method: 'PUT',
    url: `/api/v1/ngso-1/answer-photos/${sha256}`,
    payload: bytes,
    headers: { 'content-type': 'image/jpeg' },
  });

async function studentInExam() {
  const student = await registeredStudent(t, 'approved');
  at(later(START, 300));
  const questions = (await student.browser.get('/api/v1/ngso-1/questions?category=junior')).json().data;
  return { ...student, questionIds: (questions as Array<{ id: string }>).map((q) => q.id) };
}

const commit = (browser: ReturnType<typeof client>, questionId: string, photos: Photo[], version?: number) =>
  browser.post('/api/v1/ngso-1/answers', {
    question_id: questionId,
    images: photos.map(commitment),
    ...(version === undefined ? {} : { version }),
  });

describe('committing photos, then delivering their bytes', () => {
  it('records a commitment at once, and stores the bytes that match it later, even after the end', async () => {
    const { browser, questionIds } = await studentInExam();
    const [a, b] = [await newPhoto(), await newPhoto()];
    const committed = await commit(browser, questionIds[0] as string, [a, b]);
    expect(committed.statusCode).toBe(200);
    expect(committed.json().data).toMatchObject({
      image_urls: [],
      images: [
        { sha256: a.sha256, size: a.size, url: null, status: 'pending' },
        { sha256: b.sha256, size: b.size, url: null, status: 'pending' },
      ],
      version: 1,
    });

    at(later(END, 30 * 60)); // half an hour after the end: the exam is over, delivery goes on
    const delivered = await deliver(browser, a.sha256, a.bytes);
    expect(delivered.statusCode).toBe(200);
    expect(delivered.json().data).toMatchObject({ sha256: a.sha256, status: 'stored', late: false });
    const url = delivered.json().data.url as string;
    expect(url).toMatch(/^\/api\/v1\/media\/[0-9a-f-]{36}$/);

    const answers = (await browser.get('/api/v1/ngso-1/answers')).json().data;
    expect(answers.data[0]).toMatchObject({
      image_urls: [url],
      images: [
        { sha256: a.sha256, status: 'stored', url },
        { sha256: b.sha256, status: 'pending', url: null },
      ],
    });
  });

  it('refuses bytes that do not match the hash, or the committed size, and keeps the commitment', async () => {
    const { browser, questionIds } = await studentInExam();
    const [a, other] = [await newPhoto(), await newPhoto()];
    await commit(browser, questionIds[0] as string, [a]);
    const wrong = await deliver(browser, a.sha256, other.bytes);
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().message).toBe(
      "The photo's bytes do not match the photo recorded in your answer. Please send it again.",
    );
    const longer = await deliver(browser, a.sha256, Buffer.concat([a.bytes, Buffer.from('extra')]));
    expect(longer.statusCode).toBe(422);
    const right = await deliver(browser, a.sha256, a.bytes);
    expect(right.statusCode).toBe(200);
  });

  it('answers bytes sent as JSON, text or a form with 415 and a clear message, and takes them as an image', async () => {
    const { browser, questionIds } = await studentInExam();
    const a = await newPhoto();
    await commit(browser, questionIds[0] as string, [a]);
    const url = `/api/v1/ngso-1/answer-photos/${a.sha256}`;
    for (const [type, payload] of [
      ['application/json', '{"bytes":"not an image"}'],
      ['text/plain', 'not an image'],
      ['application/x-www-form-urlencoded', 'bytes=not-an-image'],
    ] as const) {
      const refused = await browser.request({
        method: 'PUT',
        url,
        payload,
        headers: { 'content-type': type },
      });
      expect(refused.statusCode, type).toBe(415);
      expect(refused.json()).toMatchObject({
        status: 'error',
        message: 'This kind of content is not accepted here.',
      });
    }
    const untyped = await browser.request({
      method: 'PUT',
      url,
      payload: a.bytes,
      headers: { 'content-type': 'application/octet-stream' },
    });
    expect(untyped.statusCode).toBe(200);
    expect(untyped.json().data).toMatchObject({ sha256: a.sha256, status: 'stored' });
  });

  it("refuses bytes for another student's commitment, and bytes nobody committed", async () => {
    const owner = await studentInExam();
    const thief = await studentInExam();
    const a = await newPhoto();
    await commit(owner.browser, owner.questionIds[0] as string, [a]);
    const foreign = await deliver(thief.browser, a.sha256, a.bytes);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(
      'This photo was not recorded in your answers, so it cannot be accepted.',
    );
    const stray = await newPhoto();
    expect((await deliver(owner.browser, stray.sha256, stray.bytes)).statusCode).toBe(404);
  });

  it('refuses bytes after the delivery deadline', async () => {
    const { browser, questionIds } = await studentInExam();
    const a = await newPhoto();
    await commit(browser, questionIds[0] as string, [a]);
    at(later(END, 60 * 60)); // EXAM_DELIVERY_MINUTES (60) after the end
    const late = await deliver(browser, a.sha256, a.bytes);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('Photos for this exam can no longer be sent.');
  });

  it('refuses a commitment after the grace, accepts one inside it', async () => {
    const { browser, questionIds } = await studentInExam();
    at(later(END, 59));
    expect((await commit(browser, questionIds[0] as string, [await newPhoto()])).statusCode).toBe(200);
    at(later(END, 60));
    const after = await commit(browser, questionIds[1] as string, [await newPhoto()]);
    expect(after.statusCode).toBe(409);
    expect(after.json().message).toBe('The exam has ended, so answers can no longer be saved.');
  });

  it('records nothing of a stale save: its photos are not committed and the answer stays as it was', async () => {
    const { browser, questionIds } = await studentInExam();
    const question = questionIds[0] as string;
    const [a, b] = [await newPhoto(), await newPhoto()];
    expect((await commit(browser, question, [a], 0)).json().data.version).toBe(1);
    // Sent again after a lost reply: the same answer, at the same version.
    const again = await commit(browser, question, [a], 0);
    expect(again.statusCode).toBe(409);
    const resent = await commit(browser, question, [a], 1);
    expect(resent.statusCode).toBe(200);
    expect(resent.json().data.version).toBe(1);
    // Another tab saved version 2 in between: a save of version 1 with a new photo is refused.
    expect((await commit(browser, question, [a, b])).json().data.version).toBe(2);
    const c = await newPhoto();
    const stale = await commit(browser, question, [a, c], 1);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(
      'This answer was changed in another tab or device. It has been reloaded; please try again.',
    );
    expect((await deliver(browser, c.sha256, c.bytes)).statusCode).toBe(404);
    const answers = (await browser.get('/api/v1/ngso-1/answers')).json().data;
    expect(answers.data[0]).toMatchObject({
      version: 2,
      images: [{ sha256: a.sha256 }, { sha256: b.sha256 }],
    });
    // A version that never existed is stale too, and writes nothing.
    expect((await commit(browser, questionIds[1] as string, [c], 3)).statusCode).toBe(409);
    expect((await browser.get('/api/v1/ngso-1/answers')).json().data.data).toHaveLength(1);
  });

  it('takes the same photo twice without a second file (idempotent)', async () => {
    const { browser, questionIds } = await studentInExam();
    const a = await newPhoto();
    await commit(browser, questionIds[0] as string, [a]);
    const [first, second] = await Promise.all([
      deliver(browser, a.sha256, a.bytes),
      deliver(browser, a.sha256, a.bytes),
    ]);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.json().data.url).toBe(first.json().data.url);
    const third = await deliver(browser, a.sha256, a.bytes);
    expect(third.json().data.url).toBe(first.json().data.url);
    expect((await commit(browser, questionIds[0] as string, [a], 1)).json().data.version).toBe(1);
  });

  it('goes on delivering after submission, and stops once results are published', async () => {
    const { browser, questionIds } = await studentInExam();
    const [a, b] = [await newPhoto(), await newPhoto()];
    await commit(browser, questionIds[0] as string, [a, b]);
    expect((await browser.post('/api/v1/ngso-1/exam/submit')).statusCode).toBe(200);
    expect((await deliver(browser, a.sha256, a.bytes)).statusCode).toBe(200);

    at(later(END, 120));
    const warned = await admin.post('/api/v1/admin/results/junior/publish', {});
    expect(warned.statusCode).toBe(409);
    expect(warned.json().message).toMatch(/^Answers not graded yet|^Photos still arriving: \d+/);
    const published = await admin.post('/api/v1/admin/results/junior/publish', { override: true });
    expect(published.statusCode).toBe(200);
    const closed = await deliver(browser, b.sha256, b.bytes);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toBe('Photos for this exam can no longer be sent.');
    // The next tests need the category open again (there is no way back from publishing but the database).
    const [row] = await t.db.delete(resultPublications).returning();
    forgetExamDefinition(t.db, row?.competitionId ?? '', 'junior');
  });

  it('is only for an approved entrant of the competition, signed in', async () => {
    const pending = await registeredStudent(t, 'pending');
    const a = await newPhoto();
    at(later(START, 300));
    expect((await deliver(pending.browser, a.sha256, a.bytes)).statusCode).toBe(403);
    expect((await deliver(client(t.app), a.sha256, a.bytes)).statusCode).toBe(401);
    const bad = await deliver(pending.browser, 'not-a-hash', a.bytes);
    expect([400, 422]).toContain(bad.statusCode);
  });
});

describe('late photos', () => {
  it('keeps a photo sent after the grace, marked late with the phone clock, and lets an organiser decide', async () => {
    const { browser, user, questionIds } = await studentInExam();
    const [q1] = questionIds as [string];
    const [kept, refused] = [await newPhoto(), await newPhoto()];
    const input = (photo: Photo) => ({
      question_id: q1,
      ...commitment(photo),
      taken_at: '2025-01-14T17:59:10+06:00',
    });

    at(later(END, 30));
    const early = await browser.post('/api/v1/ngso-1/late-photos', input(kept));
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('The exam is still open: add this photo to your answer instead.');

    at(later(END, 600));
    for (const photo of [kept, refused]) {
      const sent = await browser.post('/api/v1/ngso-1/late-photos', input(photo));
      expect(sent.statusCode).toBe(200);
      expect(sent.json().data).toMatchObject({
        sha256: photo.sha256,
        status: 'pending',
        decision: 'pending',
        taken_at: '2025-01-14T17:59:10+06:00',
        received_at: '2025-01-14T18:10:00+06:00',
      });
      const delivered = await deliver(browser, photo.sha256, photo.bytes);
      expect(delivered.json().data).toMatchObject({ status: 'stored', late: true });
    }
    const answers = (await browser.get('/api/v1/ngso-1/answers')).json().data;
    expect(answers.data).toEqual([]); // never counted by itself
    expect(answers.late_photos).toHaveLength(2);

    const listed = (await admin.get('/api/v1/admin/late-photos/junior')).json().data;
    const mine = listed.filter((photo: { user_id: string }) => photo.user_id === user.id);
    expect(mine).toHaveLength(2);
    expect(mine[0]).toMatchObject({ decision: 'pending', ends_at: '2025-01-14T18:00:00+06:00' });

    const accepted = await admin.post('/api/v1/admin/late-photos/decision', {
      user_id: user.id,
      sha256: kept.sha256,
      decision: 'accepted',
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().data.decision).toBe('accepted');
    const rejected = await admin.post('/api/v1/admin/late-photos/decision', {
      user_id: user.id,
      sha256: refused.sha256,
      decision: 'rejected',
    });
    expect(rejected.json().data.decision).toBe('rejected');

    const after = (await browser.get('/api/v1/ngso-1/answers')).json().data;
    expect(after.data[0].images.map((image: { sha256: string }) => image.sha256)).toEqual([kept.sha256]);
    expect(after.late_photos.map((photo: { decision: string }) => photo.decision).sort()).toEqual([
      'accepted',
      'rejected',
    ]);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.targetType, 'answer_photo'));
    expect(audit.map((entry) => entry.action).sort()).toEqual(['latePhoto.accept', 'latePhoto.reject']);

    const submissions = (await admin.get('/api/v1/admin/submissions?category=junior')).json().data;
    const sheet = submissions.find((s: { user_id: string }) => s.user_id === user.id);
    expect(sheet.answers[0].images).toEqual([expect.objectContaining({ sha256: kept.sha256, late: true })]);
  });

  it("caps late photos per question at an answer's photo limit, counts them in the upload quota, and pages the console's list", async () => {
    const { browser, user, questionIds } = await studentInExam();
    const [q1, q2, q3] = questionIds as [string, string, string];
    at(later(END, 900));
    const madeUp = (questionId: string) => ({
      question_id: questionId,
      sha256: createHash('sha256').update(randomBytes(16)).digest('hex'),
      size: 200_000,
      taken_at: '2025-01-14T17:59:10+06:00',
    });
    const sent: string[] = [];
    for (let i = 0; i < MAX_IMAGES_PER_ANSWER; i++) {
      const photo = madeUp(q1);
      expect((await browser.post('/api/v1/ngso-1/late-photos', photo)).statusCode).toBe(200);
      sent.push(photo.sha256);
    }
    const over = await browser.post('/api/v1/ngso-1/late-photos', madeUp(q1));
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe(
      'You have sent as many late photos for this question as an answer can hold. The organisers will decide on those.',
    );
    // The same photo again is the one already kept; another question has its own limit.
    const again = await browser.post('/api/v1/ngso-1/late-photos', { ...madeUp(q1), sha256: sent[0] });
    expect(again.statusCode).toBe(200);
    expect((await browser.post('/api/v1/ngso-1/late-photos', madeUp(q2))).statusCode).toBe(200);

    // Photos whose bytes have not come count in the upload quota, as files of their sizes.
    await t.db
      .update(users)
      .set({ mediaFiles: UPLOAD_QUOTA_FILES - MAX_IMAGES_PER_ANSWER - 1 })
      .where(eq(users.id, user.id));
    const full = await browser.post('/api/v1/ngso-1/late-photos', madeUp(q3));
    expect(full.statusCode).toBe(403);
    expect(full.json().message).toBe(
      'You have reached the upload limit for your account. Remove some images and try again.',
    );
    await t.db.update(users).set({ mediaFiles: 0 }).where(eq(users.id, user.id));

    // The console reads them a page at a time, with the counts of them all.
    const first = (await admin.get('/api/v1/admin/late-photos/junior?per_page=4')).json();
    expect(first.data).toHaveLength(4);
    const { total, pending } = first.meta;
    expect(first.meta).toMatchObject({ page: 1, per_page: 4 });
    expect(total).toBeGreaterThanOrEqual(MAX_IMAGES_PER_ANSWER + 1);
    expect(pending).toBeGreaterThanOrEqual(MAX_IMAGES_PER_ANSWER + 1);
    const keys: string[] = [];
    for (let page = 1; page <= Math.ceil(total / 4); page++) {
      const listed = (await admin.get(`/api/v1/admin/late-photos/junior?per_page=4&page=${page}`)).json();
      expect(listed.data.length).toBeLessThanOrEqual(4);
      keys.push(
        ...listed.data.map(
          (photo: { user_id: string; sha256: string }) => `${photo.user_id}/${photo.sha256}`,
        ),
      );
    }
    expect(new Set(keys).size).toBe(total);
    for (const sha256 of sent) expect(keys).toContain(`${user.id}/${sha256}`);
    expect((await admin.get('/api/v1/admin/late-photos/junior?per_page=101')).statusCode).toBe(422);
    // Undecided, they would hold back the category's results for the tests after this one.
    await t.db.delete(answerPhotos).where(eq(answerPhotos.userId, user.id));
  });

  it('lists none for a category without an exam', async () => {
    await t.db.delete(exams).where(eq(exams.category, 'secondary'));
    const listed = await admin.get('/api/v1/admin/late-photos/secondary');
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data).toEqual([]);
  });

  it('is for organisers only', async () => {
    const { browser } = await studentInExam();
    expect((await browser.get('/api/v1/admin/late-photos/junior')).statusCode).toBe(403);
    const decided = await browser.post('/api/v1/admin/late-photos/decision', {
      user_id: '00000000-0000-0000-0000-000000000000',
      sha256: 'a'.repeat(64),
      decision: 'accepted',
    });
    expect(decided.statusCode).toBe(403);
    const unknown = await admin.post('/api/v1/admin/late-photos/decision', {
      user_id: '00000000-0000-0000-0000-000000000000',
      sha256: 'a'.repeat(64),
      decision: 'accepted',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('This late photo was not found.');
  });
});

describe('graders', () => {
  it('see a committed photo that has not arrived as still arriving, never an empty answer', async () => {
    const { browser, user, questionIds } = await studentInExam();
    const a = await newPhoto();
    await commit(browser, questionIds[0] as string, [a]);
    const submissions = (await admin.get('/api/v1/admin/submissions?category=junior')).json().data;
    const sheet = submissions.find((s: { user_id: string }) => s.user_id === user.id);
    expect(sheet.answers[0]).toMatchObject({
      image_urls: [],
      images: [{ sha256: a.sha256, url: null, state: 'arriving', late: false }],
    });
    const standings = (await admin.get('/api/v1/admin/results/junior')).json().data;
    expect(standings.photos_arriving).toBeGreaterThanOrEqual(1);
    expect(standings.late_photos_undecided).toBe(0);
  });
});

describe('recording the photos delivered together', () => {
  let keys = 0;
  /** The row of a delivered photo's file, as the server writes it once the bytes are on disk. */
  const fileRow = (ownerId: string, photo: Photo): NewMediaRow => {
    keys += 1;
    return {
      ownerId,
      kind: 'upload',
      status: 'pending',
      storageKey: `together${String(keys).padStart(24, '0')}.jpg`,
      contentType: 'image/jpeg',
      sizeBytes: photo.size,
      sha256: photo.sha256,
      sourceSha256: photo.sha256,
      sourceSize: photo.size,
      width: 320,
      height: 240,
      createdAt: new Date(later(END, 600)),
    };
  };

  it("writes each student's files in one statement, linked to each one's own photo, within each quota", async () => {
    const one = await studentInExam();
    const two = await studentInExam();
    const [a, b, c, d] = [await newPhoto(), await newPhoto(), await newPhoto(), await newPhoto()];
    await commit(one.browser, one.questionIds[0] as string, [a, b]);
    await commit(two.browser, two.questionIds[0] as string, [c, d]);
    // The second student has room for one more file: of their two rows, the first is written.
    await t.db.update(users).set({ mediaFiles: 199 }).where(eq(users.id, two.user.id));

    const rows = [
      fileRow(one.user.id, a),
      fileRow(two.user.id, c),
      fileRow(one.user.id, b),
      fileRow(two.user.id, d),
      fileRow(one.user.id, a), // the same photo again, in the same statement
      fileRow(one.user.id, await newPhoto()), // bytes nobody committed
    ];
    const recorded = await recordDeliveries(t.db, rows);

    expect(recorded.map((r) => r?.photo?.sha256)).toEqual([
      a.sha256,
      c.sha256,
      b.sha256,
      undefined,
      undefined,
      undefined,
    ]);
    expect(recorded[3]).toBeUndefined(); // over the quota: no row
    expect(recorded[4]?.id).toBeDefined(); // written, for the caller to remove: the first stands
    expect(recorded[5]?.id).toBeDefined();
    const linked = await t.db.select().from(answerPhotos).where(eq(answerPhotos.sha256, a.sha256));
    expect(linked).toEqual([
      expect.objectContaining({
        userId: one.user.id,
        mediaId: recorded[0]?.id,
        deliveredAt: new Date(later(END, 600)),
      }),
    ]);
    expect(recorded[2]?.photo).toEqual({
      sha256: b.sha256,
      sizeBytes: b.size,
      mediaId: recorded[2]?.id,
      late: false,
    });
    const [counted] = await t.db
      .select({ files: users.mediaFiles })
      .from(users)
      .where(eq(users.id, two.user.id));
    expect(counted?.files).toBe(200);
    expect(await t.db.$count(media, eq(media.ownerId, two.user.id))).toBe(1);
  });
});

describe('saving the answers that arrive together', () => {
  it("writes many students' saves in one call, each by its own rules, with its own result", async () => {
    const one = await studentInExam();
    const two = await studentInExam();
    const [q1, q2] = one.questionIds as [string, string];
    const [a, b, c, d, e, f] = [
      await newPhoto(),
      await newPhoto(),
      await newPhoto(),
      await newPhoto(),
      await newPhoto(),
      await newPhoto(),
    ];
    expect((await commit(one.browser, q2, [a])).statusCode).toBe(200);
    const save = (userId: string, questionId: string, photos: Photo[], expectedVersion?: number) =>
      ({
        userId,
        questionId,
        images: photos.map(commitment),
        expectedVersion,
        savedAt: new Date(later(START, 301)),
        delivered: new Map(),
      }) satisfies AnswerSaveInput;

    const results = await saveAnswers(t.db, [
      save(one.user.id, q1, [b]), // a first save without a version: written
      save(two.user.id, q1, [c], 0), // a first version: written
      save(one.user.id, q2, [d], 0), // a first version where one exists: the answer as it stands
      save(two.user.id, q1, [c, e], 1), // the same question again: after the save before it, in order
      save(one.user.id, q2, [a]), // the same photos again: nothing written
      save(one.user.id, q1, [f], 5), // a version that is not the current one: nothing written
    ]);

    expect(results.map((r) => [r.saved?.version, r.current?.version])).toEqual([
      [1, undefined],
      [1, undefined],
      [undefined, 1],
      [2, undefined],
      [undefined, 1],
      [undefined, 1],
    ]);
    expect(results[3]?.saved?.images).toEqual([commitment(c), commitment(e)]);
    expect(results[2]?.current?.images).toEqual([commitment(a)]);
    expect(results[5]?.current?.images).toEqual([commitment(b)]);
    // Photos are recorded only with a written answer.
    const recorded = async (photo: Photo) => t.db.$count(answerPhotos, eq(answerPhotos.sha256, photo.sha256));
    expect(await Promise.all([a, b, c, d, e, f].map(recorded))).toEqual([1, 1, 1, 0, 1, 0]);
  });

  it("answers a save with its photos' states: stored once delivered, pending until then", async () => {
    const { browser, questionIds } = await studentInExam();
    const [a, b] = [await newPhoto(), await newPhoto()];
    const q1 = questionIds[0] as string;
    expect((await commit(browser, q1, [a], 0)).statusCode).toBe(200);
    const url = (await deliver(browser, a.sha256, a.bytes)).json().data.url as string;
    const states = [
      { sha256: a.sha256, status: 'stored', url },
      { sha256: b.sha256, status: 'pending', url: null },
    ];
    const added = await commit(browser, q1, [a, b], 1);
    expect(added.json().data).toMatchObject({ image_urls: [url], images: states, version: 2 });
    // Sent again after a lost reply: nothing written, the same states.
    const again = await commit(browser, q1, [a, b], 2);
    expect(again.json().data).toMatchObject({ image_urls: [url], images: states, version: 2 });
  });

  it('refuses a version far beyond any answer as stale (409), not as an error of the database', async () => {
    const { browser, questionIds } = await studentInExam();
    const photo = await newPhoto();
    const saved = await commit(browser, questionIds[0] as string, [photo], 2 ** 40);
    expect(saved.statusCode).toBe(409);
    expect(saved.json()).toMatchObject({
      status: 'error',
      message: 'This answer was changed in another tab or device. It has been reloaded; please try again.',
    });
  });

  it('answers each of many students committing at the same moment with their own answer', async () => {
    const students = await Promise.all(Array.from({ length: 12 }, () => studentInExam()));
    const photos = await Promise.all(students.map(() => newPhoto()));
    const saved = await Promise.all(
      students.map((student, i) =>
        commit(student.browser, student.questionIds[0] as string, [photos[i] as Photo]),
      ),
    );
    expect(saved.map((response) => response.statusCode)).toEqual(students.map(() => 200));
    expect(saved.map((response) => response.json().data.images[0].sha256)).toEqual(
      photos.map((photo) => photo.sha256),
    );
    expect(saved.map((response) => response.json().data.version)).toEqual(students.map(() => 1));
  });
});
