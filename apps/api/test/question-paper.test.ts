import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema.ts';
import { fixedClock } from '../src/lib/clock.ts';
import { ADMIT_CARD_RENDERS } from '../src/modules/admit-card/admit-card.service.ts';
import { registeredStudent, signedInAdmin, signedInGrader } from './helpers/fixtures.ts';
import { occupyRenders } from './helpers/render-queue.ts';
import { client, createTestApp } from './helpers/test-app.ts';

// The printable question paper (docs/decisions/041-printable-question-paper.md). The seeded exams: 2025-01-14,
// 17:00 to 18:00 in Dhaka (11:00 to 12:00 UTC); grading opens after the end and the grace (60 s).
const DURING = '2025-01-14T11:10:00Z';
const AFTER = '2025-01-14T12:05:00Z';
const clock = fixedClock(DURING);
const URL = '/api/v1/admin/exams/junior/paper.pdf';
let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: ReturnType<typeof client>;

beforeAll(async () => {
  t = await createTestApp({ clock, startMailWorker: false });
  admin = await signedInAdmin(t);
});
afterAll(() => t.close());

describe("a category's question paper as a PDF", () => {
  it('gives an admin the PDF to download, never cached, and audits who printed it', async () => {
    clock.set(DURING);
    const paper = await admin.get(URL);
    expect(paper.statusCode, paper.body).toBe(200);
    expect(paper.headers['content-type']).toBe('application/pdf');
    expect(paper.headers['content-disposition']).toBe(
      'attachment; filename="ngso-2025-junior-question-paper.pdf"',
    );
    expect(paper.headers['cache-control']).toBe('no-store');
    expect(paper.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'question.paperPrinted'), eq(auditLog.targetId, 'ngso-1/junior')));
    expect(entries).toHaveLength(1);
    expect(entries[0]?.actorId).toBeTruthy();
    expect(entries[0]?.after).toMatchObject({ questions: expect.arrayContaining([expect.any(String)]) });
  });

  it('answers 503 with Retry-After while the render queue is full, and prints nothing', async () => {
    clock.set(DURING);
    const printed = async () =>
      (await t.db.select().from(auditLog).where(eq(auditLog.action, 'question.paperPrinted'))).length;
    const before = await printed();
    const release = occupyRenders(ADMIT_CARD_RENDERS.atOnce + ADMIT_CARD_RENDERS.waiting);
    const refused = await admin.get(URL);
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe(String(ADMIT_CARD_RENDERS.retryAfterSeconds));
    expect(await printed()).toBe(before);
    await release();
    expect((await admin.get(URL)).statusCode).toBe(200);
  });

  it('refuses the signed out (401) and students (403)', async () => {
    const signedOut = await client(t.app).get(URL);
    expect(signedOut.statusCode).toBe(401);
    const { browser } = await registeredStudent(t, 'approved', 'junior');
    const student = await browser.get(URL);
    expect(student.statusCode).toBe(403);
    expect(student.headers['content-type']).toMatch(/^application\/json/);
  });

  it('gives a grader the paper only once grading of the category is open', async () => {
    clock.set(DURING);
    const grader = await signedInGrader(t, 'paper-grader@example.com', clock.now());
    const early = await grader.get(URL);
    expect(early.statusCode).toBe(403);
    expect(early.json().message).toBe(
      'Grading opens when the exam has ended for every student in this category, extra time included.',
    );
    clock.set(AFTER);
    const open = await grader.get(URL);
    expect(open.statusCode).toBe(200);
    expect(open.headers['content-type']).toBe('application/pdf');
    clock.set(DURING);
  });

  it('answers 404 for a category without an exam, or a competition that does not exist', async () => {
    const created = await admin.post('/api/v1/admin/competitions', {
      code: 'ngso-paper',
      name: 'National General Science Olympiad 2026',
      fee_bdt: 349,
      categories: ['junior'],
    });
    expect(created.statusCode, created.body).toBe(201);
    expect((await admin.get('/api/v1/admin/exams/junior/paper.pdf?competition=ngso-paper')).statusCode).toBe(
      404,
    );
    expect((await admin.get('/api/v1/admin/exams/junior/paper.pdf?competition=ngso-none')).statusCode).toBe(
      404,
    );
    expect((await admin.get('/api/v1/admin/exams/primary/paper.pdf')).statusCode).toBe(422);
  });
});
