import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema.ts';
import { fixedClock } from '../src/lib/clock.ts';
import { listMails } from '../src/mail/outbox.repo.ts';
import { registeredStudent } from './helpers/fixtures.ts';
import { startSmtpServer } from './helpers/smtp-server.ts';
import { BASE_URL, client, createTestApp } from './helpers/test-app.ts';

// The submission mail with the receipts of the student's photos (decisions 062 and 068): written in the
// submissions' own statement, once, and rendered with the receipts when the mail worker sends it.
// The seeded junior exam: 2025-01-14 11:00 to 12:00 UTC.
const clock = fixedClock('2025-01-14T11:20:00Z');
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let t: Awaited<ReturnType<typeof createTestApp>>;
let made = 0;

beforeAll(async () => {
  smtp = await startSmtpServer();
  // The test drives the worker itself.
  t = await createTestApp({ clock, smtpUrl: smtp.url, startMailWorker: false });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const SUBJECT_EN = 'Your exam is submitted: the receipts of your photos';
const SUBJECT_BN = 'আপনার পরীক্ষা জমা হয়েছে: আপনার ছবিগুলোর রসিদ';

function newPhoto() {
  made += 1;
  const bytes = Buffer.from(`submitted photo ${made} ${Date.now()}`);
  return { sha256: createHash('sha256').update(bytes).digest('hex'), size: bytes.length };
}

async function studentInExam(language: 'en' | 'bn' = 'en') {
  const student = await registeredStudent(t, 'approved');
  await t.db.update(users).set({ language }).where(eq(users.id, student.user.id));
  const questions = (await student.browser.get('/api/v1/ngso-1/questions?category=junior')).json().data;
  return { ...student, questionIds: (questions as Array<{ id: string }>).map((q) => q.id) };
}

const submit = (browser: ReturnType<typeof client>) => browser.post('/api/v1/ngso-1/exam/submit', {});
const mailsTo = (email: string) => smtp.received.filter((mail) => mail.to?.[0]?.address === email);

describe('the submission mail', () => {
  it('lists every photo with its receipt and the link that checks it, in English', async () => {
    const { browser, user, questionIds } = await studentInExam('en');
    for (const [question, photos] of [
      [questionIds[0], [newPhoto(), newPhoto()]],
      [questionIds[2], [newPhoto()]],
    ] as const) {
      const saved = await browser.post('/api/v1/ngso-1/answers', { question_id: question, images: photos });
      expect(saved.statusCode, saved.body).toBe(200);
    }
    const answers = (await browser.get('/api/v1/ngso-1/answers')).json().data.data as Array<{
      question_id: string;
      images: Array<{ receipt: string; receipt_code: string }>;
    }>;
    const held = (question: string | undefined) =>
      answers.find((answer) => answer.question_id === question)?.images ?? [];

    clock.set('2025-01-14T11:40:05Z');
    expect((await submit(browser)).statusCode).toBe(200);
    await t.app.mailWorker.drain();
    const mail = await smtp.mailTo(user.email, SUBJECT_EN);
    const [q1a, q1b] = held(questionIds[0]);
    const [q3a] = held(questionIds[2]);
    expect(mail.text).toContain(`Hello ${user.name},`);
    expect(mail.text).toContain(
      'was submitted on 14 January 2025, 5:40:05 PM (Bangladesh time). 2 of 6 questions have a photo of your answer.',
    );
    expect(mail.text).toContain(
      `Question 1, photo 1: ${q1a?.receipt_code}\n${BASE_URL}/verify/receipt#${q1a?.receipt}\n\n` +
        `Question 1, photo 2: ${q1b?.receipt_code}\n${BASE_URL}/verify/receipt#${q1b?.receipt}\n\n` +
        `Question 3, photo 1: ${q3a?.receipt_code}\n${BASE_URL}/verify/receipt#${q3a?.receipt}`,
    );
    expect(mail.text).toContain(`${BASE_URL}/submission-success`);

    // A receipt taken from the mail's link checks out as what it says.
    const linked = mail.text?.match(/verify\/receipt#(v1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)/)?.[1];
    const checked = await client(t.app).post('/api/v1/receipts/verify', { receipt: linked });
    expect(checked.statusCode).toBe(200);
    expect(checked.json().data).toMatchObject({ question_number: 1, code: q1a?.receipt_code });

    // The outbox keeps what was sent.
    const [row] = (await listMails(t.db)).filter(
      (m) => m.to === user.email && m.renderAs === 'examSubmitted',
    );
    expect(row).toMatchObject({ status: 'sent', subject: SUBJECT_EN });
    expect(row?.text).toBe(mail.text?.trim());
  });

  it('is written once however often, and however at once, the exam is submitted', async () => {
    const { browser, user, questionIds } = await studentInExam('en');
    await browser.post('/api/v1/ngso-1/answers', { question_id: questionIds[1], images: [newPhoto()] });
    const together = await Promise.all([submit(browser), submit(browser), submit(client(t.app))]);
    expect(together.map((reply) => reply.statusCode)).toEqual([200, 200, 401]);
    await t.app.mailWorker.drain();
    expect((await submit(browser)).statusCode).toBe(200);
    await t.app.mailWorker.drain();
    await t.app.mailWorker.drain();
    await smtp.mailTo(user.email, SUBJECT_EN);
    const written = (await listMails(t.db)).filter(
      (m) => m.to === user.email && m.renderAs === 'examSubmitted',
    );
    expect(written).toHaveLength(1);
    expect(mailsTo(user.email).filter((mail) => mail.subject === SUBJECT_EN)).toHaveLength(1);
  });

  it('tells a student with no photo, in Bangla, that there is no receipt', async () => {
    const { browser, user } = await studentInExam('bn');
    clock.set('2025-01-14T11:45:00Z');
    expect((await submit(browser)).statusCode).toBe(200);
    await t.app.mailWorker.drain();
    const mail = await smtp.mailTo(user.email, SUBJECT_BN);
    expect(mail.text).toContain(`প্রিয় ${user.name},`);
    expect(mail.text).toContain('৬টি প্রশ্নের মধ্যে ০টির উত্তরের ছবি আছে।');
    expect(mail.text).toContain('এই পরীক্ষায় আপনার কোনো উত্তরের ছবি আমাদের কাছে নেই, তাই কোনো রসিদও নেই।');
    expect(mail.text).not.toContain('/verify/receipt');
  });
});
