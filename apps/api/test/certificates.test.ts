import { eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registrations } from '../src/db/schema.ts';
import { fixedClock } from '../src/lib/clock.ts';
import { ADMIT_CARD_RENDERS } from '../src/modules/admit-card/admit-card.service.ts';
import { registeredStudent, signedInAdmin, signedInGrader } from './helpers/fixtures.ts';
import { occupyRenders } from './helpers/render-queue.ts';
import { type client, createTestApp } from './helpers/test-app.ts';

const DURING = '2025-01-14T11:10:00Z'; // 17:10 in Dhaka: the seeded exam is open
const AFTER = '2025-01-14T12:30:00Z'; // the exam and its grace have ended
const clock = fixedClock(DURING);
const NOT_FOUND = { status: 'error', message: 'No admit card matches this code.' };

let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: ReturnType<typeof client>;
let grader: ReturnType<typeof client>;
type Student = Awaited<ReturnType<typeof registeredStudent>>;
/** Five juniors who sat the exam (totals 10, 8, 6, 4, 0), one who did not, one pending. */
let sat: Student[];
let absent: Student;
let pending: Student;

const codeOf = async (userId: string) =>
  (await t.db.select().from(registrations).where(eq(registrations.userId, userId)))[0]?.certificateCode ?? '';

beforeAll(async () => {
  t = await createTestApp({ clock });
  admin = await signedInAdmin(t);
  grader = await signedInGrader(t, 'grader@example.com', clock.now());
  sat = [];
  for (let i = 0; i < 5; i++) {
    const student = await registeredStudent(t, 'approved', 'junior');
    expect((await student.browser.post('/api/v1/ngso-1/exam/submit', {})).statusCode).toBe(200);
    sat.push(student);
  }
  absent = await registeredStudent(t, 'approved', 'junior');
  pending = await registeredStudent(t, 'pending', 'junior');
  clock.set(AFTER);
  const questions = (await admin.get('/api/v1/admin/questions?category=junior')).json().data as Array<{
    id: string;
  }>;
  const [totals] = [[10, 8, 6, 4, 0]];
  for (const [i, student] of sat.entries()) {
    const marked = await admin.put(`/api/v1/admin/submissions/${student.user.id}/marks`, {
      question_id: questions[0]?.id,
      marks: totals[i],
    });
    expect(marked.statusCode).toBe(200);
  }
  // Four award bands for five finalists: the fifth has a certificate of participation.
  const competition = (await admin.get('/api/v1/admin/competitions')).json().data[0];
  const bands = { gold_up_to: 1, silver_up_to: 2, bronze_up_to: 3, prize_up_to: 4 };
  expect(
    (await admin.put('/api/v1/admin/competitions/ngso-1', { ...competition, award_bands: bands })).statusCode,
  ).toBe(200);
});
afterAll(() => t.close());

describe('certificates before publication', () => {
  it('gives the finalist none, organisers no ZIP, and its code answers as an unknown code', async () => {
    const early = await sat[0]?.browser.get('/api/v1/ngso-1/certificate');
    expect(early?.statusCode).toBe(403);
    expect(early?.json()).toEqual({
      status: 'error',
      message: 'Certificates are ready once the results of your category are published.',
    });
    const zip = await admin.get('/api/v1/admin/certificates/junior.zip');
    expect(zip.statusCode).toBe(409);
    expect(zip.json().message).toBe(
      'The results of this category are not published yet, so there are no certificates to download.',
    );
    const code = await codeOf(sat[0]?.user.id ?? '');
    expect(code).toMatch(/^[0-9a-f]{32}$/);
    const check = await admin.get(`/api/v1/verify/${code}`);
    expect(check.statusCode).toBe(404);
    expect(check.json()).toEqual(NOT_FOUND);
  });
});

