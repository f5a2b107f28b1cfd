import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registrations } from '../../src/db/schema.ts';
import { registeredStudent, signedInAdmin } from '../helpers/fixtures.ts';
import { pdfText } from '../helpers/poppler.ts';
import { type client, createTestApp } from '../helpers/test-app.ts';

/**
 * The admit card and `exam_details` name the online exam's slot (decisions.md, 'Admit card and final
 * round'), from the schedule organisers set: a changed window shows on the next download.
 */
let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: ReturnType<typeof client>;

beforeAll(async () => {
  t = await createTestApp({ startMailWorker: false });
  admin = await signedInAdmin(t);
});
afterAll(() => t?.close());

async function setJuniorWindow(startsAt: string, endsAt: string) {
  const response = await admin.put('/api/v1/admin/exams/junior', { starts_at: startsAt, ends_at: endsAt });
  expect(response.statusCode, response.body).toBe(200);
}

/** A junior student approved by an organiser (roll number and verification code set by the approval). */
async function approvedJunior() {
  const { browser, user } = await registeredStudent(t, 'pending', 'junior');
  const [row] = await t.db.select().from(registrations).where(eq(registrations.userId, user.id));
  const approved = await admin.post(`/api/v1/admin/registrations/${row?.id}/approve`);
  expect(approved.statusCode, approved.body).toBe(200);
  return browser;
}

async function admitCardText(browser: ReturnType<typeof client>) {
  const card = await browser.get('/api/v1/ngso-1/admit-card');
  expect(card.statusCode).toBe(200);
  expect(card.headers['content-type']).toBe('application/pdf');
  // pdftotext may break a long value over lines; the slot is compared with single spaces.
  return (await pdfText(card.rawPayload)).replace(/\s+/g, ' ');
}

describe('the online exam slot', () => {
  it('is on the admit card in English and in Bangla, and a changed schedule shows on the next download', async () => {
    await setJuniorWindow('2025-12-20T15:00:00+06:00', '2025-12-20T16:00:00+06:00');
    const english = await approvedJunior();
    const bangla = await approvedJunior();
    expect((await bangla.put('/api/v1/user/language', { language: 'bn' })).statusCode).toBe(200);

    const englishText = await admitCardText(english);
    expect(englishText).toContain('Online exam');
    expect(englishText).toContain('December 20, 2025, 3:00 PM to 4:00 PM');
    const banglaText = await admitCardText(bangla);
    expect(banglaText).toContain('অনলাইন পরীক্ষা');
    expect(banglaText).toContain('২০ ডিসেম্বর ২০২৫, বিকাল ৩:০০ থেকে বিকাল ৪:০০');

    // The organisers move the exam: the next download says so, in both languages.
    await setJuniorWindow('2025-12-21T10:00:00+06:00', '2025-12-21T11:30:00+06:00');
    const movedEnglish = await admitCardText(english);
    expect(movedEnglish).toContain('December 21, 2025, 10:00 AM to 11:30 AM');
    expect(movedEnglish).not.toContain('December 20, 2025');
    const movedBangla = await admitCardText(bangla);
    expect(movedBangla).toContain('২১ ডিসেম্বর ২০২৫, সকাল ১০:০০ থেকে সকাল ১১:৩০');
    expect(movedBangla).not.toContain('২০ ডিসেম্বর ২০২৫');
  });

  it('is in exam_details: date and time for display in the request language, start and end in Asia/Dhaka', async () => {
    await setJuniorWindow('2025-12-20T23:00:00+06:00', '2025-12-21T00:30:00+06:00');
    const browser = await approvedJunior();
    const body = (await browser.get('/api/v1/ngso-1/registration/status')).json();
    expect(body.exam_details).toMatchObject({
      date: 'December 26, 2024',
      online_exam_date: 'December 20, 2025',
      // A window over midnight names the end's date too.
      online_exam_time: '11:00 PM to December 21, 2025, 12:30 AM',
      online_exam_starts_at: '2025-12-20T23:00:00+06:00',
      online_exam_ends_at: '2025-12-21T00:30:00+06:00',
    });
    expect(body.data.exam_details).toEqual(body.exam_details);

    const inBangla = (
      await browser.get('/api/v1/ngso-1/registration/status', { 'accept-language': 'bn-BD,bn' })
    ).json();
    expect(inBangla.exam_details).toMatchObject({
      online_exam_date: '২০ ডিসেম্বর ২০২৫',
      online_exam_time: 'সন্ধ্যা ১১:০০ থেকে ২১ ডিসেম্বর ২০২৫, রাত ১২:৩০',
      online_exam_starts_at: '2025-12-20T23:00:00+06:00',
    });
  });
});