describe('certificates after publication', () => {
  beforeAll(async () => {
    expect((await admin.post('/api/v1/admin/results/junior/publish', {})).statusCode).toBe(200);
  });

  it("gives each finalist their own, in the account's language or ?lang=, with the award of the standings", async () => {
    const awards = [
      'Future Scientist Award: Gold',
      'Future Scientist Award: Silver',
      'Future Scientist Award: Bronze',
      'Honourable Mention',
      'Participation',
    ];
    for (const [i, student] of sat.entries()) {
      const response = await student.browser.get('/api/v1/ngso-1/certificate');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toBe('attachment; filename="certificate.pdf"');
      expect(response.headers['cache-control']).toBe('private, no-store');
      const pdf = await PDFDocument.load(response.rawPayload);
      expect(pdf.getPageCount()).toBe(1);
      expect(pdf.getTitle()).toBe(
        `${i === 4 ? 'Certificate of Participation' : 'Certificate of Achievement'}: ${student.user.name}`,
      );
      expect(pdf.getSubject()).toBe(`Award: ${awards[i]}`);
      // The certificate carries its own code, the one /verify/<code> answers for.
      expect(pdf.getKeywords()).toBe(`${student.user.name}, ${await codeOf(student.user.id)}`);
    }
    const bangla = await sat[0]?.browser.get('/api/v1/ngso-1/certificate?lang=bn');
    expect((await PDFDocument.load(bangla?.rawPayload ?? Buffer.alloc(0))).getSubject()).toBe(
      'পুরস্কার: ফিউচার সায়েন্টিস্ট অ্যাওয়ার্ড: স্বর্ণ',
    );
    expect((await sat[0]?.browser.get('/api/v1/ngso-1/certificate?lang=fr'))?.statusCode).toBe(422);
    // Without ?lang=, the language saved on the account (as the admit card).
    const reader = sat[4] as Student;
    expect((await reader.browser.put('/api/v1/user/language', { language: 'bn' })).statusCode).toBe(200);
    const own = await PDFDocument.load((await reader.browser.get('/api/v1/ngso-1/certificate')).rawPayload);
    expect(own.getTitle()).toBe(`অংশগ্রহণের সনদপত্র: ${reader.user.name}`);
    expect(own.getSubject()).toBe('পুরস্কার: অংশগ্রহণ');
    await reader.browser.put('/api/v1/user/language', { language: 'en' });
  });

  it("answers 503 with Retry-After while the render queue is full, as the admit card's", async () => {
    const release = occupyRenders(ADMIT_CARD_RENDERS.atOnce + ADMIT_CARD_RENDERS.waiting);
    const refused = await sat[0]?.browser.get('/api/v1/ngso-1/certificate');
    expect(refused?.statusCode).toBe(503);
    expect(refused?.headers['retry-after']).toBe(String(ADMIT_CARD_RENDERS.retryAfterSeconds));
    await release();
    expect((await sat[0]?.browser.get('/api/v1/ngso-1/certificate'))?.statusCode).toBe(200);
  });

  it('answers the certificate check with genuine, name, award and year only', async () => {
    const expected = ['gold', 'silver', 'bronze', 'prize', 'participation'];
    for (const [i, student] of sat.entries()) {
      const check = await admin.get(`/api/v1/verify/${await codeOf(student.user.id)}`);
      expect(check.statusCode).toBe(200);
      expect(check.json()).toEqual({
        status: 'success',
        data: {
          document: 'certificate',
          genuine: true,
          name: student.user.name,
          award: expected[i],
          year: 2025,
        },
      });
    }
  });

  it("keeps the admit card's answer for an admit card's code", async () => {
    const student = sat[0] as Student;
    const [row] = await t.db
      .update(registrations)
      .set({ verificationCode: 'AdmitCode_0123' })
      .where(eq(registrations.userId, student.user.id))
      .returning();
    const check = await admin.get('/api/v1/verify/AdmitCode_0123');
    expect(check.json()).toEqual({
      status: 'success',
      data: {
        name: student.user.name,
        roll_number: row?.rollNumber,
        category: 'junior',
        registration_status: 'approved',
      },
    });
  });

  it('answers unknown, malformed, absent and pending codes with the same 404', async () => {
    const codes = ['0'.repeat(32), 'not a code', await codeOf(absent.user.id), await codeOf(pending.user.id)];
    for (const code of codes) {
      const check = await admin.get(`/api/v1/verify/${encodeURIComponent(code)}`);
      expect(check.statusCode).toBe(404);
      expect(check.json()).toEqual(NOT_FOUND);
    }
  });

  it('limits the public check to 600 per address in 10 minutes, not the other addresses', async () => {
    const code = await codeOf(absent.user.id);
    const check = (remoteAddress: string) =>
      t.app.inject({ method: 'GET', url: `/api/v1/verify/${code}`, remoteAddress });
    for (let i = 0; i < 600; i++) expect((await check('203.0.113.7')).statusCode).toBe(404);
    const limited = await check('203.0.113.7');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json()).toEqual({
      status: 'error',
      message: 'Too many attempts. Please wait 10 minutes and try again.',
    });
    expect((await check('203.0.113.8')).statusCode).toBe(404);
  });

  it('refuses whoever has no certificate, and leaks nothing of anyone else', async () => {
    const signedOut = await t.app.inject({ method: 'GET', url: '/api/v1/ngso-1/certificate' });
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json()).toEqual({ status: 'error', message: 'Please log in to continue.' });
    const notSat = await absent.browser.get('/api/v1/ngso-1/certificate');
    expect(notSat.statusCode).toBe(403);
    expect(notSat.json()).toEqual({
      status: 'error',
      message: 'There is no certificate for you: certificates go to the finalists who sat the final exam.',
    });
    const notApproved = await pending.browser.get('/api/v1/ngso-1/certificate');
    expect(notApproved.statusCode).toBe(403);
    expect(notApproved.json()).toEqual({
      status: 'error',
      message: 'You do not have permission to do this.',
    });
    const stranger = await registeredStudent(t, 'approved', 'senior');
    await t.db.delete(registrations).where(eq(registrations.userId, stranger.user.id));
    const none = await stranger.browser.get('/api/v1/ngso-1/certificate');
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({ status: 'error', message: 'This registration was not found.' });
    expect((await admin.get('/api/v1/nope-9/certificate')).statusCode).toBe(404);
    // Only organisers download the ZIP.
    const asStudent = await sat[0]?.browser.get('/api/v1/admin/certificates/junior.zip');
    expect(asStudent?.statusCode).toBe(403);
    expect(asStudent?.json()).toEqual({ status: 'error', message: 'You do not have permission to do this.' });
    expect((await grader.get('/api/v1/admin/certificates/junior.zip')).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/admin/certificates/junior.zip' })).statusCode,
    ).toBe(401);
    for (const response of [notSat, notApproved, none, asStudent]) {
      expect(response?.body).not.toContain(sat[1]?.user.name);
    }
  });

  it('streams every certificate of the category as one ZIP, in the order of the standings, and audits it', async () => {
    // Each certificate in its finalist's language: the second reads Bangla.
    await sat[1]?.browser.put('/api/v1/user/language', { language: 'bn' });
    const response = await admin.get('/api/v1/admin/certificates/junior.zip');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="certificates-ngso-1-junior.zip"',
    );
    const files = unzipSync(new Uint8Array(response.rawPayload));
    const names = Object.keys(files);
    expect(names).toHaveLength(5); // the absent and the pending entrant have none
    expect(names[0]).toMatch(/^0001-.+\.pdf$/);
    for (const [i, name] of names.entries()) {
      const pdf = await PDFDocument.load(files[name] as Uint8Array);
      expect(pdf.getTitle()).toBe(
        `${i === 1 ? 'কৃতিত্বের সনদপত্র' : i === 4 ? 'Certificate of Participation' : 'Certificate of Achievement'}: ${sat[i]?.user.name}`,
      );
    }
    const audit = (await admin.get('/api/v1/admin/audit?action=certificates.download')).json().data;
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'certificates.download',
      target_type: 'category',
      target_id: 'ngso-1/junior',
      after: { certificates: 5 },
    });
    const empty = await admin.get('/api/v1/admin/certificates/secondary.zip');
    expect(empty.statusCode).toBe(409);
  });
});
